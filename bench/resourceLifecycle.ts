/**
 * The lifecycle measurement benchmarks 8 to 11 share: in one throw-away project, the engine's
 * own cost first (the empty project's `up`, then `up`, `preview --refresh` and `destroy` of as
 * many do-nothing dynamic resources, which make no API call), then the same three commands for
 * the resources under test, each with the API requests it cost (the emulator's counters).
 */
import type { Emulator } from "pulumi-flashduty-emulator";
import { median, progress, type TempProject } from "./common";

/** One command's time and what it cost on the API. */
export interface CommandPhase {
  seconds: number;
  /** Requests per operation during the command. */
  calls: Record<string, number>;
  /** 429 answers during the command, all operations. */
  status429: number;
}

/** The engine's reference figures and the three measured commands, all in s. */
export interface LifecycleResult {
  /** Median `up` of the empty project (engine start-up), s. */
  engineSeconds: number;
  /** The same commands for as many do-nothing dynamic resources (the engine's share), s. */
  noop: { up: number; previewRefresh: number; destroy: number };
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
  /** Further config the program needs, set before anything runs (e.g. `skillsDir`). */
  config?: Record<string, string>;
  /** Added to every API request of the measured commands (not the reference's), ms. */
  latencyMs: number;
  /** Runs after the measured `up`, before `preview --refresh` (e.g. to count what was made). */
  afterUp?: () => void;
}

function counters(emu: Emulator): ReturnType<Emulator["counters"]> {
  return emu.counters();
}

function phaseSince(emu: Emulator, before: ReturnType<Emulator["counters"]>, seconds: number): CommandPhase {
  const after = counters(emu);
  const calls: Record<string, number> = {};
  let status429 = 0;
  for (const [op, counter] of Object.entries(after)) {
    const previous = before[op as keyof typeof before];
    const n = counter.requests - (previous?.requests ?? 0);
    if (n > 0) calls[op] = n;
    status429 += (counter.statuses["429"] ?? 0) - (previous?.statuses["429"] ?? 0);
  }
  return { seconds, calls, status429 };
}

/** Measures the engine's reference, then `up`, `preview --refresh` and `destroy` of the resources (see the file comment). */
export async function measureLifecycle(spec: LifecycleSpec): Promise<LifecycleResult> {
  const { emu, project } = spec;
  // All resources under test: as many do-nothing resources make the engine's reference.
  const resources = Object.values(spec.counts).reduce((sum, n) => sum + n, 0);
  const UP = ["up", "--yes", "--skip-preview"];
  // Engine start-up: the same project with no resources (one warm-up, then the median of 2).
  for (const [key, value] of Object.entries(spec.config ?? {})) await project.ws.setConfig(key, value);
  for (const key of Object.keys(spec.counts)) await project.ws.setConfig(key, "0");
  const empty: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { seconds } = await project.timedRun(UP);
    if (i > 0) empty.push(seconds);
  }
  // The engine's share: the same commands for as many do-nothing dynamic resources.
  await project.ws.setConfig("noop", "true");
  await project.ws.setConfig("servers", JSON.stringify(Array.from({ length: resources }, (_, i) => `noop-${i}`)));
  const noop = {
    up: (await project.timedRun(UP)).seconds,
    previewRefresh: (await project.timedRun(["preview", "--refresh"])).seconds,
    destroy: (await project.timedRun(["destroy", "--yes", "--skip-preview"])).seconds,
  };
  await project.ws.run(["config", "rm", "noop"]);
  await project.ws.run(["config", "rm", "servers"]);
  for (const [key, n] of Object.entries(spec.counts)) await project.ws.setConfig(key, String(n));
  emu.setFaults([{ operation: "*", kind: "latency", latencyMs: spec.latencyMs }]);

  const measure = async (command: string, args: string[]): Promise<CommandPhase> => {
    progress(`${spec.bench}. pulumi ${command} of ${resources} ${spec.noun}`);
    const before = counters(emu);
    return phaseSince(emu, before, (await project.timedRun(args)).seconds);
  };
  const up = await measure("up", UP);
  spec.afterUp?.();
  const previewRefresh = await measure("preview --refresh", ["preview", "--refresh"]);
  const destroy = await measure("destroy", ["destroy", "--yes", "--skip-preview"]);
  return { engineSeconds: median(empty), noop, up, previewRefresh, destroy };
}
