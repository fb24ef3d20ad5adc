/**
 * The client's knowledge operations against the real emulator over HTTP (docs/platform-api.md
 * "Knowledge packs and files"): checks before any request, text sent as base64 and read back
 * decoded, warnings, `ReferenceExist` and `force`, team packs, every pack over complete paging,
 * and the exact bodies sent (a recording server).
 */
import { describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyClient, FlashdutyResponseError, FlashdutyValidationError } from "../../sdk";
import { KNOWLEDGE_RULES, PATHS } from "../../wire/protocol";
import { ok, startRecorder } from "../support/recorder";
import { emulatorPerFile, flashdutyRejection } from "../support/sdkEmulator";

const shared = emulatorPerFile({ seed: { rules: 0 }, limits: false });
const { client } = shared;

describe("checks before any request", () => {
  test.each<[string, Record<string, unknown>, string]>([
    ["a leading /", { relPath: "/a.md", content: "x" }, "relPath"],
    ["a .. segment", { relPath: "a/../b.md", content: "x" }, "relPath"],
    ["a control character", { relPath: "a\u001b[31m.md", content: "x" }, "relPath"],
    ["content over 1 MiB", { relPath: "a.md", content: "é".repeat(KNOWLEDGE_RULES.maxFileBytes / 2 + 1) }, "content"],
    ["a lone surrogate", { relPath: "a.md", content: "ok \ud800 not" }, "content"],
    ["content not a string", { relPath: "a.md", content: 5 }, "content"],
    ["an empty pack id", { relPath: "a.md", content: "x", packId: "" }, "packId"],
  ])("putFile refuses %s naming %s", async (_what, params, field) => {
    const recorder = await startRecorder();
    try {
      const offline = new FlashdutyClient({ appKey: "k", baseUrl: recorder.url });
      const error = await flashdutyRejection(offline.knowledge.putFile(params as never));
      expect(error).toBeInstanceOf(FlashdutyValidationError);
      expect((error as FlashdutyValidationError).field).toBe(field);
      expect(error.message).not.toContain("\u001b");
      expect(recorder.requests).toEqual([]);
    } finally {
      await recorder.close();
    }
  });

  test("ensurePack needs a team id >= 0; listAllPacks refuses a page", async () => {
    expect(((await flashdutyRejection(client().knowledge.ensurePack({ teamId: -1 }))) as FlashdutyValidationError).field).toBe("teamId");
    expect(((await flashdutyRejection(client().knowledge.listAllPacks({ page: 2 } as never))) as FlashdutyValidationError).field).toBe("page");
  });
});

describe("against the emulator", () => {
  test("put, get, list and delete a file of the account pack; the text round-trips exactly", async () => {
    const knowledge = client().knowledge;
    const text = "# Payments\r\n\nTabs\there, emoji 🚀, 中文, NUL-free.\n";
    const put = await knowledge.putFile({ relPath: "services/payments.md", content: text });
    expect(put.warnings).toEqual([]);
    expect(put.file).toMatchObject({ relPath: "services/payments.md", contentType: "text/markdown", sizeBytes: Buffer.byteLength(text) });
    const got = await knowledge.getFile({ relPath: "services/payments.md" });
    expect(got).toEqual({ file: put.file, content: text });
    const overview = await knowledge.get();
    expect(overview.files.map((f) => f.relPath)).toEqual(["DUTY.md", "services/payments.md"]);
    expect(overview.pack).toMatchObject({ scope: "account", fileCount: 2, canEdit: true });
    expect((await knowledge.listFiles({ packId: overview.pack.packId })).files).toEqual(overview.files);
    expect(await knowledge.deleteFile({ relPath: "services/payments.md" })).toEqual({ warnings: [] });
    const missing = await flashdutyRejection(knowledge.getFile({ relPath: "services/payments.md" }));
    expect(missing).toBeInstanceOf(FlashdutyApiError);
    expect((missing as FlashdutyApiError).isNotFound).toBe(true);
  });

  test("exactly 1 MiB of text fits", async () => {
    const put = await client().knowledge.putFile({ relPath: "big.txt", content: "a".repeat(KNOWLEDGE_RULES.maxFileBytes) });
    expect(put.file.sizeBytes).toBe(KNOWLEDGE_RULES.maxFileBytes);
  });

  test("unresolved references warn; a referenced file is kept unless forced", async () => {
    const knowledge = client().knowledge;
    expect((await knowledge.putFile({ relPath: "index.md", content: "See @runbooks/db.md" })).warnings).toEqual([
      { code: "unresolved_reference", ref: "runbooks/db.md" },
    ]);
    await knowledge.putFile({ relPath: "runbooks/db.md", content: "db" });
    const refused = (await flashdutyRejection(knowledge.deleteFile({ relPath: "runbooks/db.md" }))) as FlashdutyApiError;
    expect(refused.code).toBe("ReferenceExist");
    expect(refused.message).toContain("index.md");
    expect(await knowledge.deleteFile({ relPath: "runbooks/db.md", force: true })).toEqual({ warnings: [{ code: "still_referenced_by", refs: ["index.md"] }] });
  });

  test("team packs: ensure, write, move, delete", async () => {
    const knowledge = client().knowledge;
    const pack = await knowledge.ensurePack({ teamId: 2 });
    expect(pack).toMatchObject({ scope: "team", scopeId: 2, teamName: "Payments" });
    expect(await knowledge.ensurePack({ teamId: 2 })).toEqual(pack);
    await knowledge.putFile({ relPath: "svc.md", content: "x", packId: pack.packId });
    const moved = await knowledge.updatePack({ packId: pack.packId, teamId: 3 });
    expect(moved).toMatchObject({ scopeId: 3, fileCount: 1 });
    await knowledge.deletePack({ packId: pack.packId });
    expect(((await flashdutyRejection(knowledge.deletePack({ packId: pack.packId }))) as FlashdutyApiError).isNotFound).toBe(true);
  });

  test("listAllPacks reads every page, each pack once, in the platform's order", async () => {
    const knowledge = client().knowledge;
    for (const teamId of [4, 1, 3, 2]) await knowledge.ensurePack({ teamId });
    await knowledge.get();
    const all = await knowledge.listAllPacks({ limit: 2 });
    expect(all.map((p) => [p.scope, p.scopeId])).toEqual([
      ["account", 1],
      ["team", 1],
      ["team", 2],
      ["team", 3],
      ["team", 4],
    ]);
    expect(shared.em.counters()["knowledgePack.list"].requests).toBe(3);
    expect((await knowledge.listPacks()).packs).toEqual(all);
    expect((await knowledge.listAllPacks({ scope: "team", teamIds: [3] })).map((p) => p.scopeId)).toEqual([3]);
  });
});

