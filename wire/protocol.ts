/**
 * The vocabulary of the Flashduty AI SRE API that needs no schema library: operation paths,
 * error codes, limits, enumerations, the request id header. Kept apart from the zod schemas of
 * `wire/wire.ts` (which re-exports all of this) so that the published declarations of
 * `pulumi-flashduty` and `pulumi-flashduty/sdk` never load zod's typings: those need
 * `esModuleInterop`, which projects made by `pulumi new typescript` before 2026 do not set.
 */

import type { Assert, Equal } from "./typeAssert";

// The enumerations users see in the SDK's types (`KnownErrorCode`, `RuleScope`...) are spelled out
// as unions, not derived from the arrays (`(typeof X)[number]`): the published declarations then
// show the values rather than naming an array that is not exported. Each array is checked to hold
// exactly its union's values.

/**
 * One of the 20 documented `error.code` values (docs/platform-api.md "Error codes"; `OK` included:
 * on a 2xx it means success, see `isFailureError` in `wire/wire.ts`).
 */
export type KnownErrorCode =
  | "OK"
  | "InvalidParameter"
  | "BadRequest"
  | "InvalidContentType"
  | "ResourceNotFound"
  | "NoLicense"
  | "ReferenceExist"
  | "Unauthorized"
  | "BalanceNotEnough"
  | "AccessDenied"
  | "RouteNotFound"
  | "MethodNotAllowed"
  | "UndonedOrderExist"
  | "RequestLocked"
  | "EntityTooLarge"
  | "RequestTooFrequently"
  | "RequestVerifyRequired"
  | "DangerousOperation"
  | "InternalError"
  | "ServiceUnavailable";

/** The 20 `error.code` wire strings, as {@link KnownErrorCode} lists them. */
export const ERROR_CODES = [
  "OK",
  "InvalidParameter",
  "BadRequest",
  "InvalidContentType",
  "ResourceNotFound",
  "NoLicense",
  "ReferenceExist",
  "Unauthorized",
  "BalanceNotEnough",
  "AccessDenied",
  "RouteNotFound",
  "MethodNotAllowed",
  "UndonedOrderExist",
  "RequestLocked",
  "EntityTooLarge",
  "RequestTooFrequently",
  "RequestVerifyRequired",
  "DangerousOperation",
  "InternalError",
  "ServiceUnavailable",
] as const satisfies readonly KnownErrorCode[];
type _ErrorCodesComplete = Assert<Equal<(typeof ERROR_CODES)[number], KnownErrorCode>>;

/** Documented limits of the API (docs/platform-api.md "Rate limits and retries", "Paging", and each operation's section). */
export const LIMITS = {
  /** Largest `limit` (page size) of a list operation. */
  maxPageSize: 100,
  /** `limit` used by the server when the request has none. */
  defaultServerPageSize: 20,
  /** Largest `p * limit` of a list operation (offset paging ends there). */
  maxPageWindow: 10_000,
  /** Longest rule-list `keyword`, in characters. */
  maxKeywordLength: 64,
  /** Longest MCP server list `query`, in characters. */
  maxServerQueryLength: 128,
  /** Longest template-list `locale`, in characters. */
  maxLocaleLength: 16,
  /** Production rate limits: requests per second and per minute. */
  perSecond: 50,
  perMinute: 1_000,
} as const;

/** Header that carries the request id on every response (same value as the body's `request_id`). */
export const REQUEST_ID_HEADER = "flashcat-request-id";

/** API paths, one per operation. */
export const PATHS = {
  mcpServerDisable: "/safari/mcp/server/disable",
  mcpServerEnable: "/safari/mcp/server/enable",
  mcpServerGet: "/safari/mcp/server/get",
  mcpServerList: "/safari/mcp/server/list",
  automationRuleList: "/safari/automation/rule/list",
  automationRuleCreate: "/safari/automation/rule/create",
  automationRuleGet: "/safari/automation/rule/get",
  automationRuleUpdate: "/safari/automation/rule/update",
  automationRuleDelete: "/safari/automation/rule/delete",
  automationRuleRun: "/safari/automation/rule/run",
  automationTemplateList: "/safari/automation/template/list",
} as const;

export type ApiPath = (typeof PATHS)[keyof typeof PATHS];

