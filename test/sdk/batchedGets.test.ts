/**
 * `getBatched` (sdk/batchedGets.ts, issue 62) against the emulator over real HTTP, per noun that
 * has it (MCP servers, rules, A2A agents, skills; knowledge files' `getFileBatched`): reads made together are answered from list
 * pages with exactly what each get answers (gone, moved, invisible and masked alike), a few reads
 * in a large list stay gets, a read made after its page was read sees the change, a listing torn
 * by writes is walked again, and a listing that fails leaves the reads to gets.
 */
import { describe, expect, test } from "vitest";
import { type Emulator, startEmulator, type OperationName } from "../../emulator";
import { FlashdutyClient, isFlashdutyApiError } from "../../sdk";
import { PROBE_AT } from "../../sdk/batchedGets";
import { MASKED_VALUE } from "../../wire/protocol";
import { emulatorPerFile } from "../support/sdkEmulator";
import { skillZip } from "../support/skillArchives";

const shared = emulatorPerFile({ seed: { rules: 250, servers: 230 }, limits: false });
const { client } = shared;

type Outcome = { ok: unknown } | { code: string };

/** What a read settled to: the value, or the error code of a rejection. */
async function outcomes(reads: Promise<unknown>[]): Promise<Outcome[]> {
  return (await Promise.allSettled(reads)).map((r) =>
    r.status === "fulfilled" ? { ok: r.value } : { code: isFlashdutyApiError(r.reason) ? r.reason.code : String(r.reason) },
  );
}

const requests = (op: OperationName): number => shared.em.counters()[op].requests;

interface NounCase {
  noun: string;
  getOp: OperationName;
  listOp: OperationName;
  /** The client's key (rules: a member, who cannot see the admin's personal rules). */
  key: "admin" | "member";
  /** Makes the account's objects (at least `PROBE_AT`), returning the ids to read. */
  ids(c: FlashdutyClient): Promise<string[]>;
  /** Ids that get answers "not found": deleted out of band, or not visible to the key. */
  absent(c: FlashdutyClient, ids: string[]): Promise<string[]>;
  /** Moves one object to another team out of band (where the noun can move), returning its id. */
  move?(ids: string[]): string;
  get(c: FlashdutyClient, id: string): Promise<unknown>;
  batched(c: FlashdutyClient, id: string): Promise<unknown>;
  /** Whether the noun's answers hold masked secret values. */
  masked: boolean;
}

const CASES: NounCase[] = [
  {
    noun: "MCP servers",
    getOp: "mcpServer.get",
    listOp: "mcpServer.list",
    key: "admin",
    ids: async () =>
      shared.em
        .servers()
        .filter((s) => s.account_id === 1)
        .map((s) => s.server_id),
    absent: async (_c, ids) => {
      shared.em.deleteServer(ids[3]!);
      return [ids[3]!, "mcp_never_was"];
    },
    move: (ids) => {
      shared.em.updateServer(ids[5]!, { team_id: 2 });
      return ids[5]!;
    },
    get: (c, id) => c.mcpServers.get({ serverId: id }),
    batched: (c, id) => c.mcpServers.getBatched({ serverId: id }),
    masked: true,
  },
  {
    noun: "rules",
    getOp: "automationRule.get",
    listOp: "automationRule.list",
    key: "member",
    ids: async () => shared.em.visibleRules(shared.em.keys.member).map((r) => r.rule_id),
    absent: async (_c, ids) => {
      shared.em.deleteRule(ids[2]!);
      const others = shared.em.visibleRules(shared.em.keys.admin, { scope: "personal" }).map((r) => r.rule_id);
      expect(others.length).toBeGreaterThan(0);
      return [ids[2]!, others[0]!];
    },
    get: (c, id) => c.automationRules.get({ ruleId: id }),
    batched: (c, id) => c.automationRules.getBatched({ ruleId: id }),
    masked: false,
  },
  {
    noun: "A2A agents",
    getOp: "a2aAgent.get",
    listOp: "a2aAgent.list",
    key: "admin",
    ids: async (c) => {
      for (let i = 0; i < PROBE_AT + 2; i++) {
        await c.a2aAgents.create({ agentName: `batch-${i}`, instructions: "Answer.", cardUrl: `https://a${i}.example.com/card.json`, teamId: i % 2 });
      }
      return shared.em
        .a2aAgents()
        .filter((a) => a.account_id === 1)
        .map((a) => a.agent_id);
    },
    absent: async (_c, ids) => {
      shared.em.deleteA2aAgent(ids[1]!);
      return [ids[1]!, "a2a_never_was"];
    },
    move: (ids) => {
      shared.em.updateA2aAgent(ids[4]!, { team_id: 3 });
      return ids[4]!;
    },
    get: (c, id) => c.a2aAgents.get({ agentId: id }),
    batched: (c, id) => c.a2aAgents.getBatched({ agentId: id }),
    masked: true,
  },
  {
    noun: "skills",
    getOp: "skill.get",
    listOp: "skill.list",
    key: "admin",
    ids: async (c) => {
      for (let i = 0; i < PROBE_AT + 2; i++) await c.skills.upload({ archive: skillZip(`batch-${i}`), teamId: i % 2 });
      return shared.em
        .skills()
        .filter((s) => s.account_id === 1)
        .map((s) => s.skill_id);
    },
    absent: async (_c, ids) => {
      shared.em.deleteSkill(ids[0]!);
      return [ids[0]!, "skill_never_was"];
    },
    move: (ids) => {
      shared.em.updateSkill(ids[2]!, { team_id: 3 });
      return ids[2]!;
    },
    // getBatched never carries the SKILL.md (list rows do not): compare without it.
    get: async (c, id) => {
      const { content: _content, ...row } = await c.skills.get({ skillId: id });
      return row;
    },
    batched: (c, id) => c.skills.getBatched({ skillId: id }),
    masked: false,
  },
];

