/**
 * pulumi-flashduty: Pulumi resources and data sources for the Flashduty AI SRE platform.
 *
 * - {@link McpServerDisablement}: a dynamic resource that keeps an MCP server disabled.
 * - {@link AutomationRule}: a dynamic resource that declares an automation rule.
 * - {@link getAutomationRules} / {@link getAutomationRulesOutput}: every visible automation rule.
 * - {@link getAutomationTemplates} / {@link getAutomationTemplatesOutput}: the preset templates.
 *
 * The typed API client is `pulumi-flashduty/sdk` (its error classes and type guards are also
 * exported here); the local emulator is the separate package `pulumi-flashduty-emulator`.
 */
export { McpServerDisablement, type McpServerDisablementArgs } from "./mcpServerDisablement";
export { AutomationRule, type AutomationRuleArgs } from "./automationRule";
export {
  getAutomationRules,
  getAutomationRulesOutput,
  type GetAutomationRulesArgs,
  type GetAutomationRulesOutputArgs,
  type GetAutomationRulesResult,
} from "./getAutomationRules";
export {
  getAutomationTemplates,
  getAutomationTemplatesOutput,
  type GetAutomationTemplatesArgs,
  type GetAutomationTemplatesOutputArgs,
  type GetAutomationTemplatesResult,
} from "./getAutomationTemplates";
export { FlashdutyConfigError, type FlashdutyConfig, resolveConfig } from "./config";
// `AutomationRule` at the package root is the resource; the rule as the API reads it (the
// elements of getAutomationRules' `rules`) is `AutomationRuleItem` here, `AutomationRule` in
// pulumi-flashduty/sdk.
export { DEFAULT_BASE_URL, type AutomationRule as AutomationRuleItem, type AutomationTemplate, type RuleScope } from "../sdk";
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
  type PagingFailureReason,
} from "../sdk/errors";
