/**
 * Knowledge packs and files against the emulator over real HTTP (docs/platform-api.md
 * "Knowledge packs and files"): the account pack made on first access with its seeded `DUTY.md`,
 * team packs, base64 content read back, the UTF-8 and 1 MiB rules, `rel_path` rules, @ref
 * warnings, `ReferenceExist` and `force`, permissions, paging of the pack list, the audit log,
 * faults, rate limits and the console edit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { SEED_DUTY_MD, startEmulator, type Emulator } from "../../emulator";
import {
  KNOWLEDGE_RULES,
  PATHS,
  wireKnowledgeFileDeleteDataSchema,
  wireKnowledgeFileGetDataSchema,
  wireKnowledgeFileListDataSchema,
  wireKnowledgeFilePutDataSchema,
  wireKnowledgeGetDataSchema,
  wireKnowledgePackListDataSchema,
  wireKnowledgePackSchema,
} from "../../wire/wire";
import { call, expectError, type Answer } from "../support/emulatorCalls";

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ seed: { rules: 0 }, limits: false });
});
afterAll(() => em.close());
beforeEach(() => {
  em.reset();
  em.setLimits(false);
});

type Key = keyof Emulator["keys"];
const api = (path: string, body: unknown, key: Key = "admin") => call(em, path, { key: em.keys[key], body });
const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const put = (relPath: string, text: string, extra: Record<string, unknown> = {}, key: Key = "admin") =>
  api(PATHS.knowledgeFilePut, { rel_path: relPath, content_b64: b64(text), ...extra }, key);

function data(answer: Answer): any {
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

function expectInvalid(answer: Answer, field: string, code = "InvalidParameter", status = 400): void {
  expectError(answer, status, code);
  expect(answer.body.error.message).toContain(field);
}

describe("the account pack", () => {
  test("get makes it on first access, seeded with DUTY.md; ensure returns it unchanged", async () => {
    const first = wireKnowledgeGetDataSchema.parse(data(await api(PATHS.knowledgeGet, {})));
    expect(first.pack).toMatchObject({ scope: "account", scope_id: 1, account_id: 1, file_count: 1, version: 0, can_edit: true });
    expect(first.pack.pack_id).toMatch(/^kpk_[0-9a-f]{16}$/);
    expect(first.files.map((f) => f.rel_path)).toEqual(["DUTY.md"]);
    expect(first.files[0]).toMatchObject({ content_type: "text/markdown", size_bytes: Buffer.byteLength(SEED_DUTY_MD) });
    const ensured = wireKnowledgePackSchema.parse(data(await api(PATHS.knowledgePackEnsure, { scope: "account", scope_id: 999 })));
    expect(ensured).toEqual(first.pack);
    const got = wireKnowledgeFileGetDataSchema.parse(data(await api(PATHS.knowledgeFileGet, { rel_path: "DUTY.md" })));
    expect(Buffer.from(got.content_b64, "base64").toString("utf8")).toBe(SEED_DUTY_MD);
  });

  test("a deleted account pack comes back empty, without a new DUTY.md", async () => {
    const { pack } = data(await api(PATHS.knowledgeGet, {}));
    expect(data(await api(PATHS.knowledgePackDelete, { pack_id: pack.pack_id }))).toEqual({ ok: true });
    const again = data(await api(PATHS.knowledgeGet, {}));
    expect(again.pack.pack_id).not.toBe(pack.pack_id);
    expect(again.files).toEqual([]);
    expectInvalid(await api(PATHS.knowledgePackDelete, { pack_id: pack.pack_id }), pack.pack_id, "ResourceNotFound");
  });

  test("members without admin rights read it but cannot write it", async () => {
    expect(data(await api(PATHS.knowledgeGet, {}, "member")).pack.can_edit).toBe(false);
    expectError(await put("notes.md", "x", {}, "member"), 403, "AccessDenied");
    expectError(await put("notes.md", "x", {}, "noAiSre"), 403, "AccessDenied");
  });
});

describe("files", () => {
  test("put stores UTF-8 text read back exactly, with checksum, size and type; the same content again changes nothing", async () => {
    const text = "# Runbook\n\nRestart: `kubectl rollout restart`\n数据库 ✓\n";
    const first = wireKnowledgeFilePutDataSchema.parse(data(await put("runbooks/db.md", text)));
    expect(first.file).toMatchObject({
      rel_path: "runbooks/db.md",
      content_type: "text/markdown",
      size_bytes: Buffer.byteLength(text),
      updated_by: em.users.find((u) => u.appKey === em.keys.admin)?.memberId,
    });
    expect(first.file.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(first.warnings).toEqual([]);
    expect(data(await put("runbooks/db.md", text)).warnings).toBeUndefined();
    const got = wireKnowledgeFileGetDataSchema.parse(data(await api(PATHS.knowledgeFileGet, { rel_path: "runbooks/db.md" })));
    expect(Buffer.from(got.content_b64, "base64").toString("utf8")).toBe(text);
    expect(got.file).toEqual(first.file);
    const { pack } = data(await api(PATHS.knowledgeGet, {}));
    expect(pack).toMatchObject({ version: 1, file_count: 2 });
    const list = wireKnowledgeFileListDataSchema.parse(data(await api(PATHS.knowledgeFileList, { pack_id: pack.pack_id, p: 5, limit: 1 })));
    expect(list.files.map((f) => f.rel_path)).toEqual(["DUTY.md", "runbooks/db.md"]);
    expect(list.total).toBe(2);
  });

  test("content types come from the extension unless sent", async () => {
    expect(data(await put("a.yaml", "k: v")).file.content_type).toBe("application/yaml");
    expect(data(await put("b", "x")).file.content_type).toBe("text/plain");
    expect(data(await put("c.md", "x", { content_type: "text/x-custom" })).file.content_type).toBe("text/x-custom");
  });

  test("binary content, bad base64 and content over 1 MiB are refused naming content_b64", async () => {
    expectInvalid(await api(PATHS.knowledgeFilePut, { rel_path: "bin.md", content_b64: Buffer.from([0xff, 0xfe, 0x00]).toString("base64") }), "content_b64");
    expectInvalid(await api(PATHS.knowledgeFilePut, { rel_path: "bin.md", content_b64: "not base64!" }), "content_b64");
    const tooBig = await put("big.md", "a".repeat(KNOWLEDGE_RULES.maxFileBytes + 1));
    expectInvalid(tooBig, String(KNOWLEDGE_RULES.maxFileBytes));
    // Exactly 1 MiB fits, although its body is over the API's general 1 MiB.
    expect(data(await put("big.md", "a".repeat(KNOWLEDGE_RULES.maxFileBytes))).file.size_bytes).toBe(KNOWLEDGE_RULES.maxFileBytes);
    const hugeBody = await api(PATHS.knowledgeFilePut, { rel_path: "huge.md", content_b64: "A".repeat(KNOWLEDGE_RULES.maxPutBodyBytes) });
    expectError(hugeBody, 413, "EntityTooLarge");
    expect(em.audit().filter((e) => e.relPath === "bin.md")).toEqual([]);
  });

  test.each([
    ["/abs.md", "leading /"],
    ["a/../b.md", ".."],
    ["dir/", "trailing /"],
    ["a//b.md", "empty segment"],
    ["has space.md", "letters, digits"],
    ["evil\u202e.md", "letters, digits"],
    ["x\n.md", "letters, digits"],
    ["a".repeat(256), "at most 255"],
  ])("rel_path %j is refused (%s)", async (relPath, words) => {
    const answer = await put(relPath, "x");
    expectInvalid(answer, "rel_path");
    expect(answer.body.error.message).toContain(words);
  });

  test("a missing file is ResourceNotFound for get; delete of a missing file succeeds", async () => {
    expectInvalid(await api(PATHS.knowledgeFileGet, { rel_path: "none.md" }), "none.md", "ResourceNotFound");
    expect(wireKnowledgeFileDeleteDataSchema.parse(data(await api(PATHS.knowledgeFileDelete, { rel_path: "none.md" })))).toEqual({ warnings: [] });
  });

  test("an @ref to a missing file is a warning; a referenced file's delete is ReferenceExist unless forced", async () => {
    const answer = data(await put("index.md", "See @runbooks/db.md and @DUTY.md; mail ops@example.com."));
    expect(answer.warnings).toEqual([{ code: "unresolved_reference", ref: "runbooks/db.md" }]);
    await put("runbooks/db.md", "db");
    const refused = await api(PATHS.knowledgeFileDelete, { rel_path: "runbooks/db.md" });
    expectInvalid(refused, "index.md", "ReferenceExist");
    expect(data(await api(PATHS.knowledgeFileGet, { rel_path: "runbooks/db.md" })).file.rel_path).toBe("runbooks/db.md");
    const forced = data(await api(PATHS.knowledgeFileDelete, { rel_path: "runbooks/db.md", force: true }));
    expect(forced).toEqual({ warnings: [{ code: "still_referenced_by", refs: ["index.md"] }] });
    expectInvalid(await api(PATHS.knowledgeFileGet, { rel_path: "runbooks/db.md" }), "runbooks/db.md", "ResourceNotFound");
    const outcomes = em
      .audit()
      .filter((e) => e.operation === "knowledge.file.delete")
      .map((e) => e.outcome);
    expect(outcomes).toEqual(["ReferenceExist", "success"]);
  });
});

describe("team packs", () => {
  test("ensure makes one per team; members write it; others neither read nor write it", async () => {
    const pack = wireKnowledgePackSchema.parse(data(await api(PATHS.knowledgePackEnsure, { scope: "team", scope_id: 2 }, "member")));
    expect(pack).toMatchObject({ scope: "team", scope_id: 2, team_name: "Payments", file_count: 0, can_edit: true });
    expect(data(await api(PATHS.knowledgePackEnsure, { scope: "team", scope_id: 2 })).pack_id).toBe(pack.pack_id);
    expect(data(await put("svc.md", "payments", { pack_id: pack.pack_id }, "member")).file.pack_id).toBe(pack.pack_id);
    expectError(await put("svc.md", "x", { pack_id: pack.pack_id }, "teamMember2"), 403, "AccessDenied");
    expectError(await api(PATHS.knowledgeFileList, { pack_id: pack.pack_id }, "teamMember2"), 403, "AccessDenied");
    expectInvalid(await api(PATHS.knowledgeFileList, { pack_id: pack.pack_id }, "otherAccount"), pack.pack_id, "ResourceNotFound");
    expectInvalid(await api(PATHS.knowledgePackEnsure, { scope: "team", scope_id: 5 }), "scope_id", "ResourceNotFound");
    expectInvalid(await api(PATHS.knowledgePackEnsure, { scope: "team" }), "scope_id");
    expectInvalid(await api(PATHS.knowledgePackEnsure, { scope: "channel", scope_id: 1 }), "scope");
  });

  test("update moves a pack; onto a scope that has one it is ReferenceExist", async () => {
    const sre = data(await api(PATHS.knowledgePackEnsure, { scope: "team", scope_id: 1 }));
    const data4 = data(await api(PATHS.knowledgePackEnsure, { scope: "team", scope_id: 4 }));
    expectError(await api(PATHS.knowledgePackUpdate, { pack_id: sre.pack_id, scope: "team", scope_id: 4 }), 400, "ReferenceExist");
    expect(data(await api(PATHS.knowledgePackUpdate, { pack_id: sre.pack_id })).scope_id).toBe(1);
    await api(PATHS.knowledgePackDelete, { pack_id: data4.pack_id });
    expect(data(await api(PATHS.knowledgePackUpdate, { pack_id: sre.pack_id, scope: "team", scope_id: 4 })).scope_id).toBe(4);
  });

  test("pack/list: every row without paging, pages with it, the account pack first, filters", async () => {
    for (const team of [4, 2, 1, 3]) await api(PATHS.knowledgePackEnsure, { scope: "team", scope_id: team });
    await api(PATHS.knowledgeGet, {});
    const all = wireKnowledgePackListDataSchema.parse(data(await api(PATHS.knowledgePackList, {})));
    expect(all.packs.map((p) => [p.scope, p.scope_id])).toEqual([
      ["account", 1],
      ["team", 1],
      ["team", 2],
      ["team", 3],
      ["team", 4],
    ]);
    expect(all.total).toBe(5);
    const page2 = data(await api(PATHS.knowledgePackList, { p: 2, limit: 2 }));
    expect(page2.packs.map((p: { scope_id: number }) => p.scope_id)).toEqual([2, 3]);
    expect(data(await api(PATHS.knowledgePackList, { scope: "team", team_ids: [3] })).packs.map((p: { scope_id: number }) => p.scope_id)).toEqual([3]);
    expect(data(await api(PATHS.knowledgePackList, { include_account: false })).total).toBe(4);
    expect(data(await api(PATHS.knowledgePackList, { query: "PAY" })).packs.map((p: { team_name: string }) => p.team_name)).toEqual(["Payments"]);
    // A member sees the account pack and their teams' packs only.
    expect(data(await api(PATHS.knowledgePackList, {}, "member")).packs.map((p: { scope_id: number }) => p.scope_id)).toEqual([1, 1, 2]);
    expectInvalid(await api(PATHS.knowledgePackList, { scope: "nope" }), "scope");
    expectInvalid(await api(PATHS.knowledgePackList, { query: "q".repeat(129) }), "query");
    expectInvalid(await api(PATHS.knowledgePackList, { limit: 101 }), "limit");
  });
});

describe("around the operations", () => {
  test("the console edit changes a file's text out of band; the audit log has only the API's writes", async () => {
    const { pack } = data(await api(PATHS.knowledgeGet, {}));
    await put("notes.md", "one\ntwo\n");
    const edited = em.editKnowledgeFile(pack.pack_id, "notes.md", "one\nTWO\n");
    expect(edited).toMatchObject({ updated_by: 0, size_bytes: 8 });
    const got = data(await api(PATHS.knowledgeFileGet, { rel_path: "notes.md" }));
    expect(Buffer.from(got.content_b64, "base64").toString("utf8")).toBe("one\nTWO\n");
    const viaControl = await call(em, "/_emulator/knowledge/files/edit", { body: { pack_id: pack.pack_id, rel_path: "notes.md", content: "three\n" } });
    expect(viaControl.status, viaControl.text).toBe(200);
    expect(em.knowledgeFiles(pack.pack_id).find((f) => f.rel_path === "notes.md")?.content).toBe("three\n");
    expect((await call(em, "/_emulator/knowledge/files/delete", { body: { pack_id: pack.pack_id, rel_path: "notes.md" } })).status).toBe(200);
    expect(em.audit().map((e) => [e.operation, e.relPath, e.outcome])).toEqual([["knowledge.file.put", "notes.md", "success"]]);
  });

  test("faults and rate limits reach the knowledge operations by name", async () => {
    em.setFaults([{ operation: "knowledgeFile.put", kind: "error", status: 503, count: 1 }]);
    expectError(await put("a.md", "x"), 503, "ServiceUnavailable");
    expect(data(await put("a.md", "x")).file.rel_path).toBe("a.md");
    em.setLimits({ perSecond: 1000, perMinute: 10_000 });
    const answers = await Promise.all(Array.from({ length: 25 }, () => put("a.md", "x")));
    // The vendor's 20/s for file/put holds under looser emulator limits.
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(em.counters()["knowledgeFile.put"].requests).toBe(27);
  });
});
