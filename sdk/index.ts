/**
 * `pulumi-flashduty/sdk`: the typed HTTP client of the Flashduty AI SRE API.
 *
 * Entry point: {@link FlashdutyClient}. Errors: `sdk/errors.ts`. Wire schemas (snake_case) for
 * those who need the raw JSON: docs/platform-api.md (the wire schemas themselves are internal).
 */
export {
  FlashdutyClient,
  DEFAULT_BASE_URL,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_RATE_LIMIT,
  DEFAULT_TIMEOUT_MS,
  type FlashdutyClientOptions,
} from "./client";
export {
  FlashdutyApiError,
  FlashdutyConnectionError,
  FlashdutyError,
  FlashdutyPagingError,
  FlashdutyResponseError,
  FlashdutyTimeoutError,
  FlashdutyValidationError,
  isFlashdutyApiError,
  isFlashdutyError,
  FlashdutyAbortError,
  FlashdutyAmbiguousCreateError,
  type ErrorCode,
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
} from "./resources/automationRules";
export type { AutomationTemplate, AutomationTemplateList, ListAutomationTemplatesParams } from "./resources/automationTemplates";
export type { ListMcpServersParams, McpServer, McpServerIdParams, McpServerList, McpServerScope, McpServerStatus, McpTool } from "./resources/mcpServers";
export { AutomationRules, CREATE_CLOCK_SKEW_MS, type ListAllAutomationRulesParams } from "./resources/automationRules";
export { ruleFieldProblems, type RuleFieldProblem } from "./resources/automationRules";
export { AutomationTemplates } from "./resources/automationTemplates";
export { McpServers } from "./resources/mcpServers";
export { MAX_WALKS, PAGE_CONCURRENCY } from "./pagination";
export {
  MAX_HONORED_RETRY_AFTER_MS,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  RETRYABLE_CODES,
  RETRYABLE_STATUSES,
} from "./retry";
export { VERSION } from "./version";
export {
  ERROR_CODES,
  LIMITS,
  MCP_SERVER_AUTH_MODES,
  MCP_SERVER_TRANSPORTS,
  PATHS,
  PLACEHOLDER_CRON,
  HTTP_POST_TOKEN_PREFIX,
  RULE_ENVIRONMENT_KINDS,
  RULE_LIMITS,
  RULE_SEVERITIES,
  httpPostTriggerPath,
  REQUEST_ID_HEADER,
  SUCCESS_CODES,
  type KnownErrorCode,
} from "../wire/protocol";
export type { RequestOptions } from "./requestOptions";
