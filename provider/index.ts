/**
 * pulumi-flashduty: Pulumi resources and data sources for the Flashduty AI SRE platform.
 *
 * - {@link McpServerDisablement}: a dynamic resource that keeps an MCP server disabled.
 * - {@link AutomationRule}: a dynamic resource that declares an automation rule.
 * - {@link McpServer}: a dynamic resource that declares an MCP server whole.
 * - {@link KnowledgeFile}: a dynamic resource that declares one file of a knowledge pack.
 * - {@link A2aAgent}: a dynamic resource that declares an A2A agent whole.
 * - {@link getAutomationRules} / {@link getAutomationRulesOutput}: every visible automation rule.
 * - {@link getAutomationTemplates} / {@link getAutomationTemplatesOutput}: the preset templates.
 * - {@link getMcpServers} / {@link getMcpServersOutput}: every visible MCP server (secret values masked).
 * - {@link Skill}: a dynamic resource that uploads a skill from the program's archive.
 * - {@link getSkills} / {@link getSkillsOutput}: every visible skill.
 * - {@link getKnowledgeFiles} / {@link getKnowledgeFilesOutput}: every visible knowledge file (metadata).
 * - {@link getA2aAgents} / {@link getA2aAgentsOutput}: every A2A agent of the account (secret values masked).
 *
 * Also the errors a program may catch: {@link FlashdutyConfigError} (no app key, a malformed
 * setting) and the API client's error classes and type guards. The models the data sources
 * return (`AutomationRule`, `AutomationTemplate`, `RuleScope`, `McpServer`, `McpServerScope`) have one home, the typed API
 * client `pulumi-flashduty/sdk`; the local emulator is the separate package
 * `pulumi-flashduty-emulator`.
 *
 * @packageDocumentation
 */
export { McpServerDisablement, type McpServerDisablementArgs, type McpServerDisablementState } from "./dynamic/mcpServerDisablement";
export { AutomationRule, type AutomationRuleArgs, type AutomationRuleState } from "./dynamic/automationRule";
export { McpServer, type McpServerArgs, type McpServerJson, type McpServerState } from "./dynamic/mcpServer";
export { Skill, type SkillArgs, type SkillState } from "./dynamic/skill";
export { getSkills, getSkillsOutput, type GetSkillsArgs, type GetSkillsOutputArgs, type GetSkillsResult } from "./dynamic/getSkills";
export { KnowledgeFile, type KnowledgeFileArgs, type KnowledgeFileState } from "./dynamic/knowledgeFile";
export { A2aAgent, type A2aAgentArgs, type A2aAgentJson, type A2aAgentState } from "./dynamic/a2aAgent";
export {
  getAutomationRules,
  getAutomationRulesOutput,
  type GetAutomationRulesArgs,
  type GetAutomationRulesOutputArgs,
  type GetAutomationRulesResult,
} from "./dynamic/getAutomationRules";
export {
  getAutomationTemplates,
  getAutomationTemplatesOutput,
  type GetAutomationTemplatesArgs,
  type GetAutomationTemplatesOutputArgs,
  type GetAutomationTemplatesResult,
} from "./dynamic/getAutomationTemplates";
export { getMcpServers, getMcpServersOutput, type GetMcpServersArgs, type GetMcpServersOutputArgs, type GetMcpServersResult } from "./dynamic/getMcpServers";
export {
  getKnowledgeFiles,
  getKnowledgeFilesOutput,
  type GetKnowledgeFilesArgs,
  type GetKnowledgeFilesOutputArgs,
  type GetKnowledgeFilesResult,
  type KnowledgeFileInfo,
} from "./dynamic/getKnowledgeFiles";
export { getA2aAgents, getA2aAgentsOutput, type GetA2aAgentsArgs, type GetA2aAgentsOutputArgs, type GetA2aAgentsResult } from "./dynamic/getA2aAgents";
export { FlashdutyConfigError, type FlashdutyConfigKey } from "./client/config";
export {
  FlashdutyAbortError,
  FlashdutyAmbiguousCreateError,
  FlashdutyApiError,
  FlashdutyConnectionError,
  FlashdutyError,
  FlashdutyPagingError,
  FlashdutyResponseError,
  FlashdutyTimeoutError,
  FlashdutyValidationError,
  isFlashdutyApiError,
  isFlashdutyError,
  type ErrorCode,
  type FlashdutyAbortErrorInit,
  type FlashdutyAmbiguousCreateErrorInit,
  type FlashdutyApiErrorInit,
  type FlashdutyConnectionErrorInit,
  type FlashdutyErrorInit,
  type FlashdutyPagingErrorInit,
  type FlashdutyResponseErrorInit,
  type FlashdutyTimeoutErrorInit,
  type FlashdutyValidationErrorInit,
  type KnownErrorCode,
  type PagingFailureReason,
} from "../sdk/errors";
