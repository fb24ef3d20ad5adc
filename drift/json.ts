/** The drift report as JSON (`pulumi-flashduty drift --json`). */
import type { DriftReport } from "./report";

/**
 * Renders `report` as pretty-printed JSON with a final newline: exactly the {@link DriftReport}
 * shape (`version` 1), every list complete (the Markdown caps long tables, JSON never does).
 */
export function renderJson(report: DriftReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
