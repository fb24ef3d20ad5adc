/**
 * Runs a refresh preview of an existing stack through Pulumi's Automation API
 * (`@pulumi/pulumi/automation`) and records its engine events. A preview never writes state,
 * also with `refresh: true` (the refresh's results only feed the preview's plan).
 */
import { existsSync } from "node:fs";
import * as path from "node:path";
import { CommandError, LocalWorkspace, PulumiCommand, StackNotFoundError, type EngineEvent } from "@pulumi/pulumi/automation";
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

/**
 * The CLI's `error:` lines from a failed command (a `CommandError`'s message holds the command,
 * its exit code, stdout and stderr), or the whole message when there are none.
 */
function cliFailure(error: Error): string {
  const errorLines = error.message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("error:"));
  return errorLines.length > 0 ? [...new Set(errorLines)].join("\n") : error.message.trim();
}

/**
 * `stack.preview({ refresh: true, onEvent })` of the stack `options.stack` in `options.cwd`,
 * with the `pulumi` CLI found on PATH and the process's environment (backend URL, passphrase,
 * access token, FLASHDUTY_* variables).
 *
 * @throws DriftError `invalidArguments` (no Pulumi.yaml in `cwd`), `cliNotFound`,
 *   `stackNotFound`, or `previewFailed` (the message is the engine's error diagnostics, or the
 *   CLI's error lines); messages never contain the app key.
 */
export async function runRefreshPreview(options: RefreshPreviewOptions): Promise<RefreshPreview> {
  const workDir = path.resolve(options.cwd);
  if (!["Pulumi.yaml", "Pulumi.yml"].some((name) => existsSync(path.join(workDir, name)))) {
    throw new DriftError("invalidArguments", `no Pulumi project in ${workDir}: Pulumi.yaml not found (set --cwd to the project folder)`);
  }
  let pulumiCommand: PulumiCommand;
  try {
    pulumiCommand = await PulumiCommand.get();
  } catch (err) {
    throw new DriftError("cliNotFound", redact(`the Pulumi CLI could not be run (${(err as Error).message.split("\n")[0]}): ${INSTALL_HINT}`));
  }
  let workspace: LocalWorkspace;
  try {
    workspace = await LocalWorkspace.create({ workDir, pulumiCommand });
  } catch (err) {
    throw new DriftError("invalidArguments", redact(`cannot read the Pulumi project in ${workDir}: ${(err as Error).message}`));
  }
  const project = (await workspace.projectSettings()).name;
  let stack: Awaited<ReturnType<typeof LocalWorkspace.selectStack>>;
  try {
    stack = await LocalWorkspace.selectStack({ stackName: options.stack, workDir }, { pulumiCommand });
  } catch (err) {
    if (err instanceof StackNotFoundError) {
      throw new DriftError(
        "stackNotFound",
        `stack '${options.stack}' not found in project '${project}' (${workDir}); \`pulumi stack ls\` lists the stacks of the current backend`,
      );
    }
    throw new DriftError(
      "previewFailed",
      redact(`cannot select stack '${options.stack}': ${err instanceof CommandError ? cliFailure(err) : (err as Error).message}`),
    );
  }
  const events: EngineEvent[] = [];
  try {
    await stack.preview({ refresh: true, color: "never", onEvent: (event) => events.push(event) });
  } catch (err) {
    const diagnostics = readRefreshEvents(events).errors;
    const reason = diagnostics.length > 0 ? diagnostics.join("\n") : err instanceof CommandError ? cliFailure(err) : (err as Error).message;
    // The diagnostics can quote the platform (API error messages): no control character passes.
    throw new DriftError("previewFailed", redact(`the refresh preview of stack '${options.stack}' failed:\n${escapeTerminalControlsInLines(reason)}`));
  }
  return { project, stack: options.stack, events };
}
