/**
 * Benchmark 13: `pulumi-flashduty import-file` for an account of 1,000 resources (400 MCP servers,
 * 400 automation rules, 100 A2A agents, 100 knowledge files in team 1's pack; plus the emulator's
 * seed), against the emulator at production limits with 80 ms added to every request: the time
 * from the first request to the import file written (`buildImportFile`, the command's work, then
 * the file), against the read floor (issue 48).
 *
 * The read floor, from `OPERATION_RATE_LIMITS` in wire/protocol.ts through bench/floors.ts: every
 * listing is its own operation, so its own bucket, and the listings run at once; a listing of
 * `p` pages is a walk (`pageOneFirstFloor`: page 1 alone, its `total` gives the page count, then
 * bursts of up to the operation's per-second limit, each one round trip). Knowledge files need
 * `pack/list`, then one `file/list` per pack, all known by then (`burstAwareFloor`). The floor is
 * the slowest chain. At 1,000 resources no listing has more than 50 pages, so a walk of more than
 * one page, and the knowledge chain, take two round trips: 2 x 80 ms.
 *
 * The emulator runs in a process of its own, as in benchmark 1; every measurement gets a fresh
 * one (empty windows, a fresh base URL for the client's process-wide gate).
 */
import { writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type OperationCounter, SEED_KEY_MEMBERS, SEED_USERS } from "pulumi-flashduty-emulator";
import { buildImportFile } from "../importFile";
// The client from source, as importFile/ takes it (the package's build is another copy of the class).
import { FlashdutyClient } from "../sdk";
import { OPERATION_RATE_LIMITS, PATHS } from "../wire/protocol";
import { median, productionLimits, progress, timed } from "./common";
import { startEmulatorProcess, type EmulatorProcess } from "./emulatorProcess";
import { burstAwareFloor, pageOneFirstFloor } from "./floors";

/** Resources made in the account by default (benchmark 13's size). */
export const IMPORT_RESOURCES = 1_000;
export const IMPORT_LATENCY_MS = 80;
const PAGE_SIZE = 100;
const REPEATS = 3;

/** The admin's key: sees and may edit every team's resources of account 1. */
const ADMIN_KEY = (() => {
  const admin = SEED_USERS.find((u) => u.memberId === SEED_KEY_MEMBERS.admin);
  if (admin === undefined) throw new Error("bench: no admin in the emulator's seed");
  return admin.appKey;
})();

/** How `total` resources are split: 40% servers, 40% rules, 10% agents, 10% knowledge files. */
export function importMix(total: number): { servers: number; rules: number; agents: number; knowledgeFiles: number } {
  const servers = Math.round(total * 0.4);
  const rules = Math.round(total * 0.4);
  const agents = Math.round(total * 0.1);
  return { servers, rules, agents, knowledgeFiles: total - servers - rules - agents };
}

/** What the key sees of each kind (counted once, limits off): the pages the floor is made of. */
export interface VisibleCounts {
  servers: number;
  rules: number;
  agents: number;
  skills: number;
  packs: number;
}

/** One listing chain of the floor: its requests and seconds. */
export interface ChainFloor {
  requests: number;
  seconds: number;
  derivation: string;
}

/**
 * The read floor of an import file over `visible`, in s: the slowest of the listings (a bucket
 * each, run at once), knowledge's two listings in a row. See the file's comment.
 */
export function importFileFloor(visible: VisibleCounts, latencyMs: number): { seconds: number; chains: Record<string, ChainFloor> } {
  const list = (items: number, path: string): ChainFloor => {
    const pages = Math.max(1, Math.ceil(items / PAGE_SIZE));
    const f = pageOneFirstFloor(pages, OPERATION_RATE_LIMITS[path as keyof typeof OPERATION_RATE_LIMITS].perSecond, latencyMs);
    return { requests: pages, seconds: f.seconds, derivation: f.derivation };
  };
  const packs = list(visible.packs, PATHS.knowledgePackList);
  const files = burstAwareFloor(visible.packs, OPERATION_RATE_LIMITS[PATHS.knowledgeFileList].perSecond, latencyMs);
  const chains: Record<string, ChainFloor> = {
    "mcpServer.list": list(visible.servers, PATHS.mcpServerList),
    "automationRule.list": list(visible.rules, PATHS.automationRuleList),
    "a2aAgent.list": list(visible.agents, PATHS.a2aAgentList),
    "skill.list": list(visible.skills, PATHS.skillList),
    "knowledgePack.list, then knowledgeFile.list per pack": {
      requests: packs.requests + visible.packs,
      seconds: packs.seconds + files.seconds,
      derivation: `${packs.derivation}; then ${files.derivation}`,
    },
  };
  return { seconds: Math.max(...Object.values(chains).map((c) => c.seconds)), chains };
}

export interface ImportFileBenchResult {
  made: ReturnType<typeof importMix>;
  visible: VisibleCounts;
  /** Entries of the file written, and objects skipped (skills, names before today's rule). */
  resources: number;
  skipped: number;
  latencyMs: number;
  floor: ReturnType<typeof importFileFloor>;
  seconds: number[];
  median: number;
  requests: number[];
  status429: number[];
}

