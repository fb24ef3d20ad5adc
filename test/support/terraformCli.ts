/**
 * The Terraform-protocol CLIs that the provider `flashdutyai` is tested with, and a rig that runs
 * one of them through `dev_overrides` (no `terraform init`) on the built entry
 * `dist/plugin/main.js`: Terraform from PATH (the suites fail, not skip, without it) and
 * OpenTofu from scripts/install-tofu.sh (PATH, the git-ignored `.tofu-cli/`, or a build from the
 * Go module proxy; the engine tier's global setup runs it first).
 *
 * Every command a rig runs is followed by a look (`ps`) for provider processes it launched that
 * are still running: {@link TerraformRig.leftovers} collects them, and each suite expects none.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { inject } from "vitest";
import { REPO_ROOT } from "../../scripts/pulumiCli";

/** One CLI under test. */
export interface TerraformCli {
  /** "Terraform" or "OpenTofu": also the word the CLI's messages use ("Objects have changed outside of OpenTofu"). */
  name: "Terraform" | "OpenTofu";
  /** The executable, an absolute path. */
  binary: string;
  /** The version it reports (`version -json`), e.g. "1.11.4". */
  version: string;
}

/** What the engine tier's global setup found for OpenTofu (test/globalSetup.ts). */
export type TofuSetup = { bin: string } | { error: string };

declare module "vitest" {
  export interface ProvidedContext {
    tofuCli: TofuSetup;
  }
}

/**
 * The folder holding `tofu`, from scripts/install-tofu.sh, whose diagnostics (which CLI, or the
 * build's log) go to this process's stderr as they come. Throws when the script fails.
 */
