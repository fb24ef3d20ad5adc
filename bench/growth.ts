/**
 * Benchmark 12: how the cost grows with the stack (issue 47). Mixed stacks of N resources (a
 * third `McpServerDisablement` of seeded enabled servers, a third `McpServer`, the rest
 * `AutomationRule`; default N = 100, 1,000 and 5,000) through `pulumi up`, `pulumi preview
 * --refresh`, `pulumi-flashduty drift` and `pulumi destroy`, at production limits with 40 ms
 * added to every request. Each command against its floor plus the like-for-like reference (the
 * same program, every resource a do-nothing dynamic resource with the same inputs and secrets;
 * bench/resourceLifecycle.ts), `runs` times alternating; the drift report against the `preview
 * --refresh` of the same run, which it wraps; the peak memory of the engine, program and provider
 * processes (bench/processWatch.ts); and, with `profile`, one more `up`, refresh and `destroy` at
 * the largest size with a CPU profile of the program and the provider (bench/cpuProfile.ts).
 *
 * Floors ({@link growthFloors}, from `OPERATION_RATE_LIMITS`, a bucket per operation): `up` is
 * d gets + d disables + m server creates + r rule creates; the refresh one complete listing of
 * the account's servers and one of its rules (issue 62: the reads arriving together share list
 * pages); `destroy` d enables + m server deletes + r rule deletes. Server and rule writes are
 * 20/s and 300/min, so from 301 of them the per-minute windows bind.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import type { Emulator } from "pulumi-flashduty-emulator";
import { LIMITS } from "../wire/protocol";
import { REPO_ROOT } from "../scripts/pulumiCli";
import { copyFromRepo, emulatorWithServersToDisable, median, productionLimits, progress, secondsSince, tempProject, type TempProject } from "./common";
import { summariseProfile, type ProfileSummary } from "./cpuProfile";
import { type Floor, floorOf } from "./floors";
import { MCP_WRITE_OPERATIONS } from "./mcpServers";
import { watchPeakMemory, type PeakMemory } from "./processWatch";
import { type CommandPhase, measureLifecycle, type LifecycleResult } from "./resourceLifecycle";

/**
 * Benchmark 12's sizes when `--sizes` is not given: minutes on 2 cores. 5,000 takes over an hour
 * (with the engine's checkpoints off; hours with them) and runs on request: `--sizes 5000`.
 */
export const GROWTH_SIZES = [100, 1000] as const;
export const GROWTH_LATENCY_MS = 40;

/** How a stack of `n` resources is made up. */
export interface GrowthMix {
  disablements: number;
  mcpServers: number;
  automationRules: number;
}

/** A third disablements, a third servers, the rest rules. */
export function growthMix(n: number): GrowthMix {
  const third = Math.floor(n / 3);
  return { disablements: third, mcpServers: third, automationRules: n - 2 * third };
}

/**
 * Pages of one complete listing of `items` (100 a page), plus the page past the end the client
 * reads when the `total` may be capped (1,000 or more).
 */
export function listingPages(items: number): number {
  return Math.ceil(items / LIMITS.maxPageSize) + (items >= LIMITS.listTotalCap ? 1 : 0);
}

/**
 * The floors of the four commands for a mix (see the file comment). `listed`: what the key's
 * listings hold before the stack is made (the account's servers; the rules the key sees).
 */
export function growthFloors(mix: GrowthMix, listed: { servers: number; rules: number }): { up: Floor; refresh: Floor; destroy: Floor } {
  const d = mix.disablements;
  return {
    up: floorOf({ "mcpServer.get": d, "mcpServer.disable": d, "mcpServer.create": mix.mcpServers, "automationRule.create": mix.automationRules }),
    refresh: floorOf({
      "mcpServer.list": listingPages(listed.servers + mix.mcpServers),
      "automationRule.list": listingPages(listed.rules + mix.automationRules),
    }),
    destroy: floorOf({ "mcpServer.enable": d, "mcpServer.delete": mix.mcpServers, "automationRule.delete": mix.automationRules }),
  };
}

/** The drift report of one run: its time and the refresh preview's of the same run, s. */
export interface DriftRun {
  seconds: number;
  previewRefreshSeconds: number;
  exitCode: number;
}

export interface GrowthSizeResult extends LifecycleResult {
  resources: number;
  mix: GrowthMix;
  floors: { up: Floor; refresh: Floor; destroy: Floor };
  drift: DriftRun[];
  /** Peak resident set per process kind and command, MiB (the largest over the runs). */
  memory: Record<"up" | "previewRefresh" | "drift" | "destroy", PeakMemory>;
  /** Seeded servers disabled and `bench-mcp-*` servers on the emulator after the last `up` and after the last `destroy`. */
  afterUp: { disabled: number; servers: number };
  afterDestroy: { disabled: number; servers: number };
  profile?: { command: string; seconds: number; summaries: ProfileSummary[] }[];
}

const run = promisify(execFile);

/** `pulumi-flashduty drift` on the project's stack (the built CLI in dist/), timed; exit 0 (no drift) or 2 (drift). */
async function driftReport(project: TempProject, outFile: string): Promise<{ seconds: number; exitCode: number }> {
  const t0 = performance.now();
  const cli = path.join(REPO_ROOT, "dist", "cli", "main.js");
  try {
    await run(process.execPath, [cli, "drift", "--stack", "bench", "--cwd", project.projectDir, "--json", "--output", outFile], {
      env: project.ws.environment(),
      maxBuffer: 64 * 1024 * 1024,
    });
    return { seconds: secondsSince(t0), exitCode: 0 };
  } catch (err) {
    const code = (err as { code?: number }).code;
    if (code === 2) return { seconds: secondsSince(t0), exitCode: 2 };
    throw new Error(`bench: pulumi-flashduty drift failed: ${(err as { stderr?: string }).stderr ?? String(err)}`);
  }
}

