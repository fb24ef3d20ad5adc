/**
 * The drift report as Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: a one-line
 * verdict, then one table per kind of drift. Tables longer than `maxRows` show the first rows
 * and a line with the count of the rest; nothing is cut silently.
 */
import type { DriftReport, FieldChange, ItemChange, RuleResourceDrift, ServerDrift } from "./report";

/** Options of {@link renderMarkdown}. */
export interface MarkdownOptions {
  /** Rows per table before the rest is summarised as "... and N more"; default 20, at least 1. */
  maxRows?: number;
}

/** The default of {@link MarkdownOptions.maxRows}. */
export const DEFAULT_MAX_ROWS = 20;

/** Longest field value shown inline in a "changed" row; longer ones are only named. */
const MAX_INLINE_VALUE = 40;

/** The HTML comment that ends every report, so a workflow can find and update its own comment. */
export function reportMarker(stack: string): string {
  return `<!-- pulumi-flashduty-drift stack=${stack.replace(/-->/g, "")} -->`;
}

function cell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}

function code(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  return cell(`${fence}${fence === "``" ? ` ${text} ` : text}${fence}`);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function verdict(report: DriftReport): string {
  const where = `in stack ${code(report.stack)} (project ${code(report.project)})`;
  if (!report.drift) {
    const checked = [
      plural(report.checkedServers, "MCP server disablement"),
      ...(report.checkedAutomationRules !== undefined ? [plural(report.checkedAutomationRules, "declared automation rule")] : []),
      plural(report.checkedOutputs.length, "rule or template output"),
    ];
    return `**No drift** ${where}: ${list(checked)} match the platform.`;
  }
  const parts: string[] = [];
  if (report.servers.length > 0) parts.push(plural(report.servers.length, "MCP server"));
  if ((report.automationRules ?? []).length > 0) parts.push(plural(report.automationRules!.length, "declared automation rule"));
  if (report.rules.length > 0) parts.push(plural(report.rules.length, "automation rule"));
  if (report.templates.length > 0) parts.push(plural(report.templates.length, "template"));
  return `**Drift found** ${where}: ${list(parts)} changed on the platform since the last \`pulumi up\`.`;
}

const OBSERVED: Record<ServerDrift["observed"], string> = { enabled: "**enabled**", deleted: "**deleted on the platform**" };

function nextUp(drift: ServerDrift): string {
  if (drift.nextUp === "disable") return "disables it again";
  return `fails: the refresh drops it from state, \`up\` creates it again and finds no server (\`MCP server '${drift.serverId}' not found\`); restore the server or remove the resource`;
}

function ruleNextUp(drift: RuleResourceDrift): string {
  return drift.nextUp === "update" ? "puts the declared fields back (one update, same rule id)" : "makes the rule again (the refresh drops it from state)";
}

function value(v: unknown): string {
  const text = JSON.stringify(v) ?? "null";
  return text.length <= MAX_INLINE_VALUE ? code(text) : "";
}

function details(fields: readonly FieldChange[]): string {
  return fields
    .map((f) => {
      const before = value(f.before);
      const after = value(f.after);
      return before !== "" && after !== "" ? `${code(f.field)}: ${before} → ${after}` : `${code(f.field)} changed`;
    })
    .join(", ");
}

function table(header: string[], rows: string[][], maxRows: number, what: string): string[] {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const row of rows.slice(0, maxRows)) lines.push(`| ${row.join(" | ")} |`);
  if (rows.length > maxRows) lines.push("", `... and ${rows.length - maxRows} more ${what} (\`--json\` lists them all).`);
  return lines;
}

function itemRows(changes: readonly ItemChange[], withId: boolean): string[][] {
  return changes.map((c) => [
    c.kind,
    cell(c.name),
    ...(withId ? [code(c.id)] : [c.locale === undefined ? "" : code(c.locale)]),
    code(c.output),
    c.kind === "changed" ? details(c.fields) : "",
  ]);
}

/** Renders `report` as Markdown (ends with a newline and {@link reportMarker}). */
export function renderMarkdown(report: DriftReport, options: MarkdownOptions = {}): string {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isInteger(maxRows) || maxRows < 1) throw new RangeError(`maxRows must be an integer of at least 1, got ${String(options.maxRows)}`);
  const lines = [verdict(report)];
  if (report.servers.length > 0) {
    lines.push("", "### MCP servers (`McpServerDisablement`)", "");
    const rows = report.servers.map((s) => [code(s.serverId), cell(s.serverName), code(s.resourceName), s.declared, OBSERVED[s.observed], nextUp(s)]);
    lines.push(...table(["Server", "Name", "Resource", "Declared", "Observed", "Next `pulumi up`"], rows, maxRows, "servers"));
  }
  const declaredRules = report.automationRules ?? [];
  if (declaredRules.length > 0) {
    lines.push("", "### Automation rules declared in the stack (`AutomationRule`)", "");
    const rows = declaredRules.map((r) => [
      cell(r.name), code(r.ruleId), code(r.resourceName), r.observed === "deleted" ? "**deleted on the platform**" : `changed: ${details(r.fields)}`, ruleNextUp(r),
    ]);
    lines.push(...table(["Rule", "Id", "Resource", "Observed", "Next `pulumi up`"], rows, maxRows, "declared rules"));
  }
  if (report.rules.length > 0) {
    const s = report.summary.rules;
    lines.push("", `### Automation rules (${s.added} added, ${s.removed} removed, ${s.changed} changed)`, "");
    lines.push(...table(["Change", "Rule", "Id", "Output", "Fields"], itemRows(report.rules, true), maxRows, "rule changes"));
  }
  if (report.templates.length > 0) {
    const s = report.summary.templates;
    lines.push("", `### Automation templates (${s.added} added, ${s.removed} removed, ${s.changed} changed)`, "");
    lines.push(...table(["Change", "Template", "Locale", "Output", "Fields"], itemRows(report.templates, false), maxRows, "template changes"));
  }
  if (report.rules.length + report.templates.length > 0) {
    lines.push("", "Rule and template changes are the platform's; the next `pulumi up` records them in the stack outputs.");
  }
  for (const note of report.notes) lines.push("", `> ${note}`);
  lines.push("", "<sub>`pulumi-flashduty drift`: a refresh preview; no state was written.</sub>", reportMarker(report.stack));
  return `${lines.join("\n")}\n`;
}
