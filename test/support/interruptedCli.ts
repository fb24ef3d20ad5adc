/**
 * A Pulumi CLI command that a test interrupts as CI would: the CLI started in its own process
 * group (as a CI runner starts a job's shell), then signalled, alone, with its process group, or
 * with every process below it. The CLI starts each plugin (language host, dynamic provider) in a
 * process group of its own, so a group signal reaches only the CLI; a killed runner or a container
 * stop reaches them all ("tree").
 */
import { execFileSync, spawn } from "node:child_process";
import type { CommandResult, PulumiWorkspace } from "../../scripts/pulumiCli";

export interface RunningCli {
  pid: number;
  /** Resolves when the CLI has exited and its output pipes closed (never rejects). */
  exited: Promise<CommandResult>;
}

/** Starts `pulumi <args> --non-interactive --stack <stack>` in the workspace's project folder, in a new process group. */
export function startCli(ws: PulumiWorkspace, projectDir: string, args: string[]): RunningCli {
  const child = spawn("pulumi", [...args, "--non-interactive", "--stack", ws.stack], {
    cwd: projectDir,
    env: ws.environment(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk;
    output += chunk;
  });
  const exited = new Promise<CommandResult>((resolve) => {
    child.on("error", (err) => resolve({ code: 1, stdout, stderr, output: output + String(err) }));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal === null ? 1 : 128), stdout, stderr, output }));
  });
  if (child.pid === undefined) throw new Error("pulumi did not start");
  return { pid: child.pid, exited };
}

/** `pid` and every process below it (children first found through `ps`). */
export function processTree(pid: number): number[] {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of table) if (parent === tree[i] && !tree.includes(child)) tree.push(child);
  }
  return tree;
}

/**
 * Sends `signal` to the CLI: `group` = its process group (what a terminal's Ctrl-C or a runner
 * signalling the job's group reaches: the CLI alone, as its plugins have groups of their own);
 * `tree` = the CLI and every process below it, plugins included.
 */
export function signalCli(cli: RunningCli, signal: NodeJS.Signals, scope: "group" | "tree"): void {
  const targets = scope === "group" ? [-cli.pid] : processTree(cli.pid);
  for (const target of targets) {
    try {
      process.kill(target, signal);
    } catch {
      // already gone
    }
  }
}
