/**
 * The drift report as Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: a one-line
 * verdict, then one table per kind of drift. Tables longer than `maxRows` show the first rows
 * and a line with the count of the rest; so does every table once the comment would outgrow
 * `maxLength`; nothing is cut silently.
 *
 * Every string of the report that comes from the platform or the stack (names, ids, output
 * paths, field names and values, the stack and project) is shown as an inert code span
 * (`sdk/markdownText.ts`): nothing in it becomes a link, image, mention, reference or HTML, and
 * it has no control character. Long strings are cut (marked `…`); `--json` has them whole.
 */
import { markdownCode, markdownTableCell } from "../sdk/markdownText";
import { escapeTerminalControls } from "../sdk/terminalText";
import { VALUE_NOT_SHOWN } from "./dataSources";
import { declaredAgentNextUp, declaredServerNextUp, ruleNextUp, type ReportWords, serverNextUp, skillNextUp, wordsFor } from "./markdownWords";
import type {
  A2aAgentResourceDrift,
  DriftReport,
  FieldChange,
  ItemChange,
  KnowledgeFileResourceDrift,
  McpServerResourceDrift,
  RuleResourceDrift,
  ServerDrift,
  SkillResourceDrift,
} from "./report";

/** Options of {@link renderMarkdown}. */
export interface MarkdownOptions {
  /** Rows per table before the rest is summarised as "... and N more"; default 20, at least 1. */
  maxRows?: number;
  /**
   * Longest Markdown produced, in UTF-16 code units (never fewer than the code points GitHub
   * counts); rows that do not fit are summarised as "... and N more". Default
   * {@link DEFAULT_MAX_LENGTH}; at least {@link MIN_MAX_LENGTH}.
   */
  maxLength?: number;
}

/** The default of {@link MarkdownOptions.maxRows}. */
export const DEFAULT_MAX_ROWS = 20;

/**
 * GitHub's limit on the body of a pull-request comment, in characters; {@link renderMarkdown}'s
 * default {@link DEFAULT_MAX_LENGTH} stays below it.
 */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** The default of {@link MarkdownOptions.maxLength}: GitHub's limit less room for a workflow's own heading. */
export const DEFAULT_MAX_LENGTH = 60_000;

/** The smallest {@link MarkdownOptions.maxLength}: the verdict, headings, count lines and marker always fit. */
export const MIN_MAX_LENGTH = 4_000;

/** Longest field value shown inline in a "changed" row (its JSON, in code units); longer ones are only named. */
const MAX_INLINE_VALUE = 40;
/** Longest name, id, output path or field name shown, in code points. */
const MAX_SHOWN = 100;
/** Longest stack or project name shown in the verdict, in code points. */
const MAX_SHOWN_HEADER = 100;
/** Fields named in one "changed" row, at most. */
const MAX_FIELDS = 10;
/** Room kept for each "... and N more" line. */
const COUNT_LINE_RESERVE = 200;

/**
 * The HTML comment that ends every report, so a workflow can find and update its own comment.
 * A stack name made of letters, digits, `_`, `.`, `-` and `/` (every name Pulumi accepts) is
 * written as it is; any other character is percent-encoded (its UTF-8 bytes), so the comment
 * cannot be closed early or broken over lines.
 */
export function reportMarker(stack: string): string {
  return markerLine("stack", stack);
}

/**
 * `<!-- pulumi-flashduty-drift <key>=<name> -->`, the name percent-encoded as {@link reportMarker}
 * says. A Terraform plan's report is marked `terraform=<configuration folder>/<workspace>`.
 */
