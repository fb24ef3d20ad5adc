/**
 * Shared pieces of the benchmarks: clocks, statistics, and throw-away Pulumi projects under
 * <repo>/.pulumi-state/work (git-ignored). A project must live inside the repository so the
 * dynamic-provider plugin, whose working folder is the project folder, resolves
 * `pulumi-flashduty` from the repository's node_modules (the package's self-link).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { type Emulator, type RateLimitConfig, type RateWindowKind, startEmulator } from "pulumi-flashduty-emulator";
import { PulumiWorkspace, REPO_ROOT, type CommandResult } from "../scripts/pulumiCli";

/** Production rate limits of the API, per operation (docs/platform-api.md "Rate limits and retries"). */
export const PRODUCTION = { perSecond: 50, perMinute: 1000 } as const;

/**
 * How the emulator's windows count in this run, and how far its clock is off ours (ms): `npm run
 * bench -- --window sliding --clock-offset-ms=-30000`. Default fixed windows on our clock.
 */
export const platformWindows: { window: RateWindowKind; clockOffsetMs: number } = { window: "fixed", clockOffsetMs: 0 };

/** {@link PRODUCTION} counted as {@link platformWindows} says: the emulator's limits of every measurement. */
export function productionLimits(): RateLimitConfig {
  return { ...PRODUCTION, ...platformWindows };
}

/**
 * An emulator at production limits whose seed holds `disablements` generated MCP servers beyond
 * its usual 12, and those servers' ids (sorted): what a mix of `McpServerDisablement`s disables.
 */
export async function emulatorWithServersToDisable(disablements: number): Promise<{ emu: Emulator; seeded: string[] }> {
  const emu = await startEmulator({ port: 0, seed: { servers: 12 + disablements }, limits: productionLimits() });
  return { emu, seeded: generatedServerIds(emu, disablements) };
}

/** The first `count` ids of the seed's generated servers (`mcp_gen_0001`...), sorted: account 1, team 1, enabled. */
export function generatedServerIds(emu: Emulator, count: number): string[] {
  return emu
    .servers()
    .map((s) => s.server_id)
    .filter((id) => id.startsWith("mcp_gen_"))
    .sort()
    .slice(0, count);
}

/** Seconds since `t0` (a `performance.now()` reading). */
export function secondsSince(t0: number): number {
  return (performance.now() - t0) / 1000;
}

/** Runs `fn` and returns its result with the elapsed wall time in seconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { seconds: secondsSince(t0), value };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Progress line on stderr, so stdout keeps only the table. */
export function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

/** A throw-away Pulumi project and its `file://` backend. */
export interface TempProject {
  ws: PulumiWorkspace;
  projectDir: string;
  /** `pulumi <args>` with timing; throws on a non-zero exit. */
  timedRun(args: string[], env?: NodeJS.ProcessEnv): Promise<{ seconds: number; result: CommandResult }>;
  dispose(): void;
}

/**
 * Creates a project folder under <repo>/.pulumi-state/work/bench-* and a fresh stack `bench`
 * in its own backend. `fill(projectDir)` writes the project's files (Pulumi.yaml, program).
 * The app key and base URL go through FLASHDUTY_APP_KEY / FLASHDUTY_BASE_URL, which the program
 * and the provider plugin both read, so no `pulumi config set` is spent on them.
 */
export async function tempProject(label: string, fill: (projectDir: string) => void, flashduty: { baseUrl: string; appKey: string }): Promise<TempProject> {
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(path.join(root, `bench-${label}-`));
  const projectDir = path.join(dir, "project");
  mkdirSync(projectDir, { recursive: true });
  fill(projectDir);
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, "state"),
    stack: "bench",
    env: { FLASHDUTY_APP_KEY: flashduty.appKey, FLASHDUTY_BASE_URL: flashduty.baseUrl },
  });
  await ws.initFresh();
  return {
    ws,
    projectDir,
    async timedRun(args, env) {
      const t0 = performance.now();
      const result = await ws.run(args, { env });
      return { seconds: secondsSince(t0), result };
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Copies a folder of this repository (relative to its root) into `dest`. */
export function copyFromRepo(relative: string, dest: string): void {
  cpSync(path.join(REPO_ROOT, relative), dest, { recursive: true });
}
