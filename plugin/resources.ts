/**
 * The resources the provider plugin serves: each noun's entry (`provider/<noun>/pluginEntry.ts`),
 * on the SAME implementation module the dynamic resource of the npm package calls
 * (`provider/<noun>/provider.ts`): one implementation, two front doors.
 *
 * @packageDocumentation
 */
import { A2A_AGENT_PLUGIN } from "../provider/a2aAgent/pluginEntry";
import { AUTOMATION_RULE_PLUGIN } from "../provider/automationRule/pluginEntry";
import type { PluginResource } from "../provider/engine/pluginEntry";
import { KNOWLEDGE_FILE_PLUGIN } from "../provider/knowledgeFile/pluginEntry";
import { MCP_SERVER_PLUGIN } from "../provider/mcpServer/pluginEntry";
import { MCP_SERVER_DISABLEMENT_PLUGIN } from "../provider/mcpServerDisablement/pluginEntry";
import { SKILL_PLUGIN } from "../provider/skill/pluginEntry";

export type { PluginResource } from "../provider/engine/pluginEntry";

/** Every resource of the plugin, by type token. */
export const RESOURCES: ReadonlyMap<string, PluginResource> = new Map(
  [MCP_SERVER_DISABLEMENT_PLUGIN, AUTOMATION_RULE_PLUGIN, MCP_SERVER_PLUGIN, SKILL_PLUGIN, KNOWLEDGE_FILE_PLUGIN, A2A_AGENT_PLUGIN].map((r) => [r.token, r]),
);