describe.each(CASES)("$noun", (c) => {
  test("reads made together: list pages, not gets, answering exactly what each get answers", async () => {
    const api = client(c.key, { rateLimit: false });
    const ids = await c.ids(api);
    expect(ids.length).toBeGreaterThanOrEqual(PROBE_AT);
    const absent = await c.absent(api, ids);
    const moved = c.move?.(ids);
    const asked = [...ids, ...absent];
    shared.em.resetCounters();
    const batched = await outcomes(asked.map((id) => c.batched(api, id)));
    const [pages, gets] = [requests(c.listOp), requests(c.getOp)];
    const direct = await outcomes(asked.map((id) => c.get(api, id)));
    expect(batched).toEqual(direct);
    // Gone and invisible ids are gets (their "not found" is the get's); everything else came from pages.
    expect(gets).toBe(absent.length);
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(Math.ceil(ids.length / 100) + 1);
    for (const id of absent) expect(batched[asked.indexOf(id)]).toEqual({ code: "ResourceNotFound" });
    if (moved !== undefined) expect((batched[asked.indexOf(moved)] as { ok: { teamId: number } }).ok.teamId).not.toBe(0);
    if (c.masked) expect(JSON.stringify(batched)).toContain(MASKED_VALUE);
  });

  test("a read asked after its page was read is answered afresh", async () => {
    const api = client(c.key, { rateLimit: false });
    const ids = (await c.ids(api)).slice(0, PROBE_AT + 1);
    shared.em.setFaults([{ operation: c.listOp, kind: "latency", latencyMs: 150 }]);
    const first = Promise.all(ids.map((id) => c.batched(api, id)));
    await new Promise((resolve) => setTimeout(resolve, 60)); // the listing is in flight
    const before = await c.get(api, ids[0]!);
    edit(c, ids[0]!);
    // Enough reads for a listing of their own, after the first one ends.
    const [after] = await Promise.all(ids.map((id) => c.batched(api, id)));
    await first;
    expect(after).toEqual(await c.get(api, ids[0]!));
    expect(after).not.toEqual(before);
  });
});