/** Runs `work` on at most `width` items at a time. */
async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/** A fresh emulator process holding the account, limits off while it is made; then production limits, the latency and zeroed counters. */
async function accountEmulator(mix: ReturnType<typeof importMix>): Promise<{ emu: EmulatorProcess; visible: VisibleCounts }> {
  const emu = await startEmulatorProcess(["--rules", "0", "--no-limits"]);
  try {
    const api = new FlashdutyClient({ appKey: ADMIN_KEY, baseUrl: emu.url, rateLimit: false });
    const n = (count: number) => Array.from({ length: count }, (_, i) => i);
    await inBatches(n(mix.servers), 20, (i) =>
      api.mcpServers.create({
        serverName: `bench-server-${i}`,
        transport: "streamable-http",
        url: `https://mcp${i}.example/mcp`,
        teamId: 1 + (i % 4),
        headers: { Authorization: `Bearer bench-${i}` },
      }),
    );
    await inBatches(n(mix.rules), 20, (i) =>
      api.automationRules.create({ name: `bench rule ${i}`, prompt: `Check service ${i}`, cronExpr: "0 9 * * *", teamId: 1 + (i % 4) }),
    );
    await inBatches(n(mix.agents), 20, (i) =>
      api.a2aAgents.create({ agentName: `bench-agent-${i}`, instructions: `Agent ${i}`, cardUrl: `https://agent${i}.example/card.json`, teamId: 1 + (i % 4) }),
    );
    const pack = await api.knowledge.ensurePack({ teamId: 1 });
    await inBatches(n(mix.knowledgeFiles), 20, (i) => api.knowledge.putFile({ packId: pack.packId, relPath: `bench/file-${i}.md`, content: `# File ${i}\n` }));
    // One unmeasured read (limits off) warms the emulator and this process, and counts what the key sees.
    const [servers, rules, agents, skills, packs] = await Promise.all([
      api.mcpServers.listAllAsArray(),
      api.automationRules.listAllAsArray(),
      api.a2aAgents.listAllAsArray(),
      api.skills.listAllAsArray(),
      api.knowledge.listAllPacks(),
    ]);
    await buildImportFile(api);
    await emu.control("limits", productionLimits());
    await emu.control("faults", { faults: [{ operation: "*", kind: "latency", latencyMs: IMPORT_LATENCY_MS }] });
    await emu.control("counters/reset");
    return { emu, visible: { servers: servers.length, rules: rules.length, agents: agents.length, skills: skills.length, packs: packs.length } };
  } catch (error) {
    await emu.stop();
    throw error;
  }
}

/** Every request and every 429 the emulator answered since its counters were reset. */
async function totals(emu: EmulatorProcess): Promise<{ requests: number; status429: number }> {
  const counters = (await emu.read("counters")) as Record<string, OperationCounter>;
  let requests = 0;
  let status429 = 0;
  for (const c of Object.values(counters)) {
    requests += c.requests;
    status429 += c.statuses["429"] ?? 0;
  }
  return { requests, status429 };
}

/** Benchmark 13 at `total` resources (default {@link IMPORT_RESOURCES}); see the file's comment. */
export async function benchImportFile(total = IMPORT_RESOURCES): Promise<ImportFileBenchResult> {
  const mix = importMix(total);
  const out = path.join(os.tmpdir(), `bench-import-${process.pid}.json`);
  const result: ImportFileBenchResult = {
    made: mix,
    visible: { servers: 0, rules: 0, agents: 0, skills: 0, packs: 0 },
    resources: 0,
    skipped: 0,
    latencyMs: IMPORT_LATENCY_MS,
    floor: { seconds: 0, chains: {} },
    seconds: [],
    median: 0,
    requests: [],
    status429: [],
  };
  for (let run = 1; run <= REPEATS; run++) {
    const { emu, visible } = await accountEmulator(mix);
    try {
      // The client as the command makes it: production limits on the client side (the default).
      const client = new FlashdutyClient({ appKey: ADMIN_KEY, baseUrl: emu.url });
      const { seconds, value } = await timed(async () => {
        const built = await buildImportFile(client);
        writeFileSync(out, `${JSON.stringify(built.file, undefined, 2)}\n`);
        return built;
      });
      const c = await totals(emu);
      result.visible = visible;
      result.resources = value.file.resources.length;
      result.skipped = value.skipped.length;
      result.seconds.push(seconds);
      result.requests.push(c.requests);
      result.status429.push(c.status429);
      progress(
        `13. import file of ${value.file.resources.length} resources, run ${run}/${REPEATS}: ${seconds.toFixed(2)} s, ${c.requests} requests, ${c.status429} answered 429`,
      );
    } finally {
      await emu.stop();
    }
  }
  result.floor = importFileFloor(result.visible, IMPORT_LATENCY_MS);
  result.median = median(result.seconds);
  return result;
}
