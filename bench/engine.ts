/**
 * Benchmarks 2 and 3, on stacks of 200 `McpServerDisablement` resources driven by the real
 * Pulumi CLI (program: bench/program) against the emulator at production limits.
 *
 * 2. `pulumi up --yes --skip-preview` creating the 200 resources, against a floor derived from
 *    the limits and the calls per resource (see {@link createFloorSeconds}), with the count of
 *    429 answers. Engine start-up (CLI, language host, program boot) has nothing to do with the
 *    limits, so it is measured on its own in the same run (the same `up` of the same project
 *    with no resources) and subtracted; the raw time is reported too. Two references, same run,
 *    show where the rest goes: the same `up` with a do-nothing dynamic provider (the engine's
 *    own cost for 200 dynamic resources, no API call), and our `up` with the engine's
 *    per-step state checkpoints off (`PULUMI_SKIP_CHECKPOINTS=true`). And without Pulumi: the
 *    same 400 calls from the SDK client, 8 resources in flight as the engine's default
 *    `--parallel 8`, through the client's rate gate as shipped (one per key) and through one gate
 *    per operation (the platform's buckets).
 * 3. API calls per resource, counted by the emulator: the create above, `pulumi refresh`, a
 *    `pulumi up` with nothing to change (preview included, as CI runs it) and `pulumi destroy`.
 */
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator, type Emulator, type OperationName } from "pulumi-flashduty-emulator";
import { FlashdutyClient } from "pulumi-flashduty/sdk";
import { PRODUCTION, productionLimits, copyFromRepo, generatedServerIds, median, progress, tempProject, type TempProject } from "./common";
import { operationFloorSeconds } from "./floors";

export const RESOURCES = 200;
/** Empty-stack `up`s measured (after one unmeasured warm-up); their median is subtracted. */
const EMPTY_UPS = 2;
const UP = ["up", "--yes", "--skip-preview"];
const DESTROY = ["destroy", "--yes", "--skip-preview"];
/**
 * Creating `up`s of each kind (ours, the do-nothing provider), alternating, destroyed in between
 * (not measured); the run with the median time of each kind is reported. One run of each moves
 * by 10-20% on a shared 2-core machine.
 */
const CREATE_RUNS = 3;

const READS: readonly OperationName[] = ["mcpServer.get", "mcpServer.list"];
const WRITES: readonly OperationName[] = ["mcpServer.disable", "mcpServer.enable"];

/** One timed command and the calls the emulator counted during it. */
export interface PhaseCalls {
  command: string;
  seconds: number;
  byOperation: Partial<Record<OperationName, number>>;
  reads: number;
  writes: number;
  status429: number;
  perResource: { calls: number; reads: number; writes: number };
  /** 1-minute load average when the command ended (the machine may be shared). */
  loadAverage: number;
}

export interface EngineResult {
  resources: number;
  floor: { seconds: number; derivation: string; perBucket: Record<string, number> };
  emptyUpSeconds: number[];
  emptyUpMedian: number;
  /** The median run of {@link createRuns} (its calls and time). */
  create: PhaseCalls;
  /** Seconds of every creating `up` of ours, in run order. */
  createRuns: number[];
  refresh: PhaseCalls;
  noChange: PhaseCalls;
  destroy: PhaseCalls;
  /** The same `up` with the do-nothing dynamic provider: the median of its runs. */
  noopCreate: PhaseCalls;
  /** Seconds of every creating `up` of the do-nothing provider, in run order. */
  noopCreateRuns: number[];
  /** Our `up` with PULUMI_SKIP_CHECKPOINTS=true. */
  createWithoutCheckpoints: PhaseCalls;
  /** Size of the stack's state after the create (what each engine checkpoint rewrites). */
  state: { bytes: number; bytesPerResource: number; providerTextBytes: number };
  /** The create's API calls from the SDK client alone, no Pulumi. */
  /** The create's calls from the SDK client alone (its per-operation rate buckets, as shipped). */
  clientAlone: ClientAlone;
}

export interface ClientAlone {
  seconds: number;
  status429: number;
}

/** Shortest time, s, in which one bucket of the production limits (50/s, 1000/min) admits `n` requests ({@link operationFloorSeconds}). */
export function bucketFloorSeconds(n: number): number {
  return operationFloorSeconds(n, PRODUCTION);
}

/**
 * Floor of the creating `up`. A create calls `mcpServer.get` once (bucket: per account) and,
 * for an enabled server, `mcpServer.disable` once (bucket: per app key). The platform limits each
 * operation separately (docs/platform-api.md "Rate limits and retries": 50 requests/second for each operation), so
 * the two buckets fill in parallel and the floor is the slower bucket; a disable follows its own
 * get, which adds one round trip (a millisecond locally) to the last resource.
 */
