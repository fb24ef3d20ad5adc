/**
 * The resources the provider plugin serves: each noun's entry (`provider/<noun>/entry.ts`),
 * on the SAME implementation module the dynamic resource of the npm package calls
 * (`provider/<noun>/provider.ts`): one implementation, two front doors.
 *
 * @packageDocumentation
 */
import { A2A_AGENT_ENTRY } from "../provider/a2aAgent/entry";
import { AUTOMATION_RULE_ENTRY } from "../provider/automationRule/entry";
import type { NounEntry } from "../provider/engine/nounEntry";
import { KNOWLEDGE_FILE_ENTRY } from "../provider/knowledgeFile/entry";
import { MCP_SERVER_ENTRY } from "../provider/mcpServer/entry";
import { MCP_SERVER_DISABLEMENT_ENTRY } from "../provider/mcpServerDisablement/entry";
import { SKILL_ENTRY } from "../provider/skill/entry";

export type { NounEntry } from "../provider/engine/nounEntry";

/** Every resource of the plugin, by type token. */
export const RESOURCES: ReadonlyMap<string, NounEntry> = new Map(
  [MCP_SERVER_DISABLEMENT_ENTRY, AUTOMATION_RULE_ENTRY, MCP_SERVER_ENTRY, SKILL_ENTRY, KNOWLEDGE_FILE_ENTRY, A2A_AGENT_ENTRY].map((r) => [r.token, r]),
);
