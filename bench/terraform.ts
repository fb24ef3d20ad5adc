/**
 * Benchmark 14 (issue 59): the Terraform provider `flashdutyai` (the release executable, or the
 * `node dist/plugin/main.js` wrapper with `--terraform-provider wrapper`) through `dev_overrides`,
 * against the emulator at production limits with 40 ms added to every request (as benchmark 12):
 * `terraform apply`, `terraform plan -refresh-only` and `terraform destroy` of N mixed resources
 * (`bench/terraformConfig.ts`), each against its floor plus the same command of the same
 * configuration with every resource a `terraform_data` (Terraform's built-in do-nothing resource:
 * no provider process, no API call), alternating, `runs` times. Terraform's default
 * `-parallelism` (10), as users run it.
 *
 * Per command: the time (median of the runs), the API requests by operation and the 429 answers
 * (the emulator's counters), the writes per resource, and when the API was busy (the emulator's
 * request log: from the command's start to its first request, and from its last answer to the
 * command's end). After the runs, one more `apply`, `plan -refresh-only` and `destroy` with
 * `TF_LOG=debug` (not measured) gives, from Terraform's own log, how many times it started the
 * provider for each command and how long each start took (`bench/pluginLaunch.ts`).
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import type { Emulator } from "pulumi-flashduty-emulator";
import * as tar from "tar";
import { archiveName } from "../scripts/packagePlugin";
import { REPO_ROOT } from "../scripts/pulumiCli";
import { emulatorWithServersToDisable, median, productionLimits, progress, secondsSince } from "./common";
import { A2A_WRITE_OPERATIONS } from "./a2aAgents";
import { MCP_WRITE_OPERATIONS } from "./mcpServers";
import { compareLaunches, type LaunchComparison, type LaunchLog, launchesOf } from "./pluginLaunch";
import { type CommandPhase, combine, phaseSince } from "./resourceLifecycle";
import { SKILL_KNOWLEDGE_WRITE_OPERATIONS } from "./skillsAndKnowledge";
import { type PhasedFloor, type TerraformMix, terraformConfig, terraformFloors, terraformMix } from "./terraformConfig";

export const TERRAFORM_SIZES = [100, 1000] as const;
export const TERRAFORM_LATENCY_MS = 40;
/** Terraform's default `-parallelism`: the benchmark passes none. */
export const TERRAFORM_PARALLELISM = 10;

/** Which executable Terraform starts: the release archive's (what users install) or the wrapper of `dist/plugin`. */
export type TerraformProviderKind = "release" | "wrapper";

/** The three commands, as the results name them. */
export type TerraformCommand = "apply" | "refreshOnly" | "destroy";
const ARGS: Record<TerraformCommand, string[]> = {
  apply: ["apply", "-auto-approve", "-input=false", "-no-color"],
  refreshOnly: ["plan", "-refresh-only", "-input=false", "-no-color"],
  destroy: ["destroy", "-auto-approve", "-input=false", "-no-color"],
};
export const COMMAND_NAMES: Record<TerraformCommand, string> = { apply: "apply", refreshOnly: "plan -refresh-only", destroy: "destroy" };
const COMMANDS = Object.keys(ARGS) as TerraformCommand[];

/** A measured command: {@link CommandPhase} and when the API was busy in the run of the median time. */
export interface TerraformPhase extends CommandPhase {
  /** From the command's start to the first request the emulator received, s (median run). */
  beforeFirstRequest: number;
  /** From the last answer to the command's end, s (median run). */
  afterLastAnswer: number;
  /** Per operation, s from the command's start: its first request's arrival and its last answer (median run). */
  windows: Record<string, [number, number]>;
  /** CPU time of Terraform and the provider processes it started (user + system), s, every run; empty without `/usr/bin/time`. */
  cpu: number[];
}

/** What is on the emulator: seeded servers disabled, and the benchmark's objects of each kind. */
export interface TerraformCounts {
  disabled: number;
  servers: number;
  agents: number;
  files: number;
  rules: number;
}

export interface TerraformSizeResult {
  resources: number;
  mix: TerraformMix;
  latencyMs: number;
  parallelism: number;
  provider: TerraformProviderKind;
  terraformVersion: string;
  floors: Record<TerraformCommand, PhasedFloor>;
  /** The `terraform_data` reference's times, s, in run order. */
  reference: Record<TerraformCommand, number[]>;
  /** The reference's CPU time (Terraform's alone: no provider process), s, in run order; empty without `/usr/bin/time`. */
  referenceCpu: Record<TerraformCommand, number[]>;
  measured: Record<TerraformCommand, TerraformPhase>;
  afterApply: TerraformCounts;
  afterDestroy: TerraformCounts;
  /** The provider's starts per command, from Terraform's debug log of one more (unmeasured) run. */
  launches: Record<TerraformCommand, LaunchLog>;
}

