/**
 * The lifecycle measurement benchmarks 8 to 12 share: in one throw-away project, the empty
 * project's `up` (engine start-up, shown beside), then, `runs` times, the like-for-like reference
 * (`up`, `preview --refresh` and `destroy` of the same program with every resource declared, with
 * the same inputs and the same ones secret, as a do-nothing dynamic resource: no API call; issue
 * 47) followed by the same three commands for the resources under test, each with the API
 * requests it cost (the emulator's counters). Reference and measured runs alternate, so
 * background load on a shared machine hits both alike; each figure is the median of its runs.
 */
import type { Emulator, RateLimitConfig } from "pulumi-flashduty-emulator";
import { median, progress, type TempProject } from "./common";

/** One command's time and what it cost on the API. */
export interface CommandPhase {
  /** Median over the runs, s. */
  seconds: number;
  /** Every run's time, s, in run order. */
  runs: number[];
  /** Requests per operation during the command (the run with the median time). */
  calls: Record<string, number>;
  /** 429 answers during the command, all runs, all operations. */
  status429: number;
}

/** The reference's figures (medians, s) and every run's. */
export interface ReferencePhases {
  up: number;
  previewRefresh: number;
  destroy: number;
  runs: { up: number[]; previewRefresh: number[]; destroy: number[] };
}

/** The engine's reference figures and the three measured commands, all in s. */
export interface LifecycleResult {
  /** Median `up` of the empty project (engine start-up), s. */
  engineSeconds: number;
  /** The same commands for the same program on a do-nothing dynamic provider (the engine's share), s. */
  noop: ReferencePhases;
  up: CommandPhase;
  previewRefresh: CommandPhase;
  destroy: CommandPhase;
}

/** What {@link measureLifecycle} runs. */
export interface LifecycleSpec {
  /** The benchmark's number, for progress lines. */
  bench: number;
  /** The resources, for progress lines, e.g. "automation rules". */
  noun: string;
  emu: Emulator;
  /** A project of `bench/program`; the program makes the resources {@link counts} names. */
  project: TempProject;
  /**
   * The program's config keys for how many resources of each kind to declare, and how many
   * (`{ automationRules: 200 }`, `{ skills: 30, knowledgeFiles: 200 }`); 0 each for the empty project.
   */
  counts: Record<string, number>;
  /** Further config the program needs, set before anything runs (e.g. `skillsDir`, `servers`). */
  config?: Record<string, string>;
  /** Added to every API request of the measured commands (not the reference's), ms. */
  latencyMs: number;
  /** The emulator's rate limits, set again (windows emptied) before each measured command. */
  limits: RateLimitConfig;
  /** Runs of the reference and of the measured commands, alternating. Default 3 (issue 47). */
  runs?: number;
  /** Runs before each run's measured `up` (after the reference's commands). */
  beforeMeasured?: () => void;
  /** Runs after each measured `up`, before `preview --refresh` (e.g. to count what was made). */
  afterUp?: () => void;
  /** Runs after each measured `preview --refresh`, before `destroy`, with its time, s (e.g. a drift report). */
  afterRefresh?: (run: number, previewRefreshSeconds: number) => Promise<void>;
  /** Runs after each measured `destroy`. */
  afterDestroy?: () => void;
}

/** Default runs per figure (issue 47: three runs a figure). */
export const LIFECYCLE_RUNS = 3;

export function phaseSince(emu: Emulator, before: ReturnType<Emulator["counters"]>): Omit<CommandPhase, "seconds" | "runs"> {
  const after = emu.counters();
  const calls: Record<string, number> = {};
  let status429 = 0;
  for (const [op, counter] of Object.entries(after)) {
    const previous = before[op as keyof typeof before];
    const n = counter.requests - (previous?.requests ?? 0);
    if (n > 0) calls[op] = n;
    status429 += (counter.statuses["429"] ?? 0) - (previous?.statuses["429"] ?? 0);
  }
  return { calls, status429 };
}

/** The median run's calls, every run's time, and the 429 answers of all runs. */
export function combine(runs: Array<{ seconds: number; calls: Record<string, number>; status429: number }>): CommandPhase {
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)] as (typeof runs)[number];
  return {
    seconds: median(runs.map((r) => r.seconds)),
    runs: runs.map((r) => r.seconds),
    calls: mid.calls,
    status429: runs.reduce((n, r) => n + r.status429, 0),
  };
}

