/**
 * Runs the real Pulumi CLI offline against a local `file://` backend: used by the demo, the
 * real-engine tests and the benchmarks. Commands run asynchronously, so an emulator started in
 * the same Node.js process keeps answering while `pulumi` talks to it.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import * as path from "node:path";

/** Root of this repository (works from source and from dist/). */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(start: string): string {
  let dir = start;
  for (;;) {
    try {
      const pkg = require(path.join(dir, "package.json")) as { name?: string };
      if (pkg.name === "pulumi-flashduty") return dir;
    } catch {
      // not here; go up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the pulumi-flashduty repository above ${start}`);
    dir = parent;
  }
}

let cliBin: string | undefined;

/**
 * Makes the Pulumi CLI available (scripts/install-pulumi.sh: PATH, cache, vendor installer,
 * build from Go modules) and returns the folders to put first on PATH, colon-separated: the first
 * holds `pulumi` with the Node.js language host and the dynamic-provider shim beside it (so the
 * CLI does not warn that its host is not beside it). Cached per process; under 2 s when already
 * installed.
 *
 * @throws Error with the install script's explanation when no CLI can be had
 */
export function ensurePulumiCli(): string {
  if (cliBin === undefined) {
    cliBin = execFileSync("bash", [path.join(REPO_ROOT, "scripts", "install-pulumi.sh")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
  }
  return cliBin;
}

let yamlBin: string | undefined;

/**
 * Makes the Pulumi YAML language host (`pulumi-language-yaml`) available
 * (scripts/install-pulumi-yaml.sh: PATH, the git-ignored `.pulumi-cli/yaml-v<version>/bin`, a
 * build from Go modules) and returns its folder, for the provider plugin's YAML programs. Cached
 * per process; well under a second when already built.
 *
 * @throws Error with the install script's explanation when no host can be had
 */
export function ensurePulumiYaml(): string {
  if (yamlBin === undefined) {
    yamlBin = execFileSync("bash", [path.join(REPO_ROOT, "scripts", "install-pulumi-yaml.sh")], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }).trim();
  }
  return yamlBin;
}

/**
 * `path` with the CLI's folders (`bin`, as {@link ensurePulumiCli} returns them) first, unless it
 * already starts with them: whatever PATH a caller gives a workspace, `pulumi` and the language
 * host paired with it are found first (issue 50: a PATH of a test's own once replaced them).
 */
export function withCli(bin: string, path_: string | undefined): string {
  if (path_ === undefined || path_ === "") return bin;
  return path_ === bin || path_.startsWith(`${bin}${path.delimiter}`) ? path_ : `${bin}${path.delimiter}${path_}`;
}

/** Result of one CLI command. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr, interleaved as they arrived. */
  output: string;
}

/** Options of {@link PulumiWorkspace}. */
export interface PulumiWorkspaceOptions {
  /** Folder with Pulumi.yaml. */
  projectDir: string;
  /** Folder of the `file://` backend (created if missing). */
  stateDir: string;
  /** Stack name, default `dev`. */
  stack?: string;
  /** Passphrase of the local secrets provider, default `pulumi-flashduty-local`. */
  passphrase?: string;
  /** Extra environment for every command (e.g. FLASHDUTY_APP_KEY). */
  env?: NodeJS.ProcessEnv;
  /** Echo the CLI's output to this process's stdout as it arrives (the demo). Default false. */
  echo?: boolean;
  /**
   * Run with `env.PATH` exactly as given, not with the CLI's folders put first: only for tests of
   * PATH arrangements themselves (which CLI and host a PATH picks). Default false.
   */
  pathAsGiven?: boolean;
}

/** One stack of one project on a local backend, driven through the real CLI. */
export class PulumiWorkspace {
  readonly stack: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly options: PulumiWorkspaceOptions) {
    this.stack = options.stack ?? "dev";
    mkdirSync(options.stateDir, { recursive: true });
    const bin = ensurePulumiCli();
    this.env = {
      ...process.env,
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
      PULUMI_BACKEND_URL: `file://${options.stateDir}`,
      PULUMI_CONFIG_PASSPHRASE: options.passphrase ?? "pulumi-flashduty-local",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_SKIP_CONFIRMATIONS: "true",
      PULUMI_HOME: process.env.PULUMI_HOME,
      ...options.env,
    };
    delete this.env.PULUMI_ACCESS_TOKEN;
    // An explicit `undefined` in options.env unsets an inherited variable (e.g. FLASHDUTY_APP_KEY).
    for (const [name, value] of Object.entries(this.env)) if (value === undefined) delete this.env[name];
    if (options.pathAsGiven !== true) this.env.PATH = withCli(bin, this.env.PATH);
  }

  /** The environment every command runs with (backend, passphrase, PATH with the CLI), copied: for other tools run against this stack. */
  environment(): NodeJS.ProcessEnv {
    return { ...this.env };
  }

  /**
   * Runs `pulumi <args>` in the project folder with `--stack` set (except for stack-less
   * commands) and `--non-interactive`.
   *
   * @param opts.check throw when the exit code is not 0 (default true)
   * @param opts.env extra environment for this command only
   * @param opts.quiet do not echo this command's output even when the workspace echoes
   */
  run(args: string[], opts: { check?: boolean; env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<CommandResult> {
    const echo = this.options.echo === true && opts.quiet !== true;
    const full = [...args, "--non-interactive", ...(STACKLESS.has(args[0] ?? "") ? [] : ["--stack", this.stack])];
    return new Promise((resolve, reject) => {
      const child = spawn("pulumi", full, {
        cwd: this.options.projectDir,
        // The CLI's folders stay first whatever PATH a test adds for this command (a YAML host's
        // folder, a PATH without Node.js): a PATH of its own must not lose the CLI.
        env: {
          ...this.env,
          ...opts.env,
          PATH: this.options.pathAsGiven === true ? (opts.env?.PATH ?? this.env.PATH) : withCli(ensurePulumiCli(), opts.env?.PATH ?? this.env.PATH),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk;
        output += chunk;
        if (echo) process.stdout.write(chunk);
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk;
        output += chunk;
        if (echo) process.stderr.write(chunk);
      });
      child.on("error", reject);
      child.on("close", (code) => {
        const result = { code: code ?? 1, stdout, stderr, output };
        if ((opts.check ?? true) && result.code !== 0) {
          reject(new Error(`pulumi ${args.join(" ")} exited with ${result.code}:\n${output}`));
        } else {
          resolve(result);
        }
      });
    });
  }

  /** Creates the stack (removing any earlier stack of the same name with its state). */
  async initFresh(): Promise<void> {
    await this.run(["stack", "rm", "--yes", "--force"], { check: false, quiet: true });
    await this.run(["stack", "init"]);
  }

  /** `pulumi config set [--secret] key value`. */
  async setConfig(key: string, value: string, secret = false): Promise<void> {
    await this.run(["config", "set", ...(secret ? ["--secret"] : []), key, value]);
  }

  /** The stack's outputs, secrets shown. */
  async outputs(): Promise<Record<string, unknown>> {
    const { stdout } = await this.run(["stack", "output", "--json", "--show-secrets"]);
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  /** `pulumi stack export` as parsed JSON (a deployment). */
  async exportState(): Promise<{ deployment: { resources?: Array<Record<string, any>> } }> {
    const { stdout } = await this.run(["stack", "export"]);
    return JSON.parse(stdout);
  }
}

const STACKLESS = new Set(["version", "login", "logout", "whoami", "plugin", "package"]);