/**
 * Operations whose production rate limit is lower than {@link LIMITS}' 50/s and 1000/min
 * (docs/platform-api.md "Automation rule write operations"): rule create, update and delete 20/s
 * and 300/min; rule run 5/s and 100/min (plus one run per rule per minute, enforced by the
 * server only). A client applies the lower of its own limit and this row.
 */
export const REDUCED_RATE_LIMITS: Readonly<Partial<Record<ApiPath, { readonly perSecond: number; readonly perMinute: number }>>> = {
  [PATHS.automationRuleCreate]: { perSecond: 20, perMinute: 300 },
  [PATHS.automationRuleUpdate]: { perSecond: 20, perMinute: 300 },
  [PATHS.automationRuleDelete]: { perSecond: 20, perMinute: 300 },
  [PATHS.automationRuleRun]: { perSecond: 5, perMinute: 100 },
};

/**
 * Path of a rule's HTTP POST trigger, relative to the API base URL (the rule's
 * `http_post_trigger_url`): firing it takes `Authorization: Bearer <token>` and no `app_key`.
 */
export function httpPostTriggerPath(triggerId: string): string {
  return `/safari/automation/triggers/${encodeURIComponent(triggerId)}/fire`;
}

/**
 * `error.code` values the vendor's own client reads as success (compared case-insensitively):
 * an envelope whose `error` carries one of these, on a 2xx, is not a failure.
 */
export const SUCCESS_CODES: readonly string[] = ["", "0", "ok"];

/** Status of an MCP server. */
export type McpServerStatus = "enabled" | "disabled";
export const MCP_SERVER_STATUSES = ["enabled", "disabled"] as const satisfies readonly McpServerStatus[];
type _McpServerStatusesComplete = Assert<Equal<(typeof MCP_SERVER_STATUSES)[number], McpServerStatus>>;

/** Transports of the schema. The wire field stays a plain string, so a new transport still parses. */
export const MCP_SERVER_TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** `auth_mode` values of the schema (`""` means `shared`). The wire field stays a plain string. */
export const MCP_SERVER_AUTH_MODES = ["shared", "per_user_secret", "per_user_oauth"] as const;

/** `scope` of the MCP server list: `all`, `account` (account-wide servers) or `team`. */
export type McpServerScope = "all" | "account" | "team";
export const MCP_SERVER_SCOPES = ["all", "account", "team"] as const satisfies readonly McpServerScope[];
type _McpServerScopesComplete = Assert<Equal<(typeof MCP_SERVER_SCOPES)[number], McpServerScope>>;

/** `scope` of the rule list: `all` (the caller's personal rules and the accessible team rules), `personal` or `team`. */
export type RuleScope = "all" | "personal" | "team";
export const RULE_SCOPES = ["all", "personal", "team"] as const satisfies readonly RuleScope[];
type _RuleScopesComplete = Assert<Equal<(typeof RULE_SCOPES)[number], RuleScope>>;

/**
 * Cron a rule carries when it has only an HTTP POST trigger (its schedule trigger disabled):
 * docs/platform-api.md "Automation rule object".
 */
export const PLACEHOLDER_CRON = "0 0 * * *";

/** A severity of the on-call incident trigger (`oncall_incident_severities`). */
export type RuleSeverity = "Critical" | "Warning" | "Info";
export const RULE_SEVERITIES = ["Critical", "Warning", "Info"] as const satisfies readonly RuleSeverity[];
type _RuleSeveritiesComplete = Assert<Equal<(typeof RULE_SEVERITIES)[number], RuleSeverity>>;

/** `environment_kind` of a rule: `""` = chosen automatically, `cloud`, or `byoc` (with `environment_id`). */
export type RuleEnvironmentKind = "" | "cloud" | "byoc";
export const RULE_ENVIRONMENT_KINDS = ["", "cloud", "byoc"] as const satisfies readonly RuleEnvironmentKind[];
type _RuleEnvironmentKindsComplete = Assert<Equal<(typeof RULE_ENVIRONMENT_KINDS)[number], RuleEnvironmentKind>>;

/** Limits of a rule's fields on create and update (docs/platform-api.md "Automation rule write operations"). */
export const RULE_LIMITS = {
  /** Longest rule name, in characters (at least 1). */
  maxNameLength: 255,
} as const;

/** Prefix of a rule's HTTP POST trigger token (`http_post_token`). */
export const HTTP_POST_TOKEN_PREFIX = "sat_";
