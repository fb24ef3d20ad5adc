/**
 * The KnowledgeFile provider's check and diff, and its create, read, update and delete called
 * directly, as the engine's plugin would, against the emulator over real HTTP; `source` in both
 * forms an implementation receives (a `pulumi.asset` instance, and the plugin's Struct form).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { ASSET_SIG, SPECIAL_SIG_KEY } from "../../provider/engine/assetText";
import * as impl from "../../provider/knowledgeFile/provider";
import type { KnowledgeFileInputs, KnowledgeFileOutputs } from "../../provider/knowledgeFile/provider";
import { KNOWLEDGE_RULES } from "../../wire/protocol";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let emulator: Emulator;
const dir = mkdtempSync(join(tmpdir(), "fd-knowledge-provider-"));
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 }, limits: false });
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
  const config: Record<string, string> = { "flashduty:appKey": emulator.keys.admin, "flashduty:baseUrl": emulator.url };
  void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
});

async function checked(news: Record<string, unknown>): Promise<{ inputs: KnowledgeFileInputs; failures: { property: string; reason: string }[] }> {
  const result = await impl.check({}, news);
  return { inputs: result.inputs!, failures: result.failures ?? [] };
}

const RUNBOOK = "# DB runbook\n\n1. Check replication lag.\n2. Restart the replica.\n";

describe("check", () => {
  test("fills the defaults; content passes as is", async () => {
    const { inputs, failures } = await checked({ path: "runbooks/db.md", content: RUNBOOK });
    expect(failures).toEqual([]);
    expect(inputs).toEqual({ path: "runbooks/db.md", content: RUNBOOK, teamId: 0, force: false });
  });

  test("reads source into content: a FileAsset, a StringAsset, a file:// RemoteAsset, and the plugin's Struct forms", async () => {
    const file = join(dir, "notes.md");
    writeFileSync(file, "from a file ✓\n");
    const cases: unknown[] = [
      new pulumi.asset.FileAsset(file),
      new pulumi.asset.RemoteAsset(pathToFileURL(file).href),
      { [SPECIAL_SIG_KEY]: ASSET_SIG, path: file },
      { [SPECIAL_SIG_KEY]: ASSET_SIG, uri: pathToFileURL(file).href },
    ];
    for (const source of cases) {
      const { inputs, failures } = await checked({ path: "notes.md", source });
      expect(failures).toEqual([]);
      expect(inputs.content).toBe("from a file ✓\n");
      expect(inputs).not.toHaveProperty("source");
    }
    expect((await checked({ path: "a.md", source: new pulumi.asset.StringAsset("text") })).inputs.content).toBe("text");
    expect((await checked({ path: "a.md", source: { [SPECIAL_SIG_KEY]: ASSET_SIG, text: "t" } })).inputs.content).toBe("t");
  });

  test.each<[string, Record<string, unknown>, string, RegExp]>([
    ["no path", { content: "x" }, "path", /required/],
    ["a leading /", { path: "/etc/passwd", content: "x" }, "path", /no leading \//],
    ["a .. segment", { path: "a/../../b.md", content: "x" }, "path", /\.\./],
    ["an escape sequence in the path", { path: "a\u001b[2J.md", content: "x" }, "path", /letters, digits/],
    ["a negative team", { path: "a.md", content: "x", teamId: -1 }, "teamId", />= 0/],
    ["neither content nor source", { path: "a.md" }, "content", /content or source is required/],
    ["both", { path: "a.md", content: "x", source: new pulumi.asset.StringAsset("y") }, "source", /not both/],
    ["content over 1 MiB", { path: "a.md", content: "x".repeat(KNOWLEDGE_RULES.maxFileBytes + 1) }, "content", /at most 1048576 bytes/],
    ["a lone surrogate", { path: "a.md", content: "\udc00" }, "content", /lone surrogate/],
    ["an http source", { path: "a.md", source: new pulumi.asset.RemoteAsset("https://example.com/a.md") }, "source", /file:\/\//],
  ])("refuses %s naming %s", async (_what, news, property, reason) => {
    const { failures } = await checked(news);
    expect(failures.map((f) => f.property)).toContain(property);
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    for (const f of failures) expect(f.reason).not.toContain("\u001b");
  });

  test("refuses a source file that is binary or over 1 MiB, before any call", async () => {
    const binary = join(dir, "logo.png");
    writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]));
    const big = join(dir, "big.md");
    writeFileSync(big, "a".repeat(KNOWLEDGE_RULES.maxFileBytes + 1));
    expect((await checked({ path: "a.md", source: new pulumi.asset.FileAsset(binary) })).failures[0]?.reason).toMatch(/UTF-8/);
    expect((await checked({ path: "a.md", source: new pulumi.asset.FileAsset(big) })).failures[0]?.reason).toMatch(/at most 1048576 bytes/);
    expect((await checked({ path: "a.md", source: new pulumi.asset.FileAsset(join(dir, "missing.md")) })).failures[0]?.reason).toMatch(/ENOENT/);
    expect(emulator.counters()["knowledgeFile.put"].requests).toBe(0);
  });

  test("unknown values are left to the next check; an unknown source leaves content unknown", async () => {
    const { inputs, failures } = await checked({ path: UNKNOWN, source: UNKNOWN, teamId: UNKNOWN });
    expect(failures).toEqual([]);
    expect(inputs.content).toBe(UNKNOWN);
  });
});

describe("diff", () => {
  test("the same text is no change; other text, force, team and path are", async () => {
    const created = await impl.create({ teamId: 0, path: "a.md", content: "one\n", force: false });
    const state = created.outs!;
    expect(await impl.diff(created.id, state, { teamId: 0, path: "a.md", content: "one\n", force: false })).toMatchObject({ changes: false, replaces: [] });
    expect(await impl.diff(created.id, state, { teamId: 0, path: "a.md", content: "two\n", force: false })).toMatchObject({ changes: true, replaces: [] });
    expect(await impl.diff(created.id, state, { teamId: 0, path: "a.md", content: "one\n", force: true })).toMatchObject({ changes: true, replaces: [] });
    expect(await impl.diff(created.id, state, { teamId: 2, path: "a.md", content: "one\n", force: false })).toMatchObject({
      changes: true,
      replaces: ["teamId"],
    });
    expect(await impl.diff(created.id, state, { teamId: 0, path: "b.md", content: "one\n", force: false })).toMatchObject({ replaces: ["path"] });
    expect(await impl.diff(created.id, state, { teamId: 0, path: "a.md", content: UNKNOWN, force: false })).toMatchObject({ changes: true });
  });
});

describe("create, read, update, delete against the emulator", () => {
  test("lifecycle: create ensures the pack, refresh shows a console edit, update puts the text back, delete removes it", async () => {
    const inputs: KnowledgeFileInputs = { teamId: 2, path: "runbooks/db.md", content: RUNBOOK, force: false };
    const created = await impl.create(inputs);
    expect(created.id).toBe("2/runbooks/db.md");
    const pack = emulator.knowledgePacks().find((p) => p.scope === "team" && p.scope_id === 2)!;
    expect(created.outs).toMatchObject({ ...inputs, packId: pack.pack_id, contentType: "text/markdown", sizeBytes: Buffer.byteLength(RUNBOOK) });
    expect(created.outs!.fileId).toMatch(/^kfl_/);

    // A refresh with no console edit reads the same state.
    expect((await impl.read(created.id, created.outs!)).props).toEqual(created.outs);

    // A console edit: the refresh reads the platform's text, which diff then sees as a change.
    emulator.editKnowledgeFile(pack.pack_id, "runbooks/db.md", RUNBOOK.replace("Restart", "Reboot"));
    const drifted = await impl.read(created.id, created.outs!);
    expect(drifted.props?.content).toContain("Reboot the replica");
    expect(drifted.inputs).toMatchObject({ content: drifted.props?.content });
    const diff = await impl.diff(created.id, drifted.props as KnowledgeFileOutputs, inputs);
    expect(diff.changes).toBe(true);

    const puts = emulator.counters()["knowledgeFile.put"].requests;
    const updated = await impl.update(created.id, drifted.props as KnowledgeFileOutputs, inputs);
    expect(updated.outs?.content).toBe(RUNBOOK);
    expect(emulator.knowledgeFiles(pack.pack_id).find((f) => f.rel_path === "runbooks/db.md")?.content).toBe(RUNBOOK);
    expect(emulator.counters()["knowledgeFile.put"].requests).toBe(puts + 1);

    // Only force changed: no call at all.
    const forced = await impl.update(created.id, updated.outs as KnowledgeFileOutputs, { ...inputs, force: true });
    expect(forced.outs?.force).toBe(true);
    expect(emulator.counters()["knowledgeFile.put"].requests).toBe(puts + 1);

    await impl.deleteResource(created.id, updated.outs as KnowledgeFileOutputs);
    expect(emulator.knowledgeFiles(pack.pack_id)).toEqual([]);
    // The pack stays; a second delete of a vanished file succeeds; a refresh drops it from the stack.
    expect(emulator.knowledgePacks().some((p) => p.pack_id === pack.pack_id)).toBe(true);
    await impl.deleteResource(created.id, updated.outs as KnowledgeFileOutputs);
    expect(await impl.read(created.id, updated.outs!)).toEqual({});
  });

  test("create takes over the seeded DUTY.md (adoption); import reads a file by <teamId>/<path>", async () => {
    const created = await impl.create({ teamId: 0, path: "DUTY.md", content: "# Our duty\n", force: false });
    expect(created.outs?.content).toBe("# Our duty\n");
    const imported = await impl.read("0/DUTY.md", {});
    expect(imported.props).toMatchObject({ teamId: 0, path: "DUTY.md", content: "# Our duty\n", fileId: created.outs?.fileId });
    expect(imported.inputs).toEqual({ teamId: 0, path: "DUTY.md", content: "# Our duty\n", force: false });
    await expect(impl.read("0/none.md", {})).rejects.toThrow(/not found/);
    await expect(impl.read("nope", {})).rejects.toThrow(/<teamId>\/<path>/);
  });

  test("a referenced file's delete fails naming the referrer unless force; hostile names stay inert in the error", async () => {
    const target = await impl.create({ teamId: 0, path: "runbooks/db.md", content: "db", force: false });
    await impl.create({ teamId: 0, path: "index.md", content: "See @runbooks/db.md\n\u001b[31mred\u001b[0m", force: false });
    const error = await impl.deleteResource(target.id, target.outs as KnowledgeFileOutputs).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/index\.md/);
    expect(error?.message).toMatch(/force: true/);
    expect(error?.message).not.toContain("\u001b");
    await impl.deleteResource(target.id, { ...(target.outs as KnowledgeFileOutputs), force: true });
    const pack = emulator.knowledgePacks().find((p) => p.scope === "account")!;
    expect(emulator.knowledgeFiles(pack.pack_id).map((f) => f.rel_path)).toEqual(["DUTY.md", "index.md"]);
  });
});

describe("platform text in read", () => {
  test("a console edit's terminal controls come back escaped (line breaks kept); the stack's own text as declared", async () => {
    const declared = "tab\there\r\nline two\n";
    const created = await impl.create({ teamId: 0, path: "notes.md", content: declared, force: false });
    // Unchanged on the platform: the declared text, CR and tab included.
    expect((await impl.read(created.id, created.outs!)).props?.content).toBe(declared);
    const pack = emulator.knowledgePacks().find((p) => p.scope === "account")!;
    emulator.editKnowledgeFile(pack.pack_id, "notes.md", "one\n\u001b]0;title\u0007\u001b[2J two\n");
    const drifted = await impl.read(created.id, created.outs!);
    expect(drifted.props?.content).toBe("one\n\\u001b]0;title\\u0007\\u001b[2J two\n");
    expect(await impl.diff(created.id, drifted.props as KnowledgeFileOutputs, { teamId: 0, path: "notes.md", content: declared, force: false })).toMatchObject({
      changes: true,
    });
  });
});
