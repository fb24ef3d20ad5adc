/**
 * Warnings and info lines of the noun implementations (an adopted object, a platform warning of a
 * write, a rate-limit wait), shown by whichever front door runs the call: the Pulumi CLI's log for
 * the dynamic resources and the provider plugin, a diagnostic of the call for Terraform.
 *
 * A front door that gathers them per call runs the call inside {@link collectNotices}; outside it,
 * a notice goes to Pulumi's log. That default is here, not in a front door, because the dynamic
 * front door has no start-up of ours to choose it: the engine runs the stored provider text, which
 * loads the implementation module directly (docs/ARCHITECTURE.md, "Frozen contracts").
 *
 * @packageDocumentation
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** How much a notice matters: `warning` is shown to every user; `info` is a progress line. */
export type NoticeSeverity = "warning" | "info";

/** Where a call's notices go: `message` is plain text whose platform-controlled parts are escaped already. */
export type NoticeSink = (severity: NoticeSeverity, message: string) => void;

const sinks = new AsyncLocalStorage<NoticeSink>();

/**
 * Runs `work` with its notices (and those of everything it awaits) sent to `sink` instead of
 * Pulumi's log. Answers what `work` answers; throws what it throws.
 */
export function collectNotices<T>(sink: NoticeSink, work: () => Promise<T>): Promise<T> {
  return sinks.run(sink, work);
}

/**
 * Shows `message` to the user of the current call. `resource` (a Pulumi resource, for the dynamic
 * data sources' `parent`) places the line under it in the Pulumi CLI; other front doors ignore it.
 */
export function notice(severity: NoticeSeverity, message: string, resource?: unknown): void {
  const sink = sinks.getStore();
  if (sink !== undefined) {
    sink(severity, message);
    return;
  }
  // The log module alone, loaded on first use: the plugin and the Terraform provider need nothing
  // else of the Pulumi SDK's entry point.
  const log = require("@pulumi/pulumi/log") as typeof import("@pulumi/pulumi/log");
  const at = resource as import("@pulumi/pulumi").Resource | undefined;
  void (severity === "warning" ? log.warn(message, at) : log.info(message, at));
}

/** {@link notice} of a warning. */
export function warn(message: string): void {
  notice("warning", message);
}