/** Measures the engine's reference, then `up`, `preview --refresh` and `destroy` of the resources (see the file comment). */
export async function measureLifecycle(spec: LifecycleSpec): Promise<LifecycleResult> {
  const { emu, project } = spec;
  const listed = spec.config?.servers !== undefined ? (JSON.parse(spec.config.servers) as unknown[]).length : 0;
  const resources = Object.values(spec.counts).reduce((sum, n) => sum + n, 0) + listed;
  const runs = spec.runs ?? LIFECYCLE_RUNS;
  const UP = ["up", "--yes", "--skip-preview"];
  const REFRESH = ["preview", "--refresh"];
  const DESTROY = ["destroy", "--yes", "--skip-preview"];
  for (const [key, value] of Object.entries(spec.config ?? {})) await project.ws.setConfig(key, value);
  // Engine start-up: the same project with no resources (one warm-up, then the median of 2).
  for (const key of Object.keys(spec.counts)) await project.ws.setConfig(key, "0");
  const emptyServers = spec.config?.servers !== undefined;
  if (emptyServers) await project.ws.setConfig("servers", "[]");
  const empty: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { seconds } = await project.timedRun(UP);
    if (i > 0) empty.push(seconds);
  }
  if (emptyServers) await project.ws.setConfig("servers", spec.config?.servers as string);
  for (const [key, n] of Object.entries(spec.counts)) await project.ws.setConfig(key, String(n));

  const reference = { up: [] as number[], previewRefresh: [] as number[], destroy: [] as number[] };
  const measured = { up: [] as CommandPhase[], previewRefresh: [] as CommandPhase[], destroy: [] as CommandPhase[] };
  const measure = async (command: string, args: string[], run: number): Promise<CommandPhase> => {
    progress(`${spec.bench}. pulumi ${command} of ${resources} ${spec.noun} (run ${run}/${runs})`);
    // Empty rate-limit windows, as every floor assumes: a command run right after another would
    // otherwise start in the windows the previous one filled (a refresh's gets after an `up`'s).
    emu.setLimits(spec.limits);
    const before = emu.counters();
    const { seconds } = await project.timedRun(args);
    const phase = { seconds, runs: [seconds], ...phaseSince(emu, before) };
    progress(`${spec.bench}. pulumi ${command}: ${seconds.toFixed(2)} s, ${phase.status429} × 429, calls ${JSON.stringify(phase.calls)}`);
    return phase;
  };
  for (let run = 1; run <= runs; run++) {
    // The like-for-like reference: the same program, every resource a do-nothing one.
    emu.setFaults([]);
    await project.ws.setConfig("noop", "true");
    progress(`${spec.bench}. the reference: up, preview --refresh, destroy of the same ${resources} resources, do-nothing (run ${run}/${runs})`);
    reference.up.push((await project.timedRun(UP)).seconds);
    reference.previewRefresh.push((await project.timedRun(REFRESH)).seconds);
    reference.destroy.push((await project.timedRun(DESTROY)).seconds);
    progress(
      `${spec.bench}. the reference: up ${reference.up.at(-1)?.toFixed(2)} s, preview --refresh ${reference.previewRefresh.at(-1)?.toFixed(2)} s, destroy ${reference.destroy.at(-1)?.toFixed(2)} s`,
    );
    await project.ws.run(["config", "rm", "noop"]);

    emu.setFaults([{ operation: "*", kind: "latency", latencyMs: spec.latencyMs }]);
    spec.beforeMeasured?.();
    measured.up.push(await measure("up", UP, run));
    spec.afterUp?.();
    const refresh = await measure("preview --refresh", REFRESH, run);
    measured.previewRefresh.push(refresh);
    await spec.afterRefresh?.(run, refresh.seconds);
    measured.destroy.push(await measure("destroy", DESTROY, run));
    spec.afterDestroy?.();
  }
  emu.setFaults([]);
  return {
    engineSeconds: median(empty),
    noop: {
      up: median(reference.up),
      previewRefresh: median(reference.previewRefresh),
      destroy: median(reference.destroy),
      runs: reference,
    },
    up: combine(measured.up),
    previewRefresh: combine(measured.previewRefresh),
    destroy: combine(measured.destroy),
  };
}
