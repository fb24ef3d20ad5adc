/**
 * KnowledgeFile with the real Pulumi CLI (local file:// backend) against the emulator over HTTP:
 * create (a `source` file asset, adoption of the seeded DUTY.md), a warning for an unresolved
 * reference, no phantom drift, a content change in place, a console edit shown line by line by
 * refresh and undone by up, a delete refused while referenced and allowed with force, a team
 * move, a vanished file, the data source, and hostile paths and content.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";

let emulator: Emulator;
const stacks: EngineStack[] = [];
const dir = mkdtempSync(join(tmpdir(), "fd-knowledge-engine-"));

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface FileOutputs {
  fileId: string;
  packId: string;
  teamId: number;
  path: string;
  checksum: string;
}

async function outputs(stack: EngineStack): Promise<Record<string, FileOutputs>> {
  return ((await stack.ws.outputs()) as { knowledgeFiles: Record<string, FileOutputs> }).knowledgeFiles;
}

const puts = () => emulator.counters()["knowledgeFile.put"].requests;
const pack = (teamId: number) =>
  emulator.knowledgePacks().find((p) => (teamId === 0 ? p.scope === "account" && p.account_id === 1 : p.scope === "team" && p.scope_id === teamId))!;
const text = (teamId: number, path: string) => emulator.knowledgeFiles(pack(teamId).pack_id).find((f) => f.rel_path === path)?.content;

const DUTY = "# DUTY.md\n\nOn call: the SRE team.\nEscalate after 15 minutes.\n";
const INDEX = "# Index\n\nDatabase: @runbooks/db.md\nCache: @runbooks/cache.md\n";

describe("KnowledgeFile with the real Pulumi CLI", () => {
  test("lifecycle: create, warning, content change, console edit, referenced delete, force, team move, vanished file, data source", async () => {
    emulator.reset();
    const runbookFile = join(dir, "db.md");
    writeFileSync(runbookFile, "# DB\n\n1. Check the lag.\n2. Restart the replica.\n");
    const duty = { name: "duty", args: { path: "DUTY.md", content: DUTY } };
    const runbook = { name: "runbook", args: { teamId: 1, path: "runbooks/db.md" }, sourceFile: runbookFile };
    const index = { name: "index", args: { teamId: 1, path: "index.md", content: INDEX } };
    const stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program: { knowledgeFiles: [duty, runbook, index] } });
    stacks.push(stack);

    // Create: the seeded DUTY.md is taken over, the team pack made, the missing @ref a warning.
    const up = await stack.ws.run(["up", "--yes"]);
    expect(up.stdout).toMatch(/warning/i);
    expect(up.stdout).toContain("runbooks/cache.md");
    expect(text(0, "DUTY.md")).toBe(DUTY);
    expect(text(1, "runbooks/db.md")).toContain("Restart the replica");
    const first = await outputs(stack);
    expect(first.runbook).toMatchObject({ teamId: 1, path: "runbooks/db.md", packId: pack(1).pack_id });
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // A content change in place: one put, the same file id; the same text again writes nothing.
    writeFileSync(runbookFile, "# DB\n\n1. Check the lag.\n2. Fail over.\n");
    const before = puts();
    await stack.ws.run(["up", "--yes"]);
    expect(puts()).toBe(before + 1);
    expect((await outputs(stack)).runbook!.fileId).toBe(first.runbook!.fileId);
    await stack.ws.run(["up", "--yes"]);
    expect(puts()).toBe(before + 1);

    // A console edit: refresh shows the changed line, up puts the declared text back.
    emulator.editKnowledgeFile(pack(0).pack_id, "DUTY.md", DUTY.replace("15 minutes", "2 hours"));
    const drift = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).toContain("2 hours");
    expect(drift.stdout).toContain("15 minutes");
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(text(0, "DUTY.md")).toBe(DUTY);
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // Removing a referenced file fails naming the referrer; with force it goes (after a no-write up).
    await stack.setProgram({ knowledgeFiles: [duty, index] });
    const refused = await stack.ws.run(["up", "--yes"], { check: false });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain("index.md");
    expect(refused.stdout + refused.stderr).toContain("force: true");
    expect(text(1, "runbooks/db.md")).toBeDefined();
    const forced = { ...runbook, args: { ...runbook.args, force: true } };
    await stack.setProgram({ knowledgeFiles: [duty, forced, index] });
    const noWrite = puts();
    await stack.ws.run(["up", "--yes"]);
    expect(puts()).toBe(noWrite);

    // A team move: written in team 2's pack, then deleted (forced) from team 1's.
    await stack.setProgram({ knowledgeFiles: [duty, { ...forced, args: { ...forced.args, teamId: 2 } }, index] });
    await stack.ws.run(["up", "--yes"]);
    expect(text(2, "runbooks/db.md")).toContain("Fail over");
    expect(text(1, "runbooks/db.md")).toBeUndefined();
    expect((await outputs(stack)).runbook).toMatchObject({ teamId: 2, packId: pack(2).pack_id });

    // The data source: every file, sorted by team then path.
    await stack.setProgram({ knowledgeFiles: [duty, { ...forced, args: { ...forced.args, teamId: 2 } }, index], knowledgeQuery: {} });
    await stack.ws.run(["up", "--yes"]);
    const knowledge = ((await stack.ws.outputs()) as { knowledge: { total: number; files: Array<{ teamId: number; path: string }> } }).knowledge;
    expect(knowledge.files.map((f) => `${f.teamId}/${f.path}`)).toEqual(["0/DUTY.md", "1/index.md", "2/runbooks/db.md"]);

    // A file deleted in the console: refresh drops it, destroy of the rest succeeds; packs stay.
    emulator.deleteKnowledgeFile(pack(1).pack_id, "index.md");
    await stack.ws.run(["destroy", "--refresh", "--yes"]);
    expect(emulator.knowledgeFiles(pack(0).pack_id)).toEqual([]);
    expect(emulator.knowledgeFiles(pack(2).pack_id)).toEqual([]);
    expect(pack(1)).toBeDefined();
  });

  test("hostile paths fail the preview with no API call; hostile content is stored as is and shown inert", async () => {
    emulator.reset();
    const stack = await createEngineStack({
      baseUrl: emulator.url,
      appKey: emulator.keys.admin,
      program: { knowledgeFiles: [{ name: "evil", args: { path: "../\u001b]0;pwned\u0007/x.md", content: "x" } }] },
    });
    stacks.push(stack);
    const preview = await stack.ws.run(["preview"], { check: false });
    expect(preview.code).not.toBe(0);
    // Our reason names the rule and never repeats the path. (The CLI itself prefixes the program's
    // own value, "property path value {...}", as it does for every check failure.)
    const reasons = (preview.stdout + preview.stderr).split("\n").filter((line) => line.includes("has a problem:"));
    expect(reasons.length).toBeGreaterThan(0);
    for (const line of reasons) expect(line.slice(line.indexOf("has a problem:")).startsWith("has a problem: path must not hold a . or .. segment")).toBe(true);
    expect(emulator.counters()["knowledgeFile.put"].requests).toBe(0);

    const hostile = "# Notes\n\n<script>alert(1)</script> @everyone [x](javascript:alert(1))\n\u001b[2J\u001b]0;title\u0007 end\n";
    await stack.setProgram({ knowledgeFiles: [{ name: "notes", args: { path: "notes.md", content: "plain\n" } }] });
    await stack.ws.run(["up", "--yes"]);
    emulator.editKnowledgeFile(pack(0).pack_id, "notes.md", hostile);
    const drift = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).not.toContain("\u001b]0;title");
    expect(drift.stdout).not.toContain("\u001b[2J");
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(text(0, "notes.md")).toBe("plain\n");
    await stack.ws.run(["destroy", "--yes"]);
  });
});
