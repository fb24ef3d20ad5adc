/**
 * Runs a refresh preview of an existing stack (`pulumi preview --refresh`) and records its engine
 * events. A preview never writes state, also with `--refresh` (the refresh's results only feed
 * the preview's plan).
 *
 * Why the CLI directly and not Pulumi's Automation API (`@pulumi/pulumi/automation`, which this
 * module used until issue 47): the Automation API cost every report about 1.6 s before the
 * preview started (loading about 200 modules of `@pulumi/pulumi`, then `pulumi version` and
 * `pulumi stack select`), which broke the goal of a report within 1.1x of the refresh it wraps
 * (bench/README.md, benchmark 12). The CLI is the same one the Automation API runs, with the same
 * flags (`--event-log`, `--non-interactive`); the event log is the same JSON-lines stream of
 * `EngineEvent`s it reads; and `--stack` replaces `stack select`, so the user's selected stack is
 * left as it was.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { parse as parseYaml } from "yaml";
import { DriftError, redactAppKey as redact } from "./errors";
import { escapeTerminalControlsInLines } from "../sdk/terminalText";
import { readRefreshEvents } from "./refreshEvents";

/** Where and what to preview. */
export interface RefreshPreviewOptions {
  /** Stack name (as `pulumi stack ls` shows it, e.g. `dev` or `org/dev`). */
  stack: string;
  /** Folder holding Pulumi.yaml (absolute or relative to the process's working folder). */
  cwd: string;
}

/** The events of one refresh preview, in the order the engine sent them. */
export interface RefreshPreview {
  project: string;
  stack: string;
  events: EngineEvent[];
}

const INSTALL_HINT = "install it (https://www.pulumi.com/docs/iac/download-install/) and put it on PATH";
const PROJECT_FILES = ["Pulumi.yaml", "Pulumi.yml"];
/** The CLI's message for a stack its backend does not have (the Automation API matches the same). */
const NO_STACK = /no stack named .* found/;

/** What a finished CLI run left: its exit code, or the error that kept it from starting. */
interface CliRun {
  code: number | null;
  output: string;
  spawnError?: Error;
}

/** Runs `pulumi args` in `cwd`, its stdout and stderr kept together, stdin closed. */
function runPulumi(args: string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn("pulumi", args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      // PULUMI_DEBUG_COMMANDS: the CLI accepts `--event-log` only with it, and the Automation API
      // sets it for the same flag. No update check: it would reach the network on every report.
      env: { ...process.env, PULUMI_DEBUG_COMMANDS: "true", PULUMI_SKIP_UPDATE_CHECK: "true" },
    });
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("error", (spawnError) => resolve({ code: null, output: "", spawnError }));
    child.once("close", (code) => resolve({ code, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** The CLI's `error:` lines, or its whole output when there are none. */
function cliFailure(output: string): string {
  const errorLines = output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("error:"));
  return errorLines.length > 0 ? [...new Set(errorLines)].join("\n") : output.trim();
}

/** The project's name, from its Pulumi.yaml (or Pulumi.yml) in `workDir`. */
function projectName(workDir: string): string {
  const file = PROJECT_FILES.map((name) => path.join(workDir, name)).find((candidate) => existsSync(candidate));
  if (file === undefined) {
    throw new DriftError("invalidArguments", `no Pulumi project in ${workDir}: Pulumi.yaml not found (set --cwd to the project folder)`);
  }
  let name: unknown;
  try {
    name = (parseYaml(readFileSync(file, "utf8")) as { name?: unknown } | null)?.name;
  } catch (err) {
    throw new DriftError("invalidArguments", redact(`cannot read the Pulumi project in ${workDir}: ${(err as Error).message}`));
  }
  if (typeof name !== "string" || name === "") {
    throw new DriftError("invalidArguments", `cannot read the Pulumi project in ${workDir}: ${path.basename(file)} has no name`);
  }
  return name;
}

/** The event log's lines as engine events (a last line cut short by a killed CLI is left out). */
function readEventLog(file: string): EngineEvent[] {
  if (!existsSync(file)) return [];
  const events: EngineEvent[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      events.push(JSON.parse(line) as EngineEvent);
    } catch {
      // Only the last line can be partial, and only when the CLI did not finish.
    }
  }
  return events;
}

/**
 * `pulumi preview --refresh --stack <options.stack> --event-log <file>` in `options.cwd`, with
 * the `pulumi` CLI found on PATH and the process's environment (backend URL, passphrase, access
 * token, FLASHDUTY_* variables). Does not change the project's selected stack.
 *
 * @throws DriftError `invalidArguments` (no Pulumi.yaml in `cwd`, or one without a name),
 *   `cliNotFound`, `stackNotFound`, or `previewFailed` (the message is the engine's error
 *   diagnostics, or the CLI's error lines); messages never contain the app key.
 */
export async function runRefreshPreview(options: RefreshPreviewOptions): Promise<RefreshPreview> {
  const workDir = path.resolve(options.cwd);
  const project = projectName(workDir);
  const logDir = mkdtempSync(path.join(os.tmpdir(), "flashduty-drift-"));
  try {
    const logFile = path.join(logDir, "events.jsonl");
    const args = ["preview", "--refresh", "--stack", options.stack, "--event-log", logFile, "--non-interactive", "--color", "never"];
    const run = await runPulumi(args, workDir);
    if (run.spawnError !== undefined) {
      throw new DriftError("cliNotFound", redact(`the Pulumi CLI could not be run (${run.spawnError.message}): ${INSTALL_HINT}`));
    }
    const events = readEventLog(logFile);
    if (run.code === 0) return { project, stack: options.stack, events };
    if (events.length === 0 && NO_STACK.test(run.output)) {
      throw new DriftError(
        "stackNotFound",
        `stack '${options.stack}' not found in project '${project}' (${workDir}); \`pulumi stack ls\` lists the stacks of the current backend`,
      );
    }
    const diagnostics = readRefreshEvents(events).errors;
    const reason = diagnostics.length > 0 ? diagnostics.join("\n") : cliFailure(run.output);
    // The diagnostics can quote the platform (API error messages): no control character passes.
    throw new DriftError("previewFailed", redact(`the refresh preview of stack '${options.stack}' failed:\n${escapeTerminalControlsInLines(reason)}`));
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