export function ensureTofuCli(): string {
  const result = spawnSync("bash", [path.join(REPO_ROOT, "scripts", "install-tofu.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) throw new Error(`scripts/install-tofu.sh exited ${result.status ?? result.signal}: its explanation is in the output above`);
  return result.stdout.trim();
}

function versionOf(binary: string): string {
  const result = spawnSync(binary, ["version", "-json"], { encoding: "utf8", env: { ...process.env, CHECKPOINT_DISABLE: "1", TF_CLI_CONFIG_FILE: "" } });
  if (result.error !== undefined || result.status !== 0) throw new Error(`${binary} version -json failed: ${result.error?.message ?? result.stderr}`);
  return (JSON.parse(result.stdout) as { terraform_version: string }).terraform_version;
}

let clis: TerraformCli[] | undefined;

/**
 * The CLIs every Terraform suite runs on, Terraform first. Throws (failing the suite at
 * collection) when Terraform is not on PATH or OpenTofu cannot be had.
 */
export function terraformClis(): TerraformCli[] {
  if (clis !== undefined) return clis;
  const which = spawnSync("bash", ["-c", "command -v terraform"], { encoding: "utf8" });
  const terraform = which.stdout.trim();
  if (which.status !== 0 || terraform === "") {
    throw new Error("the Terraform CLI is not on PATH; install Terraform >= 1.11 (https://developer.hashicorp.com/terraform/install) to run this suite");
  }
  let setup: TofuSetup | undefined;
  try {
    setup = inject("tofuCli");
  } catch {
    // Not under the engine tier's global setup: ask the script here.
  }
  if (setup !== undefined && "error" in setup) throw new Error(`OpenTofu is not available: ${setup.error}`);
  const tofuBin = setup?.bin ?? ensureTofuCli();
  const tofu = path.join(tofuBin, "tofu");
  clis = [
    { name: "Terraform", binary: terraform, version: versionOf(terraform) },
    { name: "OpenTofu", binary: tofu, version: versionOf(tofu) },
  ];
  return clis;
}

/** `[label, cli]` for `describe.each(...)("%s: ...")`: the label names the CLI and its version ("OpenTofu 1.12.6"). */
export function terraformCliCases(): [string, TerraformCli][] {
  return terraformClis().map((cli) => [`${cli.name} ${cli.version}`, cli]);
}

/** One command's exit code (null when a signal ended it) and its stdout and stderr, interleaved. */
export interface CliRun {
  code: number | null;
  out: string;
}

/** A command started by {@link TerraformRig.start}. */
export interface StartedCli {
  pid: number;
  /** Everything written so far (stdout and stderr). */
  output(): string;
  /** Resolves when the CLI has exited and its pipes closed. */
  exited: Promise<CliRun>;
}

/** A provider process still running: its pid and command line. */
export interface ProviderProcess {
  pid: number;
  args: string;
}

/**
 * A temporary folder with the provider's wrapper (`bin/terraform-provider-flashdutyai`, which runs
 * `dist/plugin/main.js` with this Node.js), a CLI configuration (`dev.tfrc`) pointing
 * `flashcatcloud/flashdutyai` at it, and the environment every command of one CLI runs with.
 */
export class TerraformRig {
  readonly root: string;
  readonly bin: string;
  readonly env: NodeJS.ProcessEnv;
  /** Every command run, with its exit code and wall time: a suite's afterAll may print them. */
  readonly commands: { command: string; code: number | null; ms: number }[] = [];
  /** Provider processes found running after a command, with the command. */
  readonly leftovers: { command: string; processes: ProviderProcess[] }[] = [];
  private readonly marker = `FLASHDUTYAI_TEST_RIG=${randomUUID()}`;

  /** @param env extra environment for every command (e.g. `TF_VAR_app_key`). */
  constructor(
    readonly cli: TerraformCli,
    env: NodeJS.ProcessEnv = {},
  ) {
    const base = path.join(REPO_ROOT, ".pulumi-state", "work");
    mkdirSync(base, { recursive: true });
    this.root = mkdtempSync(path.join(base, `${cli.name.toLowerCase()}-`));
    this.bin = path.join(this.root, "bin");
    mkdirSync(this.bin);
    const wrapper = path.join(this.bin, "terraform-provider-flashdutyai");
    writeFileSync(wrapper, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(PLUGIN_ENTRY)} "$@"\n`);
    chmodSync(wrapper, 0o755);
    const [name, value] = this.marker.split("=") as [string, string];
    this.env = {
      ...process.env,
      TF_CLI_CONFIG_FILE: this.cliConfig("dev.tfrc", this.bin),
      TF_IN_AUTOMATION: "1",
      CHECKPOINT_DISABLE: "1",
      TF_LOG: "",
      FLASHDUTY_APP_KEY: "",
      [name]: value,
      ...env,
    };
  }

  /**
   * Writes a CLI configuration file whose `dev_overrides` send `flashcatcloud/flashdutyai` to
   * `folder`, and returns its path. OpenTofu's default registry host is registry.opentofu.org,
   * Terraform's registry.terraform.io: the bare address means each CLI's own, and the override
   * names it for both.
   */
  cliConfig(file: string, folder: string): string {
    const rc = path.join(this.root, file);
    writeFileSync(rc, `provider_installation {\n  dev_overrides {\n    "flashcatcloud/flashdutyai" = ${JSON.stringify(folder)}\n  }\n  direct {}\n}\n`);
    return rc;
  }

  /** A configuration folder `name` holding `main.tf` = `body` (created, or rewritten). */
  folder(name: string, body: string): string {
    const dir = path.join(this.root, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "main.tf"), body);
    return dir;
  }

  /**
   * Starts `<cli> <args> -no-color` in `dir` (no stdin); see {@link run}. `opts.leftovers: false`
   * does not record the provider processes found after it (a CLI the test kills leaves them
   * orphaned: the test looks at them itself).
   */
  start(dir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}, opts: { leftovers?: boolean } = {}): StartedCli {
    const started = performance.now();
    const child = spawn(this.cli.binary, [...args, "-no-color"], { cwd: dir, env: { ...this.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    const output = () => Buffer.concat(chunks).toString("utf8");
    const exited = new Promise<CliRun>((resolve) => {
      child.on("error", (err) => resolve({ code: -1, out: `${output()}\n${String(err)}` }));
      child.on("close", (code) => {
        this.commands.push({ command: `${path.basename(dir)}: ${args.join(" ")}`, code, ms: Math.round(performance.now() - started) });
        const left = opts.leftovers === false ? [] : this.providers();
        if (left.length > 0) this.leftovers.push({ command: args.join(" "), processes: left });
        resolve({ code, out: output() });
      });
    });
    if (child.pid === undefined) throw new Error(`${this.cli.binary} did not start`);
    return { pid: child.pid, output, exited };
  }

  /**
   * Runs `<cli> <args> -no-color` in `dir` and answers its exit code and output; never throws.
   * Asynchronous: an emulator in this process keeps answering. Afterwards, any provider process
   * it launched that still runs is recorded in {@link leftovers}.
   */
  run(dir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> {
    return this.start(dir, args, extraEnv).exited;
  }

  /** Runs a command that must exit 0, and answers its output. */
  async ok(dir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
    const run = await this.run(dir, args, extraEnv);
    if (run.code !== 0) throw new Error(`${this.cli.name} ${args.join(" ")} exited ${run.code}:\n${run.out}`);
    return run.out;
  }

  /**
   * The provider processes this rig's commands launched that are running now (`ps`; the
   * environment each inherits from its CLI tells them from other tests').
   */
  providers(): ProviderProcess[] {
    return providerProcesses().filter((p) => environOf(p.pid).includes(this.marker));
  }

  /** Removes the rig's folder (configurations, states, the wrapper). */
  close(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** The provider's entry, as the wrapper runs it. */
export const PLUGIN_ENTRY = path.join(REPO_ROOT, "dist", "plugin", "main.js");

/** Every running process whose command line runs the provider (the entry, or a release executable), from `ps`. */
export function providerProcesses(): ProviderProcess[] {
  return execFileSync("ps", ["-e", "-o", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), args: m[2]! }))
    .filter((p) => p.args.includes(PLUGIN_ENTRY) || /terraform-provider-flashdutyai|pulumi-resource-flashduty/.test(p.args));
}

function environOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
  } catch {
    return []; // gone meanwhile
  }
}

/** A state file's resources (`terraform.tfstate` in `dir`). */
export interface StateResource {
  mode: string;
  type: string;
  name: string;
  provider: string;
  instances: { attributes: Record<string, unknown>; private?: string }[];
}

/** The resources of the state in `dir`. */
export function stateResources(dir: string): StateResource[] {
  return (JSON.parse(readFileSync(path.join(dir, "terraform.tfstate"), "utf8")) as { resources: StateResource[] }).resources;
}

/** The managed resources' attributes by `type.name`, and by type for the first of each type. */
export function stateOf(dir: string): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const r of stateResources(dir).filter((r) => r.mode === "managed")) {
    const attributes = r.instances[0]?.attributes ?? {};
    out.set(`${r.type}.${r.name}`, attributes);
    if (!out.has(r.type)) out.set(r.type, attributes);
  }
  return out;
}

/** The private state (base64) of the first managed resource of `type`. */
export function privateOf(dir: string, type: string): string {
  return stateResources(dir).find((r) => r.type === type)?.instances[0]?.private ?? "";
}

/** The last line of `output -json NAME`, parsed. */
export function lastJson<T>(out: string): T {
  return JSON.parse(out.trim().split("\n").pop()!) as T;
}

/** Resolves once `condition()` holds (checked every 100 ms); rejects after `ms`, naming the condition. */
export async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not so after ${ms} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A configuration's head: the `terraform` block requiring `flashcatcloud/flashdutyai` and its
 * provider block on `baseUrl` (the app key from `FLASHDUTY_APP_KEY` of the rig's environment).
 */
export function providerHeader(baseUrl: string): string {
  return `terraform {\n  required_providers {\n    flashdutyai = { source = "flashcatcloud/flashdutyai" }\n  }\n}\nprovider "flashdutyai" {\n  base_url = ${JSON.stringify(baseUrl)}\n}\n`;
}
