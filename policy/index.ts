/**
 * `pulumi-flashduty/policy`: CrossGuard policies for Flashduty stacks, to compose into a policy
 * pack (`new PolicyPack("name", { policies: flashdutyPolicies() })`, run with
 * `pulumi preview --policy-pack DIR`). Each policy is a factory taking its default enforcement
 * level and setting defaults; `--policy-pack-config` overrides both per policy.
 *
 * | policy | kind | default enforcement |
 * |---|---|---|
 * | `flashduty-required-disabled-servers` | stack | mandatory |
 * | `flashduty-restore-on-delete` | resource | advisory |
 * | `flashduty-one-resource-per-server` | stack | mandatory |
 * | `flashduty-automation-rule-guardrails` | stack | advisory |
 * | `flashduty-mcp-server-guardrails` | resource | advisory |
 * | `flashduty-skill-guardrails` | resource | advisory |
 * | `flashduty-knowledge-file-guardrails` | resource | advisory |
 * | `flashduty-a2a-agent-guardrails` | resource | advisory |
 *
 * Every policy recognises a resource by either form of its type token (`RESOURCE_TYPE_TOKENS`):
 * the dynamic resource's of a TypeScript program (`pulumi-nodejs:dynamic/flashduty:McpServer`)
 * and the provider plugin's of a YAML, Python or Go program (`flashduty:index:McpServer`).
 *
 * Needs `@pulumi/policy` (and `@pulumi/pulumi`) installed next to this package.
 *
 * @packageDocumentation
 */
import type { Policies } from "@pulumi/policy";
import { a2aAgentGuardrailsPolicy, type A2aAgentGuardrailsConfig } from "./a2aAgentGuardrails";
import { automationRuleGuardrailsPolicy, type AutomationRuleGuardrailsConfig } from "./automationRuleGuardrails";
import { knowledgeFileGuardrailsPolicy, type KnowledgeFileGuardrailsConfig } from "./knowledgeFileGuardrails";
import { mcpServerGuardrailsPolicy, type McpServerGuardrailsConfig } from "./mcpServerGuardrails";
import { oneResourcePerServerPolicy } from "./oneResourcePerServer";
import type { PolicyOptions } from "./policyConfig";
import { requiredDisabledServersPolicy, type RequiredDisabledServersConfig } from "./requiredDisabledServers";
import { restoreOnDeletePolicy, type RestoreOnDeleteConfig } from "./restoreOnDelete";
import { skillGuardrailsPolicy, type SkillGuardrailsConfig } from "./skillGuardrails";

export {
  AUTOMATION_RULE_GUARDRAILS,
  automationRuleGuardrailsPolicy,
  declaredRules,
  declaredRuleViolations,
  ruleViolations,
  type AutomationRuleGuardrailsConfig,
  type DeclaredRule,
} from "./automationRuleGuardrails";
export {
  A2A_AGENT_PLUGIN_TYPE,
  A2A_AGENT_TYPE,
  AUTOMATION_RULE_PLUGIN_TYPE,
  AUTOMATION_RULE_TYPE,
  isResourceType,
  KNOWLEDGE_FILE_PLUGIN_TYPE,
  KNOWLEDGE_FILE_TYPE,
  MCP_SERVER_DISABLEMENT_PLUGIN_TYPE,
  MCP_SERVER_DISABLEMENT_TYPE,
  MCP_SERVER_PLUGIN_TYPE,
  MCP_SERVER_TYPE,
  RESOURCE_TYPE_TOKENS,
  resourceNounOf,
  SKILL_PLUGIN_TYPE,
  SKILL_TYPE,
  type ResourceNoun,
} from "../provider/engine/typeToken";
export { A2A_AGENT_GUARDRAILS, a2aAgentGuardrailsPolicy, a2aAgentViolations, type A2aAgentGuardrailsConfig } from "./a2aAgentGuardrails";
export {
  KNOWLEDGE_FILE_GUARDRAILS,
  isKnowledgeFile,
  knowledgeFileGuardrailsPolicy,
  knowledgeFileViolations,
  type KnowledgeFileGuardrailsConfig,
} from "./knowledgeFileGuardrails";
export { MCP_SERVER_GUARDRAILS, mcpServerGuardrailsPolicy, mcpServerViolations, type McpServerGuardrailsConfig } from "./mcpServerGuardrails";
export {
  declaredDisablements,
  declaredMcpServers,
  isMcpServer,
  isMcpServerDisablement,
  type DeclaredDisablement,
  type DeclaredMcpServer,
} from "./mcpServerResources";
export { ONE_RESOURCE_PER_SERVER, oneResourcePerServerPolicy } from "./oneResourcePerServer";
export type { DefaultedSchema, PolicyOptions } from "./policyConfig";
export { REQUIRED_DISABLED_SERVERS, requiredDisabledServersPolicy, type RequiredDisabledServersConfig } from "./requiredDisabledServers";
export { RESTORE_ON_DELETE, restoreOnDeletePolicy, type RestoreOnDeleteConfig } from "./restoreOnDelete";
export { SKILL_GUARDRAILS, isSkill, skillGuardrailsPolicy, skillViolations, type SkillGuardrailsConfig } from "./skillGuardrails";
export { DEFAULT_MAX_FIRES, InvalidScheduleError, minScheduleGapMinutes, type ScheduleGapOptions } from "./scheduleInterval";

/** Options of {@link flashdutyPolicies}, per policy. */
export interface FlashdutyPoliciesOptions {
  requiredDisabledServers?: PolicyOptions<RequiredDisabledServersConfig>;
  restoreOnDelete?: PolicyOptions<RestoreOnDeleteConfig>;
  oneResourcePerServer?: PolicyOptions<Record<string, never>>;
  automationRuleGuardrails?: PolicyOptions<AutomationRuleGuardrailsConfig>;
  mcpServerGuardrails?: PolicyOptions<McpServerGuardrailsConfig>;
  skillGuardrails?: PolicyOptions<SkillGuardrailsConfig>;
  knowledgeFileGuardrails?: PolicyOptions<KnowledgeFileGuardrailsConfig>;
  a2aAgentGuardrails?: PolicyOptions<A2aAgentGuardrailsConfig>;
}

/** All eight Flashduty policies, in the order of the table above. */
export function flashdutyPolicies(options: FlashdutyPoliciesOptions = {}): Policies {
  return [
    requiredDisabledServersPolicy(options.requiredDisabledServers),
    restoreOnDeletePolicy(options.restoreOnDelete),
    oneResourcePerServerPolicy(options.oneResourcePerServer),
    automationRuleGuardrailsPolicy(options.automationRuleGuardrails),
    mcpServerGuardrailsPolicy(options.mcpServerGuardrails),
    skillGuardrailsPolicy(options.skillGuardrails),
    knowledgeFileGuardrailsPolicy(options.knowledgeFileGuardrails),
    a2aAgentGuardrailsPolicy(options.a2aAgentGuardrails),
  ];
}