describe("knowledge files", () => {
  test("reads of one pack share its file list; a file at the checksum held comes without its text, any other is a getFile", async () => {
    const api = client("admin", { rateLimit: false });
    const packId = (await api.knowledge.get()).pack.packId;
    const paths = Array.from({ length: 6 }, (_, i) => `runbooks/batch-${i}.md`);
    const held = new Map<string, string>();
    for (const relPath of paths) held.set(relPath, (await api.knowledge.putFile({ packId, relPath, content: `# ${relPath}\n` })).file.checksum);
    shared.em.editKnowledgeFile(packId, paths[1]!, "edited in the console\n");
    shared.em.deleteKnowledgeFile(packId, paths[2]!);
    shared.em.resetCounters();
    const batched = await outcomes(paths.map((relPath) => api.knowledge.getFileBatched({ packId, relPath, unlessChecksum: held.get(relPath) })));
    expect([requests("knowledgeFile.list"), requests("knowledgeFile.get")]).toEqual([1, 2]);
    const direct = await outcomes(paths.map((relPath) => api.knowledge.getFile({ packId, relPath })));
    for (const i of paths.keys()) {
      if (i === 2) expect([batched[i], direct[i]]).toEqual([{ code: "ResourceNotFound" }, { code: "ResourceNotFound" }]);
      else if (i === 1) expect(batched[i]).toEqual(direct[i]);
      else expect(batched[i]).toEqual({ ok: { file: (direct[i] as { ok: { file: unknown } }).ok.file, content: undefined } });
      if (i === 1) expect((batched[i] as { ok: { content: string } }).ok.content).toBe("edited in the console\n");
    }
    // One read alone is a getFile, with its text.
    shared.em.resetCounters();
    expect((await api.knowledge.getFileBatched({ packId, relPath: paths[0]! })).content).toBe(`# ${paths[0]}\n`);
    expect([requests("knowledgeFile.list"), requests("knowledgeFile.get")]).toEqual([0, 1]);
  });
});

/** A console edit of `id` that every noun's answer shows. */
function edit(c: NounCase, id: string): void {
  if (c.noun === "MCP servers") shared.em.updateServer(id, { description: "edited in the console" });
  else if (c.noun === "rules") shared.em.updateRule(id, { name: "edited in the console" });
  else if (c.noun === "A2A agents") shared.em.updateA2aAgent(id, { agent_name: "edited-in-the-console" });
  else shared.em.updateSkill(id, { description: "edited in the console" });
}

/**
 * Runs `test` against an emulator of 1,500 servers (the list's total is capped at 1,000: 10
 * pages), limits off, with a client of the admin (no rate limit of its own) and the ids of the
 * admin's account's servers; closes the emulator after.
 */
async function withLargeAccount(test: (em: Emulator, api: FlashdutyClient, ids: string[]) => Promise<void>): Promise<void> {
  const em = await startEmulator({ port: 0, seed: { rules: 0, servers: 1_500 }, limits: false });
  try {
    const api = new FlashdutyClient({ appKey: em.keys.admin, baseUrl: em.url, rateLimit: false });
    const ids = em
      .servers()
      .filter((s) => s.account_id === 1)
      .map((s) => s.server_id);
    await test(em, api, ids);
  } finally {
    await em.close();
  }
}

