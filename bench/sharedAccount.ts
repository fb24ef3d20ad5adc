/**
 * Benchmarks 6 and 7 (issue 20): many pipelines on one account at once, each a separate process.
 *
 * 6. N processes (4, 8) each read all 10,000 rules at the same moment with the admin key (the
 *    SDK's `listAll`, in test/support/sharedAccountWorker.cjs), emulator at production limits
 *    with 40 ms added to every rule-list request. "The same moment" is a common start time
 *    handed to every process ({@link startDelayMs} after they are spawned), so Node.js start-up,
 *    which takes 100-300 ms longer for some processes than for others on 2 cores, does not
 *    decide who reads first; the spread of the actual starts is reported. The account's floor: N x 100 pages through one
 *    50/s bucket, as bursts of 50 one window apart ({@link burstAwareFloor}). Reported: failures,
 *    wall time (first start to last end, each process's own clock) over the floor, and fairness
 *    (slowest process's time over the fastest's).
 * 7. S stacks (6) of R (80) `McpServerDisablement` each, one app key, `pulumi up` all at once,
 *    then `pulumi destroy` all at once (program bench/program). Reported: failed commands,
 *    servers in the wrong state, writes not exactly once (the audit log), 429 answers, and the
 *    wall time of each phase over the account's floor (S x R gets and S x R disables per phase,
 *    each bucket 50/s and 1000/min) plus one engine run: the same S stacks declaring the same
 *    resources of a do-nothing dynamic provider (no API call), `up` (and `destroy`) all at once,
 *    measured first in the same run, as benchmark 2 measures the engine's own cost. The
 *    empty-stack `up` (one CLI, no resources) is reported beside it.
 */
import { startEmulator } from "pulumi-flashduty-emulator";
import { FlashdutyClient } from "pulumi-flashduty/sdk";
import { runWorkers } from "../test/support/sharedAccount";
import { PRODUCTION, productionLimits, copyFromRepo, median, progress, tempProject, type TempProject } from "./common";
import { bucketFloorSeconds } from "./engine";
import { burstAwareFloor } from "./floors";
import { seedSizeFor } from "./rules";

const RULES = 10_000;
const PAGE_SIZE = 100;
export const SHARED_LATENCY_MS = 40;

/**
 * How long after spawning `processes` workers their common start time lies, in ms: enough for
 * all of them to load Node.js and the SDK on a 2-core machine (about 250 ms each, 1.5 s at least).
 */
export function startDelayMs(processes: number): number {
  return Math.max(1_500, 400 * processes);
}

export interface SharedReadsResult {
  processes: number;
  floorSeconds: number;
  floorDerivation: string;
  wallSeconds: number;
  failures: number;
  /** Seconds each process took, in process order. */
  perProcess: number[];
  fairness: number;
  /** Last start minus first start, ms (the processes wait for one common start time). */
  startSpreadMs: number;
  requests: number;
  status429: number;
}

/** Benchmark 6 for `processes` processes. */
export async function benchSharedReads(processes: number): Promise<SharedReadsResult> {
  const seedRules = await seedSizeFor(RULES);
  const emu = await startEmulator({ seed: { rules: seedRules }, limits: false });
  try {
    if (emu.visibleRules(emu.keys.admin).length !== RULES) throw new Error(`bench: the admin key does not see ${RULES} rules`);
    // Warm the emulator's per-rule JSON cache as a long-running server's is (see benchmark 1).
    const warmUp = new FlashdutyClient({ appKey: emu.keys.admin, baseUrl: emu.url, rateLimit: false });
    for await (const _rule of warmUp.automationRules.listAll({ limit: PAGE_SIZE })) void _rule;
    emu.setLimits(productionLimits());
    emu.setFaults([{ operation: "automationRule.list", kind: "latency", latencyMs: SHARED_LATENCY_MS }]);
    emu.resetCounters();
    const startAt = Date.now() + startDelayMs(processes);
    const results = await runWorkers(
      Array.from({ length: processes }, (_, i) => ({
        baseUrl: emu.url,
        appKey: emu.keys.admin,
        userAgent: `bench-${i}`,
        mode: "rules" as const,
        pageSize: PAGE_SIZE,
        startAt,
      })),
    );
    const startSpreadMs = Math.max(...results.map((r) => r.startedAt)) - Math.min(...results.map((r) => r.startedAt));
    const failures = results.filter((r) => !r.ok || r.items !== RULES).length;
    for (const r of results) if (!r.ok) progress(`6. a process failed: ${r.error}`);
    const perProcess = results.map((r) => (r.endedAt - r.startedAt) / 1000);
    const wallSeconds = (Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt))) / 1000;
    const floor = burstAwareFloor(processes * (RULES / PAGE_SIZE), PRODUCTION.perSecond, SHARED_LATENCY_MS);
    const counter = emu.counters()["automationRule.list"];
    const result: SharedReadsResult = {
      processes,
      floorSeconds: floor.seconds,
      floorDerivation: floor.derivation,
      wallSeconds,
      failures,
      perProcess,
      fairness: Math.max(...perProcess) / Math.min(...perProcess),
      startSpreadMs,
      requests: counter.requests,
      status429: counter.statuses["429"] ?? 0,
    };
    progress(
      `6. ${processes} processes: ${wallSeconds.toFixed(2)} s (floor ${floor.seconds.toFixed(2)} s), ` +
        `per process ${perProcess.map((v) => v.toFixed(2)).join(" / ")} s (starts within ${startSpreadMs} ms), ${failures} failed, ${result.status429} x 429`,
    );
    return result;
  } finally {
    await emu.close();
  }
}