function markerLine(key: "stack" | "terraform", name: string): string {
  const percent = (ch: string) => Array.from(Buffer.from(ch, "utf8"), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  const safe = Array.from(name, (ch) => (/^[A-Za-z0-9_./-]$/.test(ch) ? ch : percent(ch))).join("");
  return `<!-- pulumi-flashduty-drift ${key}=${safe} -->`;
}

const code = (text: string, maxLength = MAX_SHOWN): string => markdownCode(text, { maxLength });
const cell = markdownTableCell;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function verdict(report: DriftReport, w: ReportWords): string {
  const where = w.where((text) => code(text, MAX_SHOWN_HEADER));
  if (!report.drift) {
    const checked = [
      plural(report.checkedServers, "MCP server disablement"),
      ...(report.checkedAutomationRules !== undefined ? [plural(report.checkedAutomationRules, "declared automation rule")] : []),
      ...(report.checkedMcpServerResources !== undefined ? [plural(report.checkedMcpServerResources, "declared MCP server")] : []),
      ...(report.checkedSkillResources !== undefined ? [plural(report.checkedSkillResources, "declared skill")] : []),
      ...(report.checkedA2aAgentResources !== undefined ? [plural(report.checkedA2aAgentResources, "declared A2A agent")] : []),
      ...(report.checkedKnowledgeFiles !== undefined ? [plural(report.checkedKnowledgeFiles, "declared knowledge file")] : []),
      ...(report.terraform === undefined
        ? [plural(report.checkedOutputs.length, report.mcpServers !== undefined ? "rule, template or MCP server output" : "rule or template output")]
        : []),
    ];
    return `**No drift** ${where}: ${list(checked)} match the platform.`;
  }
  const parts: string[] = [];
  if (report.servers.length > 0) parts.push(plural(report.servers.length, "MCP server"));
  if ((report.automationRules ?? []).length > 0) parts.push(plural(report.automationRules!.length, "declared automation rule"));
  if ((report.mcpServerResources ?? []).length > 0) parts.push(plural(report.mcpServerResources!.length, "declared MCP server"));
  if ((report.knowledgeFiles ?? []).length > 0) parts.push(plural(report.knowledgeFiles!.length, "declared knowledge file"));
  if ((report.a2aAgentResources ?? []).length > 0) parts.push(plural(report.a2aAgentResources!.length, "declared A2A agent"));
  if (report.rules.length > 0) parts.push(plural(report.rules.length, "automation rule"));
  if (report.templates.length > 0) parts.push(plural(report.templates.length, "template"));
  if ((report.mcpServers ?? []).length > 0) parts.push(plural(report.mcpServers!.length, "listed MCP server"));
  if ((report.skillResources ?? []).length > 0) parts.push(plural(report.skillResources!.length, "declared skill"));
  if ((report.skills ?? []).length > 0) parts.push(plural(report.skills!.length, "listed skill"));
  if ((report.listedKnowledgeFiles ?? []).length > 0) parts.push(plural(report.listedKnowledgeFiles!.length, "listed knowledge file"));
  return `**Drift found** ${where}: ${list(parts)} changed on the platform since the last ${w.lastRun}.`;
}

const OBSERVED: Record<ServerDrift["observed"], string> = { enabled: "**enabled**", deleted: "**deleted on the platform**" };

/** A field value inline, or "" (only the field is named) when it is long or a secret value not shown. */
function value(v: unknown): string {
  if (v === VALUE_NOT_SHOWN) return "";
  const text = JSON.stringify(v) ?? "null";
  return text.length <= MAX_INLINE_VALUE ? markdownCode(text) : "";
}

/**
 * The changed fields of a row. With `keyWords`, a key of a secret map (a value not shown on one
 * side, absent on the other) reads as "added" or "removed" instead of "changed".
 */
function details(fields: readonly FieldChange[], keyWords = false): string {
  const shown = fields.slice(0, MAX_FIELDS).map((f) => {
    if (keyWords && f.before === null && f.after === VALUE_NOT_SHOWN) return `${code(f.field)} added`;
    if (keyWords && f.before === VALUE_NOT_SHOWN && f.after === null) return `${code(f.field)} removed`;
    const before = value(f.before);
    const after = value(f.after);
    return before !== "" && after !== "" ? `${code(f.field)}: ${before} → ${after}` : `${code(f.field)} changed`;
  });
  if (fields.length > MAX_FIELDS) shown.push(`and ${fields.length - MAX_FIELDS} more fields`);
  return shown.join(", ");
}

function itemRow(c: ItemChange, withId: boolean): string[] {
  return [
    c.kind,
    code(c.name),
    ...(withId ? [code(c.id)] : [c.locale === undefined ? "" : code(c.locale)]),
    code(c.output),
    c.kind === "changed" ? details(c.fields) : "",
  ];
}

/** One block of the report whose rows may be left out: a table, or the notes. */
interface Block {
  /** Lines before the rows (blank line, heading, table header). */
  head: string[];
  /** Number of rows. */
  size: number;
  /** Row `i`, rendered when asked for (thousands of rows are never all rendered). */
  row(i: number): string;
  /** The count line for `n` rows left out. */
  countLine(n: number, forSize: boolean): string;
}

function table<T>(heading: string, header: string[], items: readonly T[], row: (item: T) => string[], what: string): Block {
  return {
    head: ["", heading, "", `| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`],
    size: items.length,
    row: (i) => `| ${row(items[i]!).map(cell).join(" | ")} |`,
    countLine: (n, forSize) =>
      forSize
        ? `\n... and ${n} more ${what}, left out to keep this comment under GitHub's size limit (\`--json\` lists them all).`
        : `\n... and ${n} more ${what} (\`--json\` lists them all).`,
  };
}

/**
 * Renders `report` as Markdown (ends with a newline and {@link reportMarker}, which is always
 * the last line). At most `maxRows` rows per table, and at most `maxLength` code units in all:
 * rows that do not fit are left out, in report order, and each table says how many it left out.
 *
 * @throws RangeError when `maxRows` is not an integer of at least 1, or `maxLength` not an
 *   integer of at least {@link MIN_MAX_LENGTH}
 */
export function renderMarkdown(report: DriftReport, options: MarkdownOptions = {}): string {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  if (!Number.isInteger(maxRows) || maxRows < 1) throw new RangeError(`maxRows must be an integer of at least 1, got ${String(options.maxRows)}`);
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < MIN_MAX_LENGTH) {
    throw new RangeError(`maxLength must be an integer of at least ${MIN_MAX_LENGTH}, got ${String(options.maxLength)}`);
  }
  const w = wordsFor(report);
  const next = `Next ${w.lastRun}`;
  const blocks: Block[] = [];
  if (report.servers.length > 0) {
    const row = (s: ServerDrift) => [code(s.serverId), code(s.serverName), code(s.resourceName), s.declared, OBSERVED[s.observed], serverNextUp(s, w)];
    blocks.push(
      table(
        `### MCP servers (${w.noun("McpServerDisablement")})`,
        ["Server", "Name", "Resource", "Declared", "Observed", next],
        report.servers,
        row,
        "servers",
      ),
    );
  }
  const declaredRules = report.automationRules ?? [];
  if (declaredRules.length > 0) {
    const row = (r: RuleResourceDrift) => [
      code(r.name),
      code(r.ruleId),
      code(r.resourceName),
      r.observed === "deleted" ? "**deleted on the platform**" : `changed: ${details(r.fields)}`,
      ruleNextUp(r, w),
    ];
    blocks.push(
      table(
        `### Automation rules declared in the ${w.scope} (${w.noun("AutomationRule")})`,
        ["Rule", "Id", "Resource", "Observed", next],
        declaredRules,
        row,
        "declared rules",
      ),
    );
  }
  const declaredServers = report.mcpServerResources ?? [];
  if (declaredServers.length > 0) {
    const row = (r: McpServerResourceDrift) => [
      code(r.serverName),
      code(r.serverId),
      code(r.resourceName),
      r.observed === "deleted" ? "**deleted on the platform**" : `changed: ${details(r.fields, true)}`,
      declaredServerNextUp(r, w),
    ];
    blocks.push(
      table(
        `### MCP servers declared in the ${w.scope} (${w.noun("McpServer")})`,
        ["Server", "Id", "Resource", "Observed", next],
        declaredServers,
        row,
        "declared servers",
      ),
    );
  }
  const declaredSkills = report.skillResources ?? [];
  if (declaredSkills.length > 0) {
    const row = (r: SkillResourceDrift) => [
      code(r.skillName),
      code(r.skillId),
      code(r.resourceName),
      r.observed === "deleted" ? "**deleted on the platform**" : `changed: ${details(r.fields)}`,
      skillNextUp(r, w),
    ];
    blocks.push(
      table(
        `### Skills declared in the ${w.scope} (${w.noun("Skill")})`,
        ["Skill", "Id", "Resource", "Observed", next],
        declaredSkills,
        row,
        "declared skills",
      ),
    );
  }
  const declaredAgents = report.a2aAgentResources ?? [];
  if (declaredAgents.length > 0) {
    const row = (r: A2aAgentResourceDrift) => [
      code(r.agentName),
      code(r.agentId),
      code(r.resourceName),
      r.observed === "deleted" ? "**deleted on the platform**" : `changed: ${details(r.fields, true)}`,
      declaredAgentNextUp(r, w),
    ];
    blocks.push(
      table(
        `### A2A agents declared in the ${w.scope} (${w.noun("A2aAgent")})`,
        ["Agent", "Id", "Resource", "Observed", next],
        declaredAgents,
        row,
        "declared agents",
      ),
    );
  }
  const declaredFiles = report.knowledgeFiles ?? [];
  if (declaredFiles.length > 0) {
    const row = (r: KnowledgeFileResourceDrift) => [
      code(r.path),
      String(r.teamId),
      code(r.resourceName),
      r.observed === "deleted" ? "**deleted on the platform**" : `changed: ${details(r.fields)}`,
      r.nextUp === "update" ? "writes the declared text back (one put, same file)" : "writes the file again (the refresh drops it from state)",
    ];
    blocks.push(
      table(
        `### Knowledge files declared in the ${w.scope} (${w.noun("KnowledgeFile")})`,
        ["Path", "Team", "Resource", "Observed", next],
        declaredFiles,
        row,
        "declared knowledge files",
      ),
    );
  }
  if (report.rules.length > 0) {
    const s = report.summary.rules;
    const heading = `### Automation rules (${s.added} added, ${s.removed} removed, ${s.changed} changed)`;
    blocks.push(table(heading, ["Change", "Rule", "Id", "Output", "Fields"], report.rules, (c) => itemRow(c, true), "rule changes"));
  }
  if (report.templates.length > 0) {
    const s = report.summary.templates;
    const heading = `### Automation templates (${s.added} added, ${s.removed} removed, ${s.changed} changed)`;
    blocks.push(table(heading, ["Change", "Template", "Locale", "Output", "Fields"], report.templates, (c) => itemRow(c, false), "template changes"));
  }
  const listedServers = report.mcpServers ?? [];
  if (listedServers.length > 0) {
    const s = report.summary.mcpServers ?? { added: 0, removed: 0, changed: 0 };
    const heading = `### MCP servers in outputs (${s.added} added, ${s.removed} removed, ${s.changed} changed)`;
    blocks.push(table(heading, ["Change", "Server", "Id", "Output", "Fields"], listedServers, (c) => itemRow(c, true), "MCP server changes"));
  }
  const listedSkills = report.skills ?? [];
  if (listedSkills.length > 0) {
    const s = report.summary.skills ?? { added: 0, removed: 0, changed: 0 };
    const heading = `### Skills in outputs (${s.added} added, ${s.removed} removed, ${s.changed} changed)`;
    blocks.push(table(heading, ["Change", "Skill", "Id", "Output", "Fields"], listedSkills, (c) => itemRow(c, true), "skill changes"));
  }
  const listedFiles = report.listedKnowledgeFiles ?? [];
  if (listedFiles.length > 0) {
    const s = report.summary.listedKnowledgeFiles ?? { added: 0, removed: 0, changed: 0 };
    const heading = `### Knowledge files in outputs (${s.added} added, ${s.removed} removed, ${s.changed} changed)`;
    blocks.push(table(heading, ["Change", "File", "Id", "Output", "Fields"], listedFiles, (c) => itemRow(c, true), "knowledge file changes"));
  }
  const between =
    listedFiles.length > 0
      ? [
          "",
          "Changes in the listed rules, templates, MCP servers and knowledge files are the platform's; the next `pulumi up` records them in the stack outputs.",
        ]
      : listedServers.length + listedSkills.length > 0
        ? ["", "Rule, template and MCP server changes are the platform's; the next `pulumi up` records them in the stack outputs."]
        : report.rules.length + report.templates.length > 0
          ? ["", "Rule and template changes are the platform's; the next `pulumi up` records them in the stack outputs."]
          : [];
  const notes: Block = {
    head: [],
    size: report.notes.length,
    // Notes are Markdown lines of ours (platform text in them already inert): kept on one line, no controls.
    row: (i) => `\n> ${escapeTerminalControls(report.notes[i]!.replace(/\r\n|\r|\n/g, " "))}`,
    countLine: (n) => `\n> ... and ${n} more notes (\`--json\` lists them all).`,
  };
  const marker = report.terraform === undefined ? reportMarker(report.stack) : markerLine("terraform", `${report.project}/${report.stack}`);
  const tail = ["", w.footnote, marker];

  // What is always written, with room for every block's count line; rows fill the rest in order.
  const fixed = [verdict(report, w), ...blocks.flatMap((b) => b.head), ...between, ...tail];
  let budget = maxLength - (fixed.join("\n").length + 1) - (blocks.length + 1) * COUNT_LINE_RESERVE;
  const fill = (block: Block, limit: number): string[] => {
    const lines: string[] = [];
    for (let i = 0; i < Math.min(limit, block.size); i++) {
      const row = block.row(i);
      if (row.length + 1 > budget) break;
      lines.push(row);
      budget -= row.length + 1;
    }
    const left = block.size - lines.length;
    if (left > 0) lines.push(block.countLine(left, lines.length < Math.min(limit, block.size)));
    return lines;
  };

  const lines = [verdict(report, w)];
  for (const block of blocks) lines.push(...block.head, ...fill(block, maxRows));
  lines.push(...between);
  lines.push(...fill(notes, notes.size));
  lines.push(...tail);
  return `${lines.join("\n")}\n`;
}
