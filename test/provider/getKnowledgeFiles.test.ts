/**
 * getKnowledgeFiles as a program calls it (configuration from the Pulumi runtime) against the
 * emulator over real HTTP: every file of every visible pack, complete paging of the pack list,
 * the stable order, each filter of the pack list, and bad arguments refused before any request.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { FlashdutyClient, FlashdutyValidationError } from "../../sdk";
import { getKnowledgeFiles, getKnowledgeFilesOutput } from "../../provider";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 }, limits: false });
  pulumi.runtime.setConfig("flashduty:baseUrl", emulator.url);
  pulumi.runtime.setConfig("flashduty:appKey", emulator.keys.admin);
  // Packs of the account and of teams 4, 2, 1 (made out of order), with files out of order.
  const knowledge = new FlashdutyClient({ appKey: emulator.keys.admin, baseUrl: emulator.url }).knowledge;
  await knowledge.putFile({ relPath: "z.md", content: "z" });
  await knowledge.putFile({ relPath: "a/b.md", content: "ab" });
  for (const teamId of [4, 2, 1]) {
    const { packId } = await knowledge.ensurePack({ teamId });
    for (const relPath of ["runbooks/z.md", "notes.md"]) await knowledge.putFile({ relPath, content: `${teamId}:${relPath}`, packId });
  }
  // Another account's files are never seen.
  await new FlashdutyClient({ appKey: emulator.keys.otherAccount, baseUrl: emulator.url }).knowledge.putFile({ relPath: "secret.md", content: "x" });
});
afterAll(async () => {
  await emulator?.close();
});

const keys = (files: Array<{ teamId: number; path: string }>) => files.map((f) => `${f.teamId}/${f.path}`);

describe("getKnowledgeFiles", () => {
  test("every file of every visible pack, sorted by team then path, identical across calls", async () => {
    const all = await getKnowledgeFiles();
    expect(keys(all.files)).toEqual([
      "0/DUTY.md",
      "0/a/b.md",
      "0/z.md",
      "1/notes.md",
      "1/runbooks/z.md",
      "2/notes.md",
      "2/runbooks/z.md",
      "4/notes.md",
      "4/runbooks/z.md",
    ]);
    expect(all.total).toBe(9);
    expect(all.files[1]).toMatchObject({ contentType: "text/markdown", sizeBytes: 2 });
    expect(all.files[1]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(await getKnowledgeFiles()).toEqual(all);
  });

  test("a page size of 1 walks every page of the pack list to the same result", async () => {
    const whole = await getKnowledgeFiles();
    emulator.resetCounters();
    expect(await getKnowledgeFiles({ pageSize: 1 })).toEqual(whole);
    expect(emulator.counters()["knowledgePack.list"].requests).toBeGreaterThanOrEqual(4);
  });

  test("the pack list's filters: scope, teamIds, includeAccount, query", async () => {
    expect(keys((await getKnowledgeFiles({ scope: "account" })).files)).toEqual(["0/DUTY.md", "0/a/b.md", "0/z.md"]);
    expect(keys((await getKnowledgeFiles({ scope: "team", teamIds: [2] })).files)).toEqual(["2/notes.md", "2/runbooks/z.md"]);
    expect((await getKnowledgeFiles({ includeAccount: false })).total).toBe(6);
    expect(keys((await getKnowledgeFiles({ query: "data" })).files)).toEqual(["4/notes.md", "4/runbooks/z.md"]);
  });

  test("the Output form resolves the same; bad arguments fail before any request", async () => {
    const result = await new Promise((resolve) => getKnowledgeFilesOutput({ scope: pulumi.output("team" as const), teamIds: [1] }).apply(resolve));
    expect(keys((result as { files: Array<{ teamId: number; path: string }> }).files)).toEqual(["1/notes.md", "1/runbooks/z.md"]);
    emulator.resetCounters();
    await expect(getKnowledgeFiles({ pageSize: 101 })).rejects.toThrow(FlashdutyValidationError);
    await expect(getKnowledgeFiles({ scope: "nope" as never })).rejects.toThrow(/scope/);
    await expect(getKnowledgeFiles({ query: "q".repeat(129) })).rejects.toThrow(/query/);
    expect(emulator.counters()["knowledgePack.list"].requests).toBe(0);
  });
});