export interface SharedStacksResult {
  stacks: number;
  resourcesPerStack: number;
  emptyUpSeconds: number;
  /** The same stacks with the do-nothing provider, all at once: `up` and `destroy` wall seconds. */
  noop: { upSeconds: number; destroySeconds: number };
  floorSeconds: number;
  up: StacksPhase;
  destroy: StacksPhase;
}

export interface StacksPhase {
  wallSeconds: number;
  failedCommands: number;
  wrongState: number;
  notExactlyOnce: number;
  status429: number;
}

/** Benchmark 7: `stacks` stacks of `perStack` resources, one app key, up then destroy at once. */
export async function benchSharedStacks(stacks = 6, perStack = 80): Promise<SharedStacksResult> {
  const total = stacks * perStack;
  const emu = await startEmulator({ seed: { servers: 12 + total }, limits: productionLimits() });
  const projects: TempProject[] = [];
  try {
    const servers = Array.from({ length: total }, (_, i) => `mcp_gen_${String(i + 1).padStart(4, "0")}`);
    for (let s = 0; s < stacks; s++) {
      const project = await tempProject(`shared${s}`, (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
      projects.push(project);
    }
    // One engine run: an empty-stack `up` (one warm-up, then the median of 2).
    const empty = projects[0]!;
    await empty.ws.setConfig("servers", "[]");
    await empty.timedRun(["up", "--yes", "--skip-preview"]);
    const emptyUps: number[] = [];
    for (let i = 0; i < 2; i++) emptyUps.push((await empty.timedRun(["up", "--yes", "--skip-preview"])).seconds);
    const emptyUpSeconds = median(emptyUps);
    for (const [s, project] of projects.entries()) {
      await project.ws.setConfig("servers", JSON.stringify(servers.slice(s * perStack, (s + 1) * perStack)));
    }
    // The engine's own cost of these stacks at once: the same resources of a do-nothing provider.
    const allAtOnce = async (args: string[]): Promise<number> => {
      const t0 = performance.now();
      const results = await Promise.all(projects.map((p) => p.ws.run(args, { check: false })));
      if (results.some((r) => r.code !== 0)) throw new Error(`bench: a do-nothing \`pulumi ${args[0]}\` failed`);
      return (performance.now() - t0) / 1000;
    };
    for (const project of projects) await project.ws.setConfig("noop", "true");
    const noop = { upSeconds: await allAtOnce(["up", "--yes", "--skip-preview"]), destroySeconds: await allAtOnce(["destroy", "--yes", "--skip-preview"]) };
    progress(`7. do-nothing reference, ${stacks} x ${perStack} at once: up ${noop.upSeconds.toFixed(2)} s, destroy ${noop.destroySeconds.toFixed(2)} s`);
    for (const project of projects) await project.ws.setConfig("noop", "false");
    emu.resetCounters();

    const phase = async (args: string[], operation: "disable" | "enable", target: "disabled" | "enabled"): Promise<StacksPhase> => {
      const auditBefore = emu.audit().length;
      const t0 = performance.now();
      const results = await Promise.all(projects.map((p) => p.ws.run(args, { check: false })));
      const wallSeconds = (performance.now() - t0) / 1000;
      const audit = emu.audit().slice(auditBefore);
      const notExactlyOnce = servers.filter(
        (id) => audit.filter((e) => e.serverId === id && e.operation === operation && e.outcome === "success").length !== 1,
      ).length;
      const counters = emu.counters();
      const status429 = Object.values(counters).reduce((n, c) => n + (c.statuses["429"] ?? 0), 0);
      emu.resetCounters();
      return {
        wallSeconds,
        failedCommands: results.filter((r) => r.code !== 0).length,
        wrongState: servers.filter((id) => emu.server(id)?.status !== target).length,
        notExactlyOnce,
        status429,
      };
    };
    const up = await phase(["up", "--yes", "--skip-preview"], "disable", "disabled");
    progress(`7. up of ${stacks} x ${perStack}: ${up.wallSeconds.toFixed(2)} s, ${up.failedCommands} failed, ${up.status429} x 429`);
    const destroy = await phase(["destroy", "--yes", "--skip-preview"], "enable", "enabled");
    progress(`7. destroy: ${destroy.wallSeconds.toFixed(2)} s, ${destroy.failedCommands} failed, ${destroy.status429} x 429`);
    // Per phase: total gets (per account) and total writes (per app key), two buckets in parallel.
    const floorSeconds = bucketFloorSeconds(total);
    return { stacks, resourcesPerStack: perStack, emptyUpSeconds, noop, floorSeconds, up, destroy };
  } finally {
    for (const p of projects) p.dispose();
    await emu.close();
  }
}
