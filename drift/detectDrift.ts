/** `detectDrift`: the library form of `pulumi-flashduty drift`. */
import { assembleReport, noDataSources } from "./assembleReport";
import { compareDataSourceOutputs } from "./dataSources";
import { DriftError } from "./errors";
import { readRefreshEvents } from "./refreshEvents";
import { runRefreshPreview } from "./refreshPreview";
import type { DriftReport } from "./report";

/** Options of {@link detectDrift}. */
export interface DetectDriftOptions {
  /** Stack name, required (e.g. `dev`, or `org/dev` on Pulumi Cloud). */
  stack: string;
  /** Folder holding the project's Pulumi.yaml; default the process's working folder. */
  cwd?: string;
}

/**
 * Finds what changed on the Flashduty platform behind the stack's back since its last
 * `pulumi up`, with a refresh preview (`pulumi preview --refresh --event-log`, its engine
 * events read instead of its text output). Writes no state and makes only read calls to the API
 * (those of the provider's read and of the program's data sources).
 *
 * Reported: every `McpServerDisablement` whose server the platform shows enabled or no longer
 * has (with what the next `up` will do), every `AutomationRule` whose rule was edited in the
 * console (the declared fields that differ) or deleted, the same for every `McpServer` (keys of
 * `env` and `headers` named, never a value), the same for every `Skill` (a console re-upload as
 * `sourceHash`), every `KnowledgeFile` whose text was edited in the console (named by checksum and
 * line count, never the text) or deleted, and every automation rule, template, MCP server or skill added,
 * removed or changed in the data sources' exported outputs (found at any output name; secret
 * values of a server's `env` and `headers` are never shown). Resources of a TypeScript program
 * (the dynamic resources) and of a YAML, Python or Go program (the provider plugin) alike: each
 * noun is found by either form of its type token (provider/engine/typeToken.ts).
 *
 * Environment: the `pulumi` CLI on PATH, and whatever the stack needs to run (backend login or
 * `PULUMI_BACKEND_URL`, `PULUMI_CONFIG_PASSPHRASE`, `flashduty:*` config or `FLASHDUTY_*`
 * variables).
 *
 * @returns a {@link DriftReport}; `report.drift` is true when anything changed (the CLI then
 *   exits 2, otherwise 0).
 * @throws DriftError for bad options, no CLI, an unknown stack or a failing preview (the CLI
 *   exits 1); its message never contains the app key.
 */
export async function detectDrift(options: DetectDriftOptions): Promise<DriftReport> {
  if (typeof options?.stack !== "string" || options.stack.trim() === "") {
    throw new DriftError("invalidArguments", "stack is required: the name of the stack to check (e.g. `dev`)");
  }
  const preview = await runRefreshPreview({ stack: options.stack, cwd: options.cwd ?? process.cwd() });
  const observations = readRefreshEvents(preview.events);
  const data =
    observations.stackOutputsBefore !== undefined && observations.stackOutputsAfter !== undefined
      ? compareDataSourceOutputs(observations.stackOutputsBefore, observations.stackOutputsAfter)
      : noDataSources();
  const notes = observations.stackOutputsBefore === undefined ? ["The stack has no deployment yet (run `pulumi up` first); there is nothing to compare."] : [];
  return assembleReport({ stack: preview.stack, project: preview.project }, observations.resources, data, notes);
}