describe("when a listing pays", () => {
  test("reads fewer than twice the pages stay gets, after one probe page at most; a listing of known size asks its pages at once", async () => {
    await withLargeAccount(async (em, api, ids) => {
      const firstPage = new Set((await api.mcpServers.list({ limit: 100 })).servers.map((s) => s.serverId));
      const later = ids.filter((id) => !firstPage.has(id));
      em.resetCounters();
      const count = () => [em.counters()["mcpServer.list"].requests, em.counters()["mcpServer.get"].requests];
      // Unknown size: page 1 says 15 pages, more than the 6 reads left, so they are gets.
      await Promise.all(later.slice(0, 6).map((id) => api.mcpServers.getBatched({ serverId: id })));
      expect(count()).toEqual([1, 6]);
      // Known size: no probe.
      await Promise.all(later.slice(6, 12).map((id) => api.mcpServers.getBatched({ serverId: id })));
      expect(count()).toEqual([1, 12]);
      // A few reads never probe (a stack of 3 servers in a large account).
      const fresh = new FlashdutyClient({ appKey: em.keys.admin, baseUrl: em.url, rateLimit: false });
      await Promise.all(later.slice(12, 15).map((id) => fresh.mcpServers.getBatched({ serverId: id })));
      expect(count()).toEqual([1, 15]);
      // More reads than pages: one listing of 15 pages answers 40 reads.
      em.setFaults([{ operation: "mcpServer.list", kind: "latency", latencyMs: 100 }]);
      const many = await Promise.all(later.slice(20, 60).map((id) => api.mcpServers.getBatched({ serverId: id })));
      em.setFaults([]);
      // The list's total is capped at 1,000, so the walk reads one page past the 15 it promised.
      expect(count()[0]).toBeGreaterThanOrEqual(16);
      expect(count()[0]).toBeLessThanOrEqual(17);
      expect(count()[1]).toBe(15);
      expect(many.map((s) => s.serverId)).toEqual(later.slice(20, 60));
      // The size being known (1,000 as the probe's total said), pages 1 to 10 were asked at once:
      // each reached the emulator before page 1 was answered.
      const listed = em.requestLog().filter((e) => e.operation === "mcpServer.list");
      const pageOne = listed.filter((e) => e.page === 1).at(-1)!;
      const opening = listed.filter((e) => e.page !== undefined && e.page <= 10 && e.receivedAt >= pageOne.receivedAt);
      expect(opening.map((e) => e.page).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const e of opening) expect(e.receivedAt).toBeLessThan(pageOne.time);
      // Fewer reads in flight than a listing needs (twice its pages) are gets, at once.
      for (const id of later.slice(60, 90)) await api.mcpServers.getBatched({ serverId: id });
      expect(count()[1]).toBe(45);
    });
  });

  test("reads arriving faster than gets are answered, yet too few in any 100 ms for a listing, are answered from pages once enough wait", async () => {
    await withLargeAccount(async (em, api, ids) => {
      // The size is learnt (a probe page says 10 pages: a listing pays from 20 reads).
      await Promise.all(ids.slice(0, 6).map((id) => api.mcpServers.getBatched({ serverId: id })));
      em.resetCounters();
      // Gets answer in 500 ms: 16 at a time make 32 a second. Reads come 5 every 50 ms (100 a
      // second, 10 in any 100 ms), as a refresh of thousands sends them.
      em.setFaults([{ operation: "mcpServer.get", kind: "latency", latencyMs: 500 }]);
      const wanted = ids.slice(100, 250);
      const reads: Promise<unknown>[] = [];
      for (let i = 0; i < wanted.length; i += 5) {
        for (const id of wanted.slice(i, i + 5)) reads.push(api.mcpServers.getBatched({ serverId: id }));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const got = await Promise.all(reads);
      em.setFaults([]);
      expect(got).toEqual(await Promise.all(wanted.map((id) => api.mcpServers.get({ serverId: id }))));
      const counters = em.counters();
      // The gets of the reads above are the last 150 counted; a listing answered at least 20 of them.
      const gets = counters["mcpServer.get"].requests - wanted.length;
      expect(counters["mcpServer.list"].requests).toBeGreaterThanOrEqual(10);
      expect(gets).toBeLessThanOrEqual(wanted.length - 20);
    });
  });

  test("a listing torn by writes is walked again: every read still answers its own object", async () => {
    const api = client("admin", { rateLimit: false });
    const ids = shared.em
      .servers()
      .filter((s) => s.account_id === 1)
      .map((s) => s.server_id);
    shared.em.setFaults([{ operation: "mcpServer.list", kind: "latency", latencyMs: 200 }]);
    const reads = Promise.all(ids.map((id) => api.mcpServers.getBatched({ serverId: id })));
    // Once page 1 is answered, pages 2 and 3 wait out their latency, then read the servers.
    while (!shared.em.requestLog().some((e) => e.operation === "mcpServer.list" && e.page === 1)) await new Promise((resolve) => setTimeout(resolve, 5));
    // New servers go first in the list's order: the later pages shift and the total changes.
    for (let i = 0; i < 3; i++) {
      await api.mcpServers.create({ serverName: `torn-${i}`, transport: "sse", url: `https://torn${i}.example.com/sse`, teamId: 0 });
    }
    shared.em.setFaults([]);
    const got = await reads;
    expect(got.map((s) => s.serverId)).toEqual(ids);
    expect(got).toEqual(await Promise.all(ids.map((id) => api.mcpServers.get({ serverId: id }))));
    expect(requests("mcpServer.list")).toBeGreaterThan(Math.ceil(ids.length / 100));
  });

  test("a listing that fails leaves every read to its get", async () => {
    const api = client("admin", { maxRetries: 0, rateLimit: false });
    const ids = shared.em
      .servers()
      .filter((s) => s.account_id === 1)
      .map((s) => s.server_id);
    shared.em.resetCounters();
    shared.em.setFaults([{ operation: "mcpServer.list", kind: "error", status: 500 }]);
    const got = await Promise.all(ids.map((id) => api.mcpServers.getBatched({ serverId: id })));
    expect(got.map((s) => s.serverId)).toEqual(ids);
    expect(requests("mcpServer.list")).toBe(1);
    expect(requests("mcpServer.get")).toBe(ids.length);
  });
});
