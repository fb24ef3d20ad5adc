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
 *
 * Needs `@pulumi/policy` (and `@pulumi/pulumi`) installed next to this package.
 *
 * @packageDocumentation
 */
import type { Policies } from "@pulumi/policy";
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
export { AUTOMATION_RULE_TYPE, KNOWLEDGE_FILE_TYPE, MCP_SERVER_DISABLEMENT_TYPE, MCP_SERVER_TYPE, SKILL_TYPE } from "../provider/engine/typeToken";
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
}

/** All seven Flashduty policies, in the order of the table above. */
export function flashdutyPolicies(options: FlashdutyPoliciesOptions = {}): Policies {
  return [
    requiredDisabledServersPolicy(options.requiredDisabledServers),
    restoreOnDeletePolicy(options.restoreOnDelete),
    oneResourcePerServerPolicy(options.oneResourcePerServer),
    automationRuleGuardrailsPolicy(options.automationRuleGuardrails),
    mcpServerGuardrailsPolicy(options.mcpServerGuardrails),
    skillGuardrailsPolicy(options.skillGuardrails),
    knowledgeFileGuardrailsPolicy(options.knowledgeFileGuardrails),
  ];
}
