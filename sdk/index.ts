/**
 * `pulumi-flashduty/sdk`: the typed HTTP client of the Flashduty AI SRE API.
 *
 * Entry point: {@link FlashdutyClient}, with its options and their defaults, the per-call
 * {@link RequestOptions}, the errors it raises and their type guards, and the models and
 * parameters of each operation (camelCase). The client's tuning (retry delays, paging
 * concurrency, rate-limit adaptation) and the API's wire vocabulary (paths, error-code lists,
 * limits, enumerations as arrays) are internal: they change with the platform and the client's
 * implementation, not with this contract. Wire schemas (snake_case) for those who need the raw
 * JSON: docs/platform-api.md.
 *
 * @packageDocumentation
 */
export {
  FlashdutyClient,
  DEFAULT_BASE_URL,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type FlashdutyClientOptions,
} from "./client";
export type { RequestOptions } from "./requestOptions";
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
} from "./errors";
export type {
  AutomationRule,
  AutomationRuleFields,
  AutomationRuleIdParams,
  AutomationRuleList,
  AutomationRuleWithToken,
  CreateAutomationRuleParams,
  ListAutomationRulesParams,
  RuleEnvironmentKind,
  RuleScope,
  RuleSeverity,
  UpdateAutomationRuleParams,
} from "./resources/automationRuleModel";
export type { AutomationTemplate, AutomationTemplateList, ListAutomationTemplatesParams } from "./resources/automationTemplates";
export type {
  CreateMcpServerParams,
  ListMcpServersParams,
  McpServer,
  McpServerAuthMode,
  McpServerFields,
  McpServerIdParams,
  McpServerList,
  McpServerScope,
  McpServerStatus,
  McpServerTransport,
  McpTool,
  UpdateMcpServerParams,
} from "./resources/mcpServerModel";
export type {
  DeleteKnowledgeFileParams,
  EnsureKnowledgePackParams,
  KnowledgeFile,
  KnowledgeFileContent,
  KnowledgeFileRead,
  KnowledgeFileReadParams,
  KnowledgeFileDeleteResult,
  KnowledgeFileList,
  KnowledgeFilePathParams,
  KnowledgeFilePutResult,
  KnowledgeOverview,
  KnowledgePack,
  KnowledgePackIdParams,
  KnowledgePackList,
  KnowledgePackListScope,
  KnowledgeWarning,
  KnowledgeWarningCode,
  ListAllKnowledgePacksParams,
  ListKnowledgeFilesParams,
  ListKnowledgePacksParams,
  PutKnowledgeFileParams,
  UpdateKnowledgePackParams,
} from "./resources/knowledgeModel";
export type {
  A2aAgent,
  A2aAgentAuthMode,
  A2aAgentAuthType,
  A2aAgentCardSkill,
  A2aAgentFields,
  A2aAgentIdParams,
  A2aAgentList,
  A2aAgentScope,
  A2aAgentStatus,
  CreateA2aAgentParams,
  ListA2aAgentsParams,
  UpdateA2aAgentParams,
} from "./resources/a2aAgentModel";
export { A2aAgents, type ListAllA2aAgentsParams } from "./resources/a2aAgents";
export { AutomationRules, type ListAllAutomationRulesParams } from "./resources/automationRules";
export { AutomationTemplates } from "./resources/automationTemplates";
export { Knowledge } from "./resources/knowledge";
export { type ListAllMcpServersParams, McpServers } from "./resources/mcpServers";
export type { ListSkillsParams, Skill, SkillIdParams, SkillList, SkillScope, SkillStatus, UpdateSkillParams, UploadSkillParams } from "./resources/skillModel";
export { type ListAllSkillsParams, SKILL_UPLOAD_CLOCK_SKEW_MS, Skills } from "./resources/skills";
export { skillArchiveChecksum, zipSkillFiles, zipSkillFolder } from "./resources/skillFolder";
export { VERSION } from "./version";