/** The operations that change an object (writes): servers, agents, files and packs, rules. `knowledgePack.ensure` is not one (benchmark 11). */
const WRITE_OPERATIONS: readonly string[] = [
  ...MCP_WRITE_OPERATIONS,
  ...A2A_WRITE_OPERATIONS,
  ...SKILL_KNOWLEDGE_WRITE_OPERATIONS,
  "automationRule.create",
  "automationRule.update",
  "automationRule.delete",
];

/** Writes of every kind in a phase. */
export function terraformWrites(p: CommandPhase): number {
  return WRITE_OPERATIONS.reduce((sum, op) => sum + (p.calls[op] ?? 0), 0);
}

/** The CLI benchmark 14 runs: `terraform` on PATH, or the one `--terraform-cli` names (OpenTofu's `tofu`). */
let terraformCli = "terraform";

/** Runs benchmark 14 with the CLI at `bin` (e.g. `.tofu-cli/v1.12.6/bin/tofu`) instead of `terraform` on PATH. */
export function useTerraformCli(bin: string): void {
  terraformCli = bin;
}

/** The Terraform CLI's version (on PATH, or the one {@link useTerraformCli} named); throws a clear error without it. */
export function terraformVersion(): string {
  try {
    return (
      JSON.parse(
        execFileSync(terraformCli, ["version", "-json"], {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
          env: { ...process.env, TF_CLI_CONFIG_FILE: "" },
        }),
      ) as { terraform_version: string }
    ).terraform_version;
  } catch (err) {
    throw new Error(`bench: the Terraform CLI is not on PATH (${err instanceof Error ? err.message : String(err)}); benchmark 14 needs Terraform >= 1.11`);
  }
}

/**
 * The provider's executable for Terraform: `folder/terraform-provider-flashdutyai`, the release
 * archive's executable (`scripts/packagePlugin.ts` run into `folder`, about 45 s) or a shell
 * wrapper that runs `dist/plugin/main.js` with this Node.js. Returns its path.
 */
