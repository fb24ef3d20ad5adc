/**
 * The vocabulary of the Flashduty AI SRE API that needs no schema library: operation paths,
 * error codes, limits, enumerations, the request id header. Kept apart from the zod schemas of
 * `wire/wire.ts` (which re-exports all of this) so that the published declarations of
 * `pulumi-flashduty` and `pulumi-flashduty/sdk` never load zod's typings: those need
 * `esModuleInterop`, which projects made by `pulumi new typescript` before 2026 do not set.
 */

/**
 * The 20 `error.code` wire strings of docs/platform-api.md "Error codes" (`OK` included: on a 2xx it means
 * success, see `isFailureError` in `wire/wire.ts`).
 */
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
] as const;

/** One of the documented `error.code` values. */
export type KnownErrorCode = (typeof ERROR_CODES)[number];

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
  automationRuleGet: "/safari/automation/rule/get",
  automationTemplateList: "/safari/automation/template/list",
} as const;

export type ApiPath = (typeof PATHS)[keyof typeof PATHS];

/**
 * `error.code` values the vendor's own client reads as success (compared case-insensitively):
 * an envelope whose `error` carries one of these, on a 2xx, is not a failure.
 */
export const SUCCESS_CODES: readonly string[] = ["", "0", "ok"];

export const MCP_SERVER_STATUSES = ["enabled", "disabled"] as const;
export type McpServerStatus = (typeof MCP_SERVER_STATUSES)[number];

/** Transports of the schema. The wire field stays a plain string, so a new transport still parses. */
export const MCP_SERVER_TRANSPORTS = ["stdio", "sse", "streamable-http"] as const;

/** `auth_mode` values of the schema (`""` means `shared`). The wire field stays a plain string. */
export const MCP_SERVER_AUTH_MODES = ["shared", "per_user_secret", "per_user_oauth"] as const;

export const MCP_SERVER_SCOPES = ["all", "account", "team"] as const;

export const RULE_SCOPES = ["all", "personal", "team"] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/**
 * Cron a rule carries when it has only an HTTP POST trigger (its schedule trigger disabled):
 * docs/platform-api.md "Automation rule object".
 */
export const PLACEHOLDER_CRON = "0 0 * * *";
