/**
 * The functions (invokes) the provider plugin serves, on the same reads the npm package's data
 * sources run in the program (`readRules`, `readTemplates`, `readServers`), with the plugin's
 * client (configured by the engine's `Configure`) instead of the program's.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient } from "../sdk";
// The reads alone, not the data source modules: those load `@pulumi/pulumi`'s program runtime,
// which the plugin's single-file build (scripts/packagePlugin.ts) leaves out.
import type { GetA2aAgentsArgs } from "../provider/a2aAgent/readA2aAgents";
import { readAgents } from "../provider/a2aAgent/readA2aAgents";
import type { GetAutomationRulesArgs } from "../provider/automationRule/readAutomationRules";
import { readRules } from "../provider/automationRule/readAutomationRules";
import type { GetAutomationTemplatesArgs } from "../provider/automationTemplate/readAutomationTemplates";
import { readTemplates } from "../provider/automationTemplate/readAutomationTemplates";
import type { GetKnowledgeFilesArgs } from "../provider/knowledgeFile/readKnowledgeFiles";
import { readKnowledgeFiles } from "../provider/knowledgeFile/readKnowledgeFiles";
import type { GetMcpServersArgs } from "../provider/mcpServer/readMcpServers";
import { readServers } from "../provider/mcpServer/readMcpServers";
import type { GetSkillsArgs } from "../provider/skill/readSkills";
import { readSkills } from "../provider/skill/readSkills";

/** What a function needs from the plugin: its client and the configured locale. */
export interface FunctionContext {
  client(): FlashdutyClient;
  locale(): string | undefined;
}

/** One function: plain arguments in, a plain result out. */
export type PluginFunction = (args: Record<string, unknown>, ctx: FunctionContext) => Promise<object>;

/** Every function of the plugin, by token. */
export const FUNCTIONS: ReadonlyMap<string, PluginFunction> = new Map<string, PluginFunction>([
  ["flashduty:index:getAutomationRules", (args, ctx) => readRules(args as GetAutomationRulesArgs, ctx.client)],
  ["flashduty:index:getAutomationTemplates", (args, ctx) => readTemplates(args as GetAutomationTemplatesArgs, ctx.client, ctx.locale)],
  ["flashduty:index:getMcpServers", (args, ctx) => readServers(args as GetMcpServersArgs, ctx.client)],
  ["flashduty:index:getSkills", (args, ctx) => readSkills(args as GetSkillsArgs, ctx.client)],
  ["flashduty:index:getKnowledgeFiles", (args, ctx) => readKnowledgeFiles(args as GetKnowledgeFilesArgs, ctx.client)],
  ["flashduty:index:getA2aAgents", (args, ctx) => readAgents(args as GetA2aAgentsArgs, ctx.client)],
]);