export async function providerExecutable(kind: TerraformProviderKind, folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const executable = path.join(folder, "terraform-provider-flashdutyai");
  if (kind === "wrapper") {
    writeFileSync(
      executable,
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(REPO_ROOT, "dist", "plugin", "main.js"))} "$@"\n`,
    );
    chmodSync(executable, 0o755);
    return executable;
  }
  const out = path.join(folder, "..", "release");
  progress("14. packaging the release executable (scripts/packagePlugin.ts)");
  execFileSync(process.execPath, [path.join(REPO_ROOT, "build", "scripts", "packagePlugin.js"), "--out", out], { stdio: ["ignore", "ignore", "inherit"] });
  const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
  await tar.extract({ file: path.join(out, archiveName(version)), cwd: out });
  copyFileSync(path.join(out, "pulumi-resource-flashduty"), executable);
  chmodSync(executable, 0o755);
  return executable;
}

/** GNU time, to read the CPU time of Terraform and the providers it waits for; the figure is left out without it. */
const TIME = "/usr/bin/time";

/**
 * `terraform <args>` in `dir`, timed from spawn to exit, with its CPU time (user + system of
 * Terraform and of the children it waited for: its provider processes) when {@link TIME} exists;
 * throws with the output's tail on a non-zero exit.
 */
function terraform(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ seconds: number; startedAt: number; cpu?: number }> {
  const cpuFile = existsSync(TIME) ? path.join(dir, "..", `cpu-${path.basename(dir)}.txt`) : undefined;
  const [command, argv] = cpuFile === undefined ? [terraformCli, args] : [TIME, ["-f", "%U %S", "-o", cpuFile, terraformCli, ...args]];
  const startedAt = performance.timeOrigin + performance.now();
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      const seconds = secondsSince(t0);
      if (code !== 0) {
        reject(new Error(`bench: terraform ${args.join(" ")} in ${dir} exited ${code}:\n${Buffer.concat(chunks).toString("utf8").slice(-4000)}`));
        return;
      }
      const times = cpuFile === undefined ? [] : readFileSync(cpuFile, "utf8").trim().split(/\s+/).map(Number);
      resolve({ seconds, startedAt, cpu: times.length === 2 ? (times[0] as number) + (times[1] as number) : undefined });
    });
  });
}

function counts(emu: Emulator, seeded: readonly string[]): TerraformCounts {
  return {
    disabled: seeded.filter((id) => emu.server(id)?.status === "disabled").length,
    servers: emu.servers().filter((s) => s.server_name.startsWith("bench-mcp-")).length,
    agents: emu.a2aAgents().filter((a) => a.agent_name.startsWith("bench-a2a-")).length,
    files: emu
      .knowledgePacks()
      .flatMap((p) => emu.knowledgeFiles(p.pack_id))
      .filter((f) => f.rel_path.startsWith("bench/")).length,
    rules: emu.visibleRules(emu.keys.admin).filter((r) => r.name.startsWith("Bench rule ")).length,
  };
}

/** Runs benchmark 14 at one size with the provider `executable` (see the file comment). */
export async function benchTerraformSize(
  n: number,
  opts: { runs: number; executable: string; provider: TerraformProviderKind; workDir: string },
): Promise<TerraformSizeResult> {
  const mix = terraformMix(n);
  const version = terraformVersion();
  const { emu, seeded } = await emulatorWithServersToDisable(mix.disablements);
  const root = mkdtempSync(path.join(opts.workDir, `size-${n}-`));
  const ours = path.join(root, "flashdutyai");
  const reference = path.join(root, "terraform_data");
  for (const [dir, isReference] of [
    [ours, false],
    [reference, true],
  ] as const) {
    mkdirSync(dir);
    writeFileSync(path.join(dir, "main.tf"), terraformConfig(mix, seeded, isReference));
  }
  const rc = path.join(root, "dev.tfrc");
  writeFileSync(
    rc,
    `provider_installation {\n  dev_overrides {\n    "flashcatcloud/flashdutyai" = ${JSON.stringify(path.dirname(opts.executable))}\n  }\n  direct {}\n}\n`,
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TF_CLI_CONFIG_FILE: rc,
    TF_IN_AUTOMATION: "1",
    CHECKPOINT_DISABLE: "1",
    FLASHDUTY_APP_KEY: emu.keys.admin,
    FLASHDUTY_BASE_URL: emu.url,
    TF_LOG: "",
    TF_LOG_PATH: "",
  };
  const times: Record<TerraformCommand, number[]> = { apply: [], refreshOnly: [], destroy: [] };
  const referenceCpu: Record<TerraformCommand, number[]> = { apply: [], refreshOnly: [], destroy: [] };
  const runs: Record<TerraformCommand, TerraformPhase[]> = { apply: [], refreshOnly: [], destroy: [] };
  let afterApply = counts(emu, seeded);
  const measure = async (command: TerraformCommand, extraEnv: NodeJS.ProcessEnv = {}): Promise<TerraformPhase> => {
    // Empty rate-limit windows, as every floor assumes (see bench/resourceLifecycle.ts).
    emu.setLimits(productionLimits());
    const before = emu.counters();
    const logged = emu.requestLog().length;
    const { seconds, startedAt, cpu } = await terraform(ours, ARGS[command], { ...env, ...extraEnv });
    const requests = emu.requestLog().slice(logged);
    const windows: Record<string, [number, number]> = {};
    for (const r of requests) {
      const [first, last] = windows[r.operation] ?? [Number.POSITIVE_INFINITY, 0];
      windows[r.operation] = [Math.min(first, (r.receivedAt - startedAt) / 1000), Math.max(last, (r.time - startedAt) / 1000)];
    }
    const first = requests.length === 0 ? startedAt : Math.min(...requests.map((r) => r.receivedAt));
    const last = requests.length === 0 ? startedAt : Math.max(...requests.map((r) => r.time));
    const phase = {
      seconds,
      runs: [seconds],
      ...phaseSince(emu, before),
      beforeFirstRequest: (first - startedAt) / 1000,
      afterLastAnswer: seconds - (last - startedAt) / 1000,
      windows,
      cpu: cpu === undefined ? [] : [cpu],
    };
    progress(`14. terraform ${COMMAND_NAMES[command]} of ${n}: ${seconds.toFixed(2)} s, ${phase.status429} × 429, calls ${JSON.stringify(phase.calls)}`);
    return phase;
  };
  try {
    for (let run = 1; run <= opts.runs; run++) {
      progress(`14. the reference: apply, plan -refresh-only, destroy of ${n} terraform_data (run ${run}/${opts.runs})`);
      for (const command of COMMANDS) {
        const { seconds, cpu } = await terraform(reference, ARGS[command], env);
        times[command].push(seconds);
        if (cpu !== undefined) referenceCpu[command].push(cpu);
      }
      progress(`14. the reference: ${COMMANDS.map((c) => `${COMMAND_NAMES[c]} ${times[c].at(-1)?.toFixed(2)} s`).join(", ")}`);
      emu.setFaults([{ operation: "*", kind: "latency", latencyMs: TERRAFORM_LATENCY_MS }]);
      runs.apply.push(await measure("apply"));
      afterApply = counts(emu, seeded);
      runs.refreshOnly.push(await measure("refreshOnly"));
      runs.destroy.push(await measure("destroy"));
      emu.setFaults([]);
    }
    const afterDestroy = counts(emu, seeded);
    // One more cycle with Terraform's debug log: how often it starts the provider, and how long each start takes.
    progress(`14. one more apply, plan -refresh-only, destroy of ${n} with TF_LOG=debug (the provider's starts; not measured)`);
    emu.setFaults([{ operation: "*", kind: "latency", latencyMs: TERRAFORM_LATENCY_MS }]);
    const launches = {} as Record<TerraformCommand, LaunchLog>;
    for (const command of COMMANDS) {
      const log = path.join(root, `${command}.log`);
      const { seconds } = await measure(command, { TF_LOG: "debug", TF_LOG_PATH: log });
      launches[command] = { ...launchesOf(readFileSync(log, "utf8"), "terraform-provider-flashdutyai"), commandSeconds: seconds };
    }
    emu.setFaults([]);
    const measured = {} as Record<TerraformCommand, TerraformPhase>;
    for (const command of COMMANDS) {
      const all = runs[command];
      const middle = [...all].sort((a, b) => a.seconds - b.seconds)[Math.floor((all.length - 1) / 2)] as TerraformPhase;
      measured[command] = {
        ...combine(all),
        beforeFirstRequest: middle.beforeFirstRequest,
        afterLastAnswer: middle.afterLastAnswer,
        windows: middle.windows,
        cpu: all.flatMap((r) => r.cpu),
      };
    }
    return {
      resources: n,
      mix,
      latencyMs: TERRAFORM_LATENCY_MS,
      parallelism: TERRAFORM_PARALLELISM,
      provider: opts.provider,
      terraformVersion: version,
      floors: terraformFloors(mix),
      reference: times,
      referenceCpu,
      measured,
      afterApply,
      afterDestroy,
      launches,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
    await emu.close();
  }
}

/** The goal's ratio of a command: time / (floor + the `terraform_data` reference's time), medians. */
export function terraformRatio(r: TerraformSizeResult, command: TerraformCommand): number {
  return r.measured[command].seconds / (r.floors[command].seconds + median(r.reference[command]));
}

/** Benchmark 14 at every size, and the provider's start-up through both front doors. */
export interface TerraformBenchResult {
  provider: TerraformProviderKind;
  terraformVersion: string;
  /** Launches of the same executable through each front door, alternating (`bench/pluginLaunch.ts`). */
  startup: LaunchComparison;
  sizes: TerraformSizeResult[];
}

/**
 * Makes the provider's executable (`provider`), times its start-up through both front doors
 * (`launchRuns` each), then runs benchmark 14 at each size. Everything lives under
 * `.pulumi-state/work/bench-terraform-*`, removed at the end.
 */
export async function benchTerraform(opts: {
  sizes: readonly number[];
  runs: number;
  provider: TerraformProviderKind;
  launchRuns: number;
}): Promise<TerraformBenchResult> {
  const version = terraformVersion();
  const base = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(base, { recursive: true });
  const workDir = mkdtempSync(path.join(base, "bench-terraform-"));
  try {
    const executable = await providerExecutable(opts.provider, path.join(workDir, "bin"));
    progress(`14. the provider's start to its first schema answer, Pulumi's launch and Terraform's, ${opts.launchRuns} each, alternating`);
    // The wrapper runs node from PATH (this Node.js); the release executable needs none.
    const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` };
    const startup = await compareLaunches(executable, [], env, opts.launchRuns);
    const sizes: TerraformSizeResult[] = [];
    for (const n of opts.sizes) {
      progress(`14. Terraform: apply, plan -refresh-only, destroy of ${n} mixed resources (${opts.provider} executable)`);
      sizes.push(await benchTerraformSize(n, { runs: opts.runs, executable, provider: opts.provider, workDir }));
    }
    return { provider: opts.provider, terraformVersion: version, startup, sizes };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