function counts(emu: Emulator, seeded: readonly string[]): { disabled: number; servers: number } {
  return {
    disabled: seeded.filter((id) => emu.server(id)?.status === "disabled").length,
    servers: emu.servers().filter((s) => s.server_name.startsWith("bench-mcp-")).length,
  };
}

/** The largest of two peaks, per kind. */
function maxPeak(a: PeakMemory, b: PeakMemory): PeakMemory {
  return { engine: Math.max(a.engine, b.engine), program: Math.max(a.program, b.program), provider: Math.max(a.provider, b.provider) };
}

/** One more `up`, refresh and `destroy` with `--cpu-prof` in the program's and the provider's Node.js, summarised. */
async function profiled(project: TempProject, dir: string): Promise<GrowthSizeResult["profile"]> {
  const preload = path.join(REPO_ROOT, "bench", "profileOnSignal.cjs");
  const out: NonNullable<GrowthSizeResult["profile"]> = [];
  for (const [command, args] of [
    ["up", ["up", "--yes", "--skip-preview"]],
    ["preview --refresh", ["preview", "--refresh"]],
    ["destroy", ["destroy", "--yes", "--skip-preview"]],
  ] as const) {
    const profileDir = path.join(dir, command.replace(/\W+/g, "-"));
    mkdirSync(profileDir, { recursive: true });
    progress(`12. profiled pulumi ${command}`);
    const { seconds } = await project.timedRun([...args], { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} --require=${preload}` });
    const files = readdirSync(profileDir).filter((f) => f.endsWith(".cpuprofile"));
    out.push({ command, seconds, summaries: files.map((f) => summariseProfile(path.join(profileDir, f))) });
  }
  return out;
}

/** Runs benchmark 12 at one size. */
export async function benchGrowthSize(n: number, opts: { runs: number; profileDir?: string }): Promise<GrowthSizeResult> {
  const mix = growthMix(n);
  const { emu, seeded } = await emulatorWithServersToDisable(mix.disablements);
  const listed = { servers: emu.servers().filter((s) => s.account_id === 1).length, rules: emu.visibleRules(emu.keys.admin).length };
  const project = await tempProject(`growth-${n}`, (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
  const memory: GrowthSizeResult["memory"] = {
    up: { engine: 0, program: 0, provider: 0 },
    previewRefresh: { engine: 0, program: 0, provider: 0 },
    drift: { engine: 0, program: 0, provider: 0 },
    destroy: { engine: 0, program: 0, provider: 0 },
  };
  const drift: DriftRun[] = [];
  let afterUp = { disabled: 0, servers: 0 };
  // Memory is sampled around each measured command: the lifecycle's hooks bracket them.
  let watch = watchPeakMemory(project.projectDir);
  const restartWatch = (into: keyof GrowthSizeResult["memory"]) => {
    memory[into] = maxPeak(memory[into], watch.stop());
    watch = watchPeakMemory(project.projectDir);
  };
  try {
    const measured = await measureLifecycle({
      bench: 12,
      noun: `mixed resources (${mix.disablements} disablements, ${mix.mcpServers} servers, ${mix.automationRules} rules)`,
      emu,
      project,
      counts: { mcpServers: mix.mcpServers, automationRules: mix.automationRules },
      config: { servers: JSON.stringify(seeded) },
      latencyMs: GROWTH_LATENCY_MS,
      runs: opts.runs,
      limits: productionLimits(),
      beforeMeasured: () => {
        watch.stop();
        watch = watchPeakMemory(project.projectDir);
      },
      afterUp: () => {
        restartWatch("up");
        afterUp = counts(emu, seeded);
      },
      afterRefresh: async (_run, previewRefreshSeconds) => {
        restartWatch("previewRefresh");
        emu.setLimits(productionLimits()); // empty windows, as before the refresh it is compared with
        const report = await driftReport(project, path.join(project.projectDir, "..", "drift.json"));
        restartWatch("drift");
        drift.push({ ...report, previewRefreshSeconds });
        progress(
          `12. pulumi-flashduty drift: ${report.seconds.toFixed(2)} s (exit ${report.exitCode}); the refresh preview of this run ${previewRefreshSeconds.toFixed(2)} s`,
        );
      },
      afterDestroy: () => restartWatch("destroy"),
    });
    watch.stop();
    const afterDestroy = counts(emu, seeded);
    let profile: GrowthSizeResult["profile"];
    if (opts.profileDir !== undefined) {
      rmSync(opts.profileDir, { recursive: true, force: true });
      emu.setFaults([{ operation: "*", kind: "latency", latencyMs: GROWTH_LATENCY_MS }]);
      profile = await profiled(project, opts.profileDir);
      emu.setFaults([]);
    }
    return { resources: n, mix, floors: growthFloors(mix, listed), ...measured, drift, memory, afterUp, afterDestroy, profile };
  } finally {
    watch.stop();
    project.dispose();
    await emu.close();
  }
}

/** The drift report over the refresh preview it wraps, median over the runs. */
export function driftRatio(r: GrowthSizeResult): number {
  return median(r.drift.map((d) => d.seconds / d.previewRefreshSeconds));
}

/** Writes of a phase: everything that changes a server (benchmark 9's list) or a rule. */
export function growthWrites(p: CommandPhase): number {
  const ops = [...MCP_WRITE_OPERATIONS, "automationRule.create", "automationRule.update", "automationRule.delete"];
  return ops.reduce((sum, op) => sum + (p.calls[op] ?? 0), 0);
}
