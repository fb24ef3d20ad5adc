/** The drift report as JSON (`pulumi-flashduty drift --json`). */
import { terminalSafeJson } from "../sdk/terminalText";
import type { DriftReport } from "./report";

/**
 * Renders `report` as pretty-printed JSON with a final newline: exactly the {@link DriftReport}
 * shape (`version` 1), every list complete and every string whole (the Markdown caps long
 * tables and cuts long names, JSON never does). Its bytes hold no control character: the ones
 * JSON.stringify leaves raw (DEL, C1 controls, U+2028/2029, bidi controls) are written as
 * `\uXXXX` escapes, so it prints safely to a terminal and parses to the same values.
 */
export function renderJson(report: DriftReport): string {
  return `${terminalSafeJson(report, 2)}\n`;
}
