/**
 * The words of the Markdown report that depend on the tool: a Pulumi stack's report speaks of
 * `pulumi up`, stacks and type names (`McpServer`); a Terraform plan's of `terraform apply`,
 * configurations and Terraform types (`flashdutyai_mcp_server`, made from the plugin's tokens).
 * Platform text in them is an inert code span, as everywhere in the report.
 */
import { RESOURCE_TYPE_TOKENS, type ResourceNoun, snakeCase, terraformResourceType } from "../provider/engine/typeToken";
import { markdownCode } from "../sdk/markdownText";
import type { A2aAgentResourceDrift, DriftReport, McpServerResourceDrift, RuleResourceDrift, ServerDrift, SkillResourceDrift } from "./report";

/** Longest id shown inside an error message, in code points. */
const MAX_SHOWN = 100;

/** What differs between a Pulumi stack's report and a Terraform plan's. */
export interface ReportWords {
  /** Where the drift is: `in stack ... (project ...)`, or `in Terraform workspace ... (configuration ...)`. */
  where(code: (text: string) => string): string;
  /** The command that last wrote the state: "`pulumi up`" or "`terraform apply`". */
  lastRun: string;
  /** The short name of the next run inside sentences: "`up`" or "`apply`". */
  run: string;
  /** "stack" or "configuration": where resources are declared. */
  scope: string;
  /** A resource type as the table headings name it, as inline code. */
  noun(noun: ResourceNoun): string;
  /** An input's name as the user writes it: `serverId`, or `server_id` in HCL. */
  input(name: string): string;
  /** What the declared values are called: "fields" (Pulumi's inputs) or "attributes" (Terraform's). */
  fields: string;
  /** What a skill is uploaded from. */
  skillSource: string;
  /** The footnote: what was run. */
  footnote: string;
}

/** The words of a report on a Pulumi stack (byte for byte the report's words before Terraform). */
const PULUMI: ReportWords = {
  where: () => "",
  lastRun: "`pulumi up`",
  run: "`up`",
  scope: "stack",
  noun: (noun) => `\`${noun}\``,
  input: (name) => name,
  fields: "fields",
  skillSource: "the stack's archive",
  footnote: "<sub>`pulumi-flashduty drift`: a refresh preview; no state was written.</sub>",
};

/** The words of `report`: Terraform's when it was read from a Terraform plan, Pulumi's otherwise. */
export function wordsFor(report: DriftReport): ReportWords {
  if (report.terraform === undefined) {
    return { ...PULUMI, where: (code) => `in stack ${code(report.stack)} (project ${code(report.project)})` };
  }
  return {
    where: (code) => `in Terraform workspace ${code(report.stack)} (configuration ${code(report.project)})`,
    lastRun: "`terraform apply`",
    run: "`apply`",
    scope: "configuration",
    noun: (noun) => `\`${terraformResourceType(RESOURCE_TYPE_TOKENS[noun][1])}\``,
    input: snakeCase,
    fields: "attributes",
    skillSource: "the `source` folder",
    footnote: "<sub>`pulumi-flashduty drift --terraform`: a refresh-only plan; no state was written.</sub>",
  };
}

function shortId(id: string): string {
  return Array.from(id).slice(0, MAX_SHOWN).join("");
}

/** What the next run does about a drifted `McpServerDisablement`. */
export function serverNextUp(drift: ServerDrift, w: ReportWords): string {
  if (drift.nextUp === "disable") return "disables it again";
  const error = markdownCode(`MCP server '${shortId(drift.serverId)}' not found`);
  return `fails: the refresh drops it from state, ${w.run} creates it again and finds no server (${error}); restore the server or remove the resource`;
}

export function ruleNextUp(drift: RuleResourceDrift, w: ReportWords): string {
  return drift.nextUp === "update" ? `puts the declared ${w.fields} back (one update, same rule id)` : "makes the rule again (the refresh drops it from state)";
}

export function declaredServerNextUp(drift: McpServerResourceDrift, w: ReportWords): string {
  if (drift.nextUp === "update") return `puts the declared ${w.fields} back (one update, same server id)`;
  if (drift.nextUp === "create") return "makes the server again (the refresh drops it from state)";
  const input = w.input("serverId");
  const error = markdownCode(`MCP server '${shortId(drift.serverId)}' (the ${input} input) not found`);
  return `fails: the refresh drops it from state, ${w.run} adopts the \`${input}\` again and finds no server (${error}); restore the server or remove the resource`;
}

export function skillNextUp(drift: SkillResourceDrift, w: ReportWords): string {
  if (drift.nextUp === "upload") return `uploads ${w.skillSource} again (same skill id)`;
  if (drift.nextUp === "update") return `puts the declared ${w.fields} back (one update, same skill id)`;
  if (drift.nextUp === "create") return "uploads the skill again (the refresh drops it from state)";
  const input = w.input("skillId");
  const error = markdownCode(`skill '${shortId(drift.skillId)}' (the ${input} input) not found`);
  return `fails: the refresh drops it from state, ${w.run} adopts the \`${input}\` again and finds no skill (${error}); restore the skill or remove the resource`;
}

export function declaredAgentNextUp(drift: A2aAgentResourceDrift, w: ReportWords): string {
  if (drift.nextUp === "update") return `puts the declared ${w.fields} back (one update, same agent id)`;
  if (drift.nextUp === "create") return "makes the agent again (the refresh drops it from state)";
  const input = w.input("agentId");
  const error = markdownCode(`A2A agent '${shortId(drift.agentId)}' (the ${input} input) not found`);
  return `fails: the refresh drops it from state, ${w.run} adopts the \`${input}\` again and finds no agent (${error}); restore the agent or remove the resource`;
}