export function createFloorSeconds(resources: number): EngineResult["floor"] {
  const perBucket = { "mcpServer.get (per account)": resources, "mcpServer.disable (per app key)": resources };
  const seconds = Math.max(...Object.values(perBucket).map(bucketFloorSeconds));
  const derivation =
    `${resources} resources x (1 get + 1 disable); get and disable are separate buckets of ` +
    `${PRODUCTION.perSecond}/s and ${PRODUCTION.perMinute}/min; ${resources} calls per bucket <= ${PRODUCTION.perMinute}, ` +
    `so the per-minute limit does not bind: floor = ${resources} / ${PRODUCTION.perSecond}/s = ${seconds.toFixed(1)} s`;
  return { seconds, derivation, perBucket };
}

function phaseCalls(emu: Emulator, command: string, seconds: number, resources: number): PhaseCalls {
  const counters = emu.counters();
  const byOperation: PhaseCalls["byOperation"] = {};
  let status429 = 0;
  for (const [op, c] of Object.entries(counters) as Array<[OperationName, (typeof counters)[OperationName]]>) {
    if (c.requests > 0) byOperation[op] = c.requests;
    status429 += c.statuses["429"] ?? 0;
  }
  const sum = (ops: readonly OperationName[]) => ops.reduce((n, op) => n + (byOperation[op] ?? 0), 0);
  const reads = sum(READS);
  const writes = sum(WRITES);
  const calls = Object.values(byOperation).reduce((n, v) => n + (v ?? 0), 0);
  return {
    command,
    seconds,
    byOperation,
    reads,
    writes,
    status429,
    perResource: { calls: calls / resources, reads: reads / resources, writes: writes / resources },
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

/** Fails unless every server of `ids` has `status` in the emulator. */
function expectAll(emu: Emulator, ids: readonly string[], status: "enabled" | "disabled", after: string): void {
  const wrong = ids.filter((id) => emu.server(id)?.status !== status);
  if (wrong.length > 0) throw new Error(`bench: after ${after}, ${wrong.length} servers are not ${status} (${wrong[0]}...)`);
}

/** The engine's default `--parallel`, as `pulumi up --help` reports it on the 2-core machine. */
const ENGINE_PARALLEL = 8;

/**
 * What a create does (get, then disable when enabled) for {@link RESOURCES} servers, straight
 * from the SDK client with {@link ENGINE_PARALLEL} resources in flight, on a fresh emulator.
 * The SDK keeps one rate bucket per operation, so gets and disables are paced separately.
 */
async function clientAlone(): Promise<ClientAlone> {
  const emu = await startEmulator({ seed: { servers: 12 + RESOURCES }, limits: productionLimits() });
  try {
    const ids = generatedServers(emu);
    const gets = new FlashdutyClient({ appKey: emu.keys.admin, baseUrl: emu.url });
    const disables = gets;
    let next = 0;
    const t0 = performance.now();
    const worker = async (): Promise<void> => {
      while (next < ids.length) {
        const serverId = ids[next++] as string;
        const server = await gets.mcpServers.get({ serverId });
        if (server.status === "enabled") await disables.mcpServers.disable({ serverId });
      }
    };
    await Promise.all(Array.from({ length: ENGINE_PARALLEL }, worker));
    const seconds = (performance.now() - t0) / 1000;
    expectAll(emu, ids, "disabled", "the client-only run");
    const status429 = Object.values(emu.counters()).reduce((n, c) => n + (c.statuses["429"] ?? 0), 0);
    progress(`2. the create's calls from the SDK alone (a rate bucket per operation): ${seconds.toFixed(2)} s, ${status429} answered 429`);
    return { seconds, status429 };
  } finally {
    await emu.close();
  }
}

/** The run whose time is the median (runs: an odd number). */
function medianRun(runs: readonly PhaseCalls[]): PhaseCalls {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  return sorted[Math.floor(sorted.length / 2)] as PhaseCalls;
}

/** mcp_gen_0001..0200: account 1, team 1, enabled; the admin key may edit them. */
function generatedServers(emu: Emulator): string[] {
  const ids = generatedServerIds(emu, RESOURCES);
  if (ids.length !== RESOURCES) throw new Error(`bench: the emulator has ${ids.length} generated servers, expected ${RESOURCES}`);
  return ids;
}

export async function benchEngine(): Promise<EngineResult> {
  const alone = await clientAlone();

  // 12 fixed servers plus mcp_gen_0001..0200. The stack without checkpoints gets an emulator of
  // its own, so the three creating `up`s can run back to back (closest in time, so background
  // load on a shared machine hits them alike) and the main stack's state stays true.
  const emu = await startEmulator({ seed: { servers: 12 + RESOURCES }, limits: productionLimits() });
  const emuNoCheckpoints = await startEmulator({ seed: { servers: 12 + RESOURCES }, limits: productionLimits() });
  const servers = generatedServers(emu);

  const projects: TempProject[] = [];
  const newProject = async (label: string, on: Emulator, config: Record<string, string>): Promise<TempProject> => {
    const project = await tempProject(label, (dir) => copyFromRepo(path.join("bench", "program"), dir), {
      baseUrl: on.url,
      appKey: on.keys.admin,
    });
    projects.push(project);
    for (const [key, value] of Object.entries(config)) await project.ws.setConfig(key, value);
    return project;
  };
  /** Runs one command with fresh counters and empty rate-limit windows on both sides. */
  const phase = async (project: TempProject, on: Emulator, label: string, args: string[], env?: NodeJS.ProcessEnv): Promise<PhaseCalls> => {
    on.resetCounters();
    on.setLimits(productionLimits());
    const { seconds } = await project.timedRun(args, env);
    const calls = phaseCalls(on, `pulumi ${args.join(" ")}`, seconds, RESOURCES);
    progress(
      `2/3. ${label}: ${seconds.toFixed(2)} s, calls ${JSON.stringify(calls.byOperation)}, ${calls.status429} answered 429 ` +
        `(load ${calls.loadAverage.toFixed(2)})`,
    );
    return calls;
  };

  try {
    const list = JSON.stringify(servers);
    const main = await newProject("engine", emu, { servers: "[]" });
    const noop = await newProject("noop", emu, { servers: list, noop: "true" });
    const unchecked = await newProject("nockpt", emuNoCheckpoints, { servers: list });

    // Engine start-up: the same project and command with no resources.
    await main.timedRun(UP); // warm-up: first run of the CLI and language host, OS file cache
    const emptyUpSeconds: number[] = [];
    for (let i = 0; i < EMPTY_UPS; i++) emptyUpSeconds.push((await main.timedRun(UP)).seconds);
    const emptyUpMedian = median(emptyUpSeconds);
    progress(`2. empty-stack up: ${emptyUpSeconds.map((s) => s.toFixed(2)).join(", ")} s`);

    await main.ws.setConfig("servers", list);
    const creates: PhaseCalls[] = [];
    const noopCreates: PhaseCalls[] = [];
    for (let run = 1; run <= CREATE_RUNS; run++) {
      if (run > 1) {
        await main.timedRun(DESTROY);
        await noop.timedRun(DESTROY);
        expectAll(emu, servers, "enabled", "the destroy between runs");
      }
      creates.push(await phase(main, emu, `up creating ${RESOURCES} resources (run ${run}/${CREATE_RUNS})`, UP));
      expectAll(emu, servers, "disabled", "up");
      noopCreates.push(await phase(noop, emu, `up creating ${RESOURCES} do-nothing dynamic resources (run ${run}/${CREATE_RUNS})`, UP));
    }
    const create = medianRun(creates);
    const noopCreate = medianRun(noopCreates);
    const createWithoutCheckpoints = await phase(unchecked, emuNoCheckpoints, `up creating ${RESOURCES} resources, PULUMI_SKIP_CHECKPOINTS=true`, UP, {
      PULUMI_SKIP_CHECKPOINTS: "true",
    });
    expectAll(emuNoCheckpoints, servers, "disabled", "the up without checkpoints");

    const exported = await main.ws.exportState();
    const ours = (exported.deployment.resources ?? []).filter((r) => String(r.type).includes("McpServerDisablement"));
    const stateBytes = Buffer.byteLength(JSON.stringify(exported));
    const state = {
      bytes: stateBytes,
      bytesPerResource: Math.round(stateBytes / Math.max(1, ours.length)),
      providerTextBytes: Buffer.byteLength(String(ours[0]?.inputs?.__provider ?? "")),
    };
    progress(`2. state after the create: ${state.bytes} bytes, ${state.bytesPerResource} per resource; __provider ${state.providerTextBytes} bytes`);

    const refresh = await phase(main, emu, "refresh", ["refresh", "--yes", "--skip-preview"]);
    const noChange = await phase(main, emu, "up with no change", ["up", "--yes"]);
    const destroy = await phase(main, emu, "destroy", DESTROY);
    expectAll(emu, servers, "enabled", "destroy");

    return {
      resources: RESOURCES,
      floor: createFloorSeconds(RESOURCES),
      emptyUpSeconds,
      emptyUpMedian,
      create,
      createRuns: creates.map((c) => c.seconds),
      refresh,
      noChange,
      destroy,
      noopCreate,
      noopCreateRuns: noopCreates.map((c) => c.seconds),
      createWithoutCheckpoints,
      state,
      clientAlone: alone,
    };
  } finally {
    for (const project of projects) project.dispose();
    await emu.close();
    await emuNoCheckpoints.close();
  }
}