describe("the wire", () => {
  test("each operation sends exactly its documented body", async () => {
    const recorder = await startRecorder();
    const file = {
      file_id: "kfl_1",
      pack_id: "kpk_1",
      rel_path: "a.md",
      content_type: "text/markdown",
      size_bytes: 1,
      checksum: "c",
      updated_by: 1,
      updated_at_ms: 1,
    };
    const pack = {
      pack_id: "kpk_1",
      account_id: 1,
      scope: "team",
      scope_id: 2,
      file_count: 0,
      total_bytes: 0,
      version: 0,
      created_by: 1,
      created_at_ms: 1,
      updated_at_ms: 1,
      can_edit: true,
    };
    recorder.respond((req) => {
      switch (req.path) {
        case PATHS.knowledgeFilePut:
          return ok({ file });
        case PATHS.knowledgeFileGet:
          return ok({ file, content_b64: Buffer.from("é").toString("base64") });
        case PATHS.knowledgeFileDelete:
          return ok(null);
        default:
          return ok(pack);
      }
    });
    try {
      const knowledge = new FlashdutyClient({ appKey: "k", baseUrl: recorder.url }).knowledge;
      expect(await knowledge.putFile({ relPath: "a.md", content: "é", packId: "kpk_1" })).toEqual({
        file: expect.objectContaining({ relPath: "a.md" }),
        warnings: [],
      });
      expect((await knowledge.getFile({ relPath: "a.md" })).content).toBe("é");
      expect(await knowledge.deleteFile({ relPath: "a.md", force: true })).toEqual({ warnings: [] });
      await knowledge.ensurePack({ teamId: 0 });
      await knowledge.ensurePack({ teamId: 2 });
      await knowledge.updatePack({ packId: "kpk_1", teamId: 0 });
      expect(recorder.requests.map((r) => [r.path, r.body])).toEqual([
        [PATHS.knowledgeFilePut, { rel_path: "a.md", content_b64: "w6k=", pack_id: "kpk_1" }],
        [PATHS.knowledgeFileGet, { rel_path: "a.md" }],
        [PATHS.knowledgeFileDelete, { rel_path: "a.md", force: true }],
        [PATHS.knowledgePackEnsure, { scope: "account" }],
        [PATHS.knowledgePackEnsure, { scope: "team", scope_id: 2 }],
        [PATHS.knowledgePackUpdate, { pack_id: "kpk_1", scope: "account" }],
      ]);
      recorder.respond(() => ok({ file, content_b64: Buffer.from([0xff, 0xfe]).toString("base64") }));
      const bad = await flashdutyRejection(knowledge.getFile({ relPath: "a.md" }));
      expect(bad).toBeInstanceOf(FlashdutyResponseError);
      expect(bad.message).toContain("content_b64");
    } finally {
      await recorder.close();
    }
  });
});
