/**
 * Wire schemas of the Flashduty AI SRE API (`/safari/...`): the JSON exactly as it crosses the
 * network, in the API's snake_case. The client (`sdk/`) parses responses with these; the
 * emulator (`emulator/`) builds its answers and checks request bodies with them. Nothing else
 * is shared between the two.
 *
 * Sources: ../shared/spec/api-seed.md (sections 2, 4, 7, 8) and ../shared/spec/real-api.md.
 * Response objects are `z.object` (unknown fields are stripped, never rejected) so a newer
 * server that adds fields does not break older clients.
 */
import { z } from "zod";

/** The 20 `error.code` wire strings of api-seed.md section 7 (`OK` included). */
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

/** Documented limits of the API (api-seed.md section 8, real-api.md). */
export const LIMITS = {
  /** Largest `limit` (page size) of a list operation. */
  maxPageSize: 100,
  /** `limit` used by the server when the request has none. */
  defaultServerPageSize: 20,
  /** Largest `p * limit` of a list operation (offset paging ends there). */
  maxPageWindow: 10_000,
  /** Longest rule-list `keyword`, in characters. */
  maxKeywordLength: 64,
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
  automationTemplateList: "/safari/automation/template/list",
} as const;

export type ApiPath = (typeof PATHS)[keyof typeof PATHS];

// ---------------------------------------------------------------- envelope

/** `error` of a failed envelope. `code` stays a plain string: unknown codes must parse. */
export const wireErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

/**
 * The envelope of every response: `request_id` always; `data` on success only; `error` on
 * failure only.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    request_id: z.string(),
    data: data.optional(),
    error: wireErrorSchema.optional(),
  });
}

/** Envelope with `data` left unparsed: for reading `error` and `request_id` of any answer. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());

// ---------------------------------------------------------------- MCP servers

export const MCP_SERVER_STATUSES = ["enabled", "disabled"] as const;
export type McpServerStatus = (typeof MCP_SERVER_STATUSES)[number];

/** An MCP server as `/safari/mcp/server/get` and `/list` return it (real-api.md). */
export const wireMcpServerSchema = z.object({
  server_id: z.string(),
  account_id: z.number().int(),
  team_id: z.number().int(),
  server_name: z.string(),
  description: z.string().default(""),
  transport: z.string().default(""),
  status: z.enum(MCP_SERVER_STATUSES),
  can_edit: z.boolean().default(false),
  created_by: z.number().int().default(0),
  created_at: z.number().int().default(0),
  updated_at: z.number().int().default(0),
  tool_count: z.number().int().default(0),
  list_error: z.string().default(""),
});
export type WireMcpServer = z.infer<typeof wireMcpServerSchema>;

/** Body of disable, enable and get. */
export const wireServerIdRequestSchema = z.object({
  server_id: z.string(),
});
export type WireServerIdRequest = z.infer<typeof wireServerIdRequestSchema>;

export const MCP_SERVER_SCOPES = ["all", "account", "team"] as const;

/** Body of `/safari/mcp/server/list`. */
export const wireMcpServerListRequestSchema = z.object({
  p: z.number().int().optional(),
  limit: z.number().int().optional(),
  scope: z.string().optional(),
  query: z.string().optional(),
  team_ids: z.array(z.number().int()).optional(),
  include_account: z.boolean().nullable().optional(),
});
export type WireMcpServerListRequest = z.infer<typeof wireMcpServerListRequestSchema>;

export const wireMcpServerListDataSchema = z.object({
  total: z.number().int(),
  servers: z.array(wireMcpServerSchema),
});
export type WireMcpServerListData = z.infer<typeof wireMcpServerListDataSchema>;

// ---------------------------------------------------------------- automation rules

export const RULE_SCOPES = ["all", "personal", "team"] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/** An automation rule (api-seed.md 2.3 plus `timezone` from real-api.md). */
export const wireAutomationRuleSchema = z.object({
  rule_id: z.string(),
  account_id: z.number().int(),
  team_id: z.number().int(),
  owner_id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  run_scope: z.string(),
  cron_expr: z.string(),
  timezone: z.string().default(""),
  prompt: z.string(),
  environment_kind: z.string(),
  environment_id: z.string(),
  schedule_trigger_id: z.string(),
  schedule_trigger_enabled: z.boolean(),
  http_post_trigger_id: z.string(),
  http_post_trigger_url: z.string(),
  http_post_trigger_enabled: z.boolean(),
  can_edit: z.boolean(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  schedule_next_fire_at_ms: z.number().int(),
  oncall_incident_trigger_id: z.string(),
  oncall_incident_trigger_enabled: z.boolean(),
  oncall_incident_channel_ids: z.array(z.number().int()),
  oncall_incident_severities: z.array(z.string()),
});
export type WireAutomationRule = z.infer<typeof wireAutomationRuleSchema>;

/** Body of `/safari/automation/rule/list` (real-api.md field names). All optional. */
export const wireRuleListRequestSchema = z.object({
  p: z.number().int().optional(),
  limit: z.number().int().optional(),
  scope: z.string().optional(),
  team_ids: z.array(z.number().int()).optional(),
  include_person: z.boolean().nullable().optional(),
  enabled: z.boolean().nullable().optional(),
  keyword: z.string().optional(),
});
export type WireRuleListRequest = z.infer<typeof wireRuleListRequestSchema>;

export const wireRuleListDataSchema = z.object({
  total: z.number().int(),
  rules: z.array(wireAutomationRuleSchema),
});
export type WireRuleListData = z.infer<typeof wireRuleListDataSchema>;

// ---------------------------------------------------------------- automation templates

/** A preset automation template (api-seed.md 2.4). `name` is its identity within a locale. */
export const wireAutomationTemplateSchema = z.object({
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  enabled: z.boolean(),
  prompt: z.string(),
});
export type WireAutomationTemplate = z.infer<typeof wireAutomationTemplateSchema>;

/** Body of `/safari/automation/template/list`. */
export const wireTemplateListRequestSchema = z.object({
  locale: z.string().optional(),
});
export type WireTemplateListRequest = z.infer<typeof wireTemplateListRequestSchema>;

export const wireTemplateListDataSchema = z.object({
  templates: z.array(wireAutomationTemplateSchema),
});
export type WireTemplateListData = z.infer<typeof wireTemplateListDataSchema>;
