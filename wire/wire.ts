/**
 * Wire schemas of the Flashduty AI SRE API (`/safari/...`): the JSON exactly as it crosses the
 * network, in the API's snake_case. The client (`sdk/`) parses responses with these; the
 * emulator (`emulator/`) builds its answers and checks request bodies with them. Nothing else
 * is shared between the two.
 *
 * The API they follow is described in docs/platform-api.md.
 * Response objects are `z.object` (unknown fields are stripped, never rejected) so a newer
 * server that adds fields does not break older clients. Required and optional fields follow
 * docs/platform-api.md ("MCP server object", "Automation rule object", "JSON types"): optional fields absent
 * or `null` read as `undefined`, `null` lists as `[]`.
 */
import { z } from "zod";
import { SUCCESS_CODES } from "./errorCodes";
import { MCP_SERVER_STATUSES } from "./protocol";

import type { Equal } from "./typeAssert";
import type { WireAutomationRule, WireAutomationRuleWithToken, WireAutomationTemplate, WireMcpServer } from "./wireTypes";
import { jsonText, legacy, list, optional, optionalList, stringMap } from "./readers";

export * from "./protocol";
export { cronDialectProblem, isKnownTimezone, normalizeCron } from "./cronDialect";
export * from "./skill";
export * from "./knowledge";
export * from "./a2aAgent";

// Compile-time parity of the schemas with the plain interfaces of wire/wireTypes.ts.

// ---------------------------------------------------------------- envelope

/**
 * `error` of an envelope. `code` stays a plain string (unknown codes must parse); a missing or
 * null `code` or `message` reads as `""`, as the vendor's Go client's zero values do (so
 * `"error": {}` is no error).
 */
export const wireErrorSchema = z.object({
  code: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  message: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
});
export type WireError = z.infer<typeof wireErrorSchema>;

/**
 * Whether an envelope's `error` means failure, as the vendor's client decides: only a non-null
 * object whose `code` is not `""`, `"0"` or `"OK"` (any case). `null`/absent is no error.
 */
export function isFailureError(error: WireError | null | undefined): error is WireError {
  return error !== null && error !== undefined && !SUCCESS_CODES.includes(error.code.toLowerCase());
}

/**
 * The envelope of every response: `request_id` (the only field always present; it wins over the
 * `Flashcat-Request-Id` header); `data` on success, possibly absent or `null` where the
 * operation's data is null; `error` on failure, possibly `null` or a success code on success
 * (see {@link isFailureError}).
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    request_id: z.string(),
    data: data.optional(),
    error: wireErrorSchema.nullable().optional(),
  });
}

/** Envelope with `data` left unparsed: for reading `error` and `request_id` of any answer. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());

// ---------------------------------------------------------------- MCP servers

/** A tool as older schemas listed it under `tools` (legacy; the newest schema has no tool list). */
export const wireMcpToolSchema = z.object({
  name: z.string(),
  description: optional(z.string()),
});

/**
 * An MCP server as `/safari/mcp/server/get` and `/list` return it: docs/platform-api.md "MCP server
 * object" (the vendor's newest schema). Required fields are required; optional ones read as
 * `undefined` when absent or null; `tools`, `tool_count`, `list_error`, `environment_kind` and
 * `environment_id` (older schemas) are read when present and never required.
 */
export const wireMcpServerSchema = z.object({
  server_id: z.string(),
  account_id: z.number().int(),
  /** 0 = account-wide. */
  team_id: z.number().int(),
  can_edit: z.boolean(),
  /** `[]` = every environment; otherwise `cloud` and/or BYOC runner ids. */
  environments: list(z.string()),
  server_name: z.string(),
  description: z.string(),
  /** `stdio` | `sse` | `streamable-http` (see {@link MCP_SERVER_TRANSPORTS}). */
  transport: z.string(),
  status: z.enum(MCP_SERVER_STATUSES),
  /** Seconds; 0 = the server default (10 s). */
  connect_timeout: z.number(),
  /** Seconds; 0 = the server default (60 s). */
  call_timeout: z.number(),
  created_by: z.number().int(),
  /** Epoch ms. */
  created_at: z.number().int(),
  /** Epoch ms. */
  updated_at: z.number().int(),
  ai_description: optional(z.string()),
  /** stdio only. */
  command: optional(z.string()),
  args: optionalList(z.string()),
  /** stdio only; secret values masked. */
  env: optional(stringMap),
  /** sse and streamable-http only. */
  url: optional(z.string()),
  /** sse and streamable-http only; secret values masked. */
  headers: optional(stringMap),
  proxy_url: optional(z.string()),
  allow_insecure_oauth_http: optional(z.boolean()),
  allow_insecure_tls_skip_verify: optional(z.boolean()),
  /** `shared` | `per_user_secret` | `per_user_oauth`; `""` = shared. */
  auth_mode: optional(z.string()),
  /** Which per-user secrets the server needs, JSON text (an array or object from an older server reads as its JSON text). */
  secret_schema: optional(jsonText()),
  /** OAuth metadata, JSON text (an array or object reads as its JSON text). */
  oauth_metadata: optional(jsonText()),
  source_template_name: optional(z.string()),
  /** Legacy (older schemas): the tool list of a live probe. */
  tools: legacy(z.array(wireMcpToolSchema)),
  /** Legacy (older schemas): number of tools. */
  tool_count: legacy(z.number().int()),
  /** Legacy (older schemas): error of the live tool probe done by get. */
  list_error: legacy(z.string()),
  /** Legacy (older schemas): `""` | `cloud` | `byoc`, replaced by `environments`. */
  environment_kind: legacy(z.string()),
  /** Legacy (older schemas): replaced by `environments`. */
  environment_id: legacy(z.string()),
});
/** An MCP server as the client reads it (after the tolerant readers); see `wire/wireTypes.ts`. */
export type { WireMcpServer };
true satisfies Equal<WireMcpServer, z.output<typeof wireMcpServerSchema>>;
/** An MCP server as it may appear on the wire (what a server, such as the emulator, may send). */
export type WireMcpServerJson = z.input<typeof wireMcpServerSchema>;

/** Body of disable, enable and get. */
export const wireServerIdRequestSchema = z.object({
  server_id: z.string(),
});
export type WireServerIdRequest = z.infer<typeof wireServerIdRequestSchema>;

/** Body of `/safari/mcp/server/list`. Unknown fields (`search_after_ctx`...) are stripped. */
export const wireMcpServerListRequestSchema = z.object({
  p: z.number().int().optional(),
  limit: z.number().int().optional(),
  scope: z.string().optional(),
  /** At most `LIMITS.maxServerQueryLength` characters. */
  query: z.string().optional(),
  team_ids: z.array(z.number().int()).optional(),
  /** Default true. */
  include_account: z.boolean().nullable().optional(),
});
export type WireMcpServerListRequest = z.infer<typeof wireMcpServerListRequestSchema>;

export const wireMcpServerListDataSchema = z.object({
  total: z.number().int(),
  servers: list(wireMcpServerSchema),
});
export type WireMcpServerListData = z.output<typeof wireMcpServerListDataSchema>;

/**
 * Body of `/safari/mcp/server/create` (docs/platform-api.md "MCP server writes"). `server_name`,
 * `description` and `transport` are always sent; the rest only when given. `secret_schema` and
 * `oauth_metadata` are JSON text in a string.
 */
export const wireMcpServerCreateRequestSchema = z.object({
  server_name: z.string(),
  description: z.string(),
  transport: z.string(),
  command: z.string().optional(),
  args: z.array(z.string()).nullable().optional(),
  env: z.record(z.string(), z.string()).nullable().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).nullable().optional(),
  /** 0 = account-wide. */
  team_id: z.number().int().optional(),
  /** Absent or `[]` = every environment. */
  environments: z.array(z.string()).nullable().optional(),
  /** Seconds; 0 = the platform default. */
  connect_timeout: z.number().int().optional(),
  call_timeout: z.number().int().optional(),
  auth_mode: z.string().optional(),
  secret_schema: z.string().optional(),
  oauth_metadata: z.string().optional(),
  allow_insecure_oauth_http: z.boolean().optional(),
  allow_insecure_tls_skip_verify: z.boolean().optional(),
  source_template_name: z.string().optional(),
  /** `enabled` (default) or `disabled`. */
  status: z.string().optional(),
});
export type WireMcpServerCreateRequest = z.infer<typeof wireMcpServerCreateRequestSchema>;

/**
 * Body of `/safari/mcp/server/update`: `server_id` and the fields to change. Omitted (or `null`,
 * or an empty string) = unchanged; `args`, `env`, `headers` and `environments` replace the whole
 * value (`environments: []` = every environment again); a masked or empty value of a sensitive
 * `env`/`headers` key keeps the stored one; `team_id` moves the server (0 = account-wide).
 */
export const wireMcpServerUpdateRequestSchema = wireMcpServerCreateRequestSchema.omit({ status: true, source_template_name: true }).partial().extend({
  server_id: z.string(),
  team_id: z.number().int().nullable().optional(),
  allow_insecure_oauth_http: z.boolean().nullable().optional(),
  allow_insecure_tls_skip_verify: z.boolean().nullable().optional(),
});
export type WireMcpServerUpdateRequest = z.infer<typeof wireMcpServerUpdateRequestSchema>;

// ---------------------------------------------------------------- automation rules

/**
 * An automation rule (docs/platform-api.md "Automation rule object").
 * The six trigger fields are optional: absent when the rule has no such trigger. `timezone` is
 * absent on older rows and reads as `""` (UTC). Null lists read as `[]`.
 */
export const wireAutomationRuleSchema = z.object({
  rule_id: z.string(),
  account_id: z.number().int(),
  /** 0 = personal. */
  team_id: z.number().int(),
  owner_id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** `person` | `team`. */
  run_scope: z.string(),
  cron_expr: z.string(),
  /** IANA name; `""` (or absent, on older rows) = UTC. */
  timezone: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  prompt: z.string(),
  /** `""` | `cloud` | `byoc`. */
  environment_kind: z.string(),
  environment_id: z.string(),
  schedule_trigger_id: optional(z.string()),
  schedule_trigger_enabled: z.boolean(),
  http_post_trigger_id: optional(z.string()),
  http_post_trigger_url: optional(z.string()),
  http_post_trigger_enabled: z.boolean(),
  can_edit: z.boolean(),
  /** Epoch ms. */
  created_at: z.number().int(),
  /** Epoch ms. */
  updated_at: z.number().int(),
  /** Epoch ms; 0 = nothing scheduled. */
  schedule_next_fire_at_ms: z.number().int(),
  oncall_incident_trigger_id: optional(z.string()),
  oncall_incident_trigger_enabled: z.boolean(),
  oncall_incident_channel_ids: optionalList(z.number().int()),
  oncall_incident_severities: optionalList(z.string()),
});
/** An automation rule as the client reads it; see `wire/wireTypes.ts`. */
export type { WireAutomationRule };
true satisfies Equal<WireAutomationRule, z.output<typeof wireAutomationRuleSchema>>;
/** An automation rule as it may appear on the wire (what a server, such as the emulator, may send). */
export type WireAutomationRuleJson = z.input<typeof wireAutomationRuleSchema>;

/** Body of `/safari/automation/rule/list` (docs/platform-api.md "Rule list request"). All optional. */
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
  rules: list(wireAutomationRuleSchema),
});
export type WireRuleListData = z.output<typeof wireRuleListDataSchema>;

/**
 * An automation rule as `rule/create` and `rule/update` return it: the rule, plus
 * `http_post_token` (`sat_...`) from a create that made an HTTP POST trigger or an update with
 * `rotate_http_post_trigger_token: true`; absent or `""` otherwise (read as absent).
 */
export const wireAutomationRuleWithTokenSchema = wireAutomationRuleSchema.extend({
  http_post_token: z
    .string()
    .nullish()
    .transform((v): string | undefined => (v === null || v === undefined || v === "" ? undefined : v))
    .optional(),
});
export type { WireAutomationRuleWithToken };
true satisfies Equal<WireAutomationRuleWithToken, z.output<typeof wireAutomationRuleWithTokenSchema>>;

/**
 * The fields of a rule a caller declares, as `rule/create` takes them (docs/platform-api.md
 * "Automation rule write operations"). `name`, `prompt` and `cron_expr` are required on create; the rest optional (omitted:
 * `team_id` 0 = personal, `enabled` false, `timezone` the caller's, `schedule_trigger_enabled`
 * true). Unknown fields are stripped.
 */
export const wireRuleCreateRequestSchema = z.object({
  name: z.string(),
  prompt: z.string(),
  cron_expr: z.string(),
  team_id: z.number().int().nullish(),
  enabled: z.boolean().nullish(),
  timezone: z.string().nullish(),
  schedule_trigger_enabled: z.boolean().nullish(),
  http_post_trigger_enabled: z.boolean().nullish(),
  oncall_incident_trigger_enabled: z.boolean().nullish(),
  oncall_incident_channel_ids: z.array(z.number().int()).nullish(),
  oncall_incident_severities: z.array(z.string()).nullish(),
  environment_kind: z.string().nullish(),
  environment_id: z.string().nullish(),
});
export type WireRuleCreateRequest = z.input<typeof wireRuleCreateRequestSchema>;

/**
 * Body of `rule/update`: `rule_id` and any subset of the create fields; an omitted or `null`
 * field is left as it is. `team_id` may only repeat the current value.
 * `rotate_http_post_trigger_token: true` issues a new token (returned in the answer).
 */
export const wireRuleUpdateRequestSchema = wireRuleCreateRequestSchema.partial().extend({
  rule_id: z.string(),
  name: z.string().nullish(),
  prompt: z.string().nullish(),
  cron_expr: z.string().nullish(),
  rotate_http_post_trigger_token: z.boolean().nullish(),
});
export type WireRuleUpdateRequest = z.input<typeof wireRuleUpdateRequestSchema>;

/** Body of `rule/get`, `rule/delete` and `rule/run`. */
export const wireRuleIdRequestSchema = z.object({
  rule_id: z.string(),
});
export type WireRuleIdRequest = z.infer<typeof wireRuleIdRequestSchema>;

/** `data` of `rule/run`: one manual run (`run` and `preflight` are left open by the schema). */
export const wireRuleRunDataSchema = z.object({
  rule_id: z.string(),
  trigger_kind: z.string(),
  run: z.unknown(),
  preflight: z.unknown(),
});
export type WireRuleRunData = z.output<typeof wireRuleRunDataSchema>;

/** Body of `POST /safari/automation/triggers/<id>/fire` (optional). */
export const wireTriggerFireRequestSchema = z.object({
  text: z.string().nullish(),
});

/** `data` of a trigger fire. */
export const wireTriggerFireDataSchema = z.object({
  type: z.string(),
  session_id: z.string(),
  session_url: z.string(),
});
export type WireTriggerFireData = z.output<typeof wireTriggerFireDataSchema>;

// ---------------------------------------------------------------- automation templates

/** A preset automation template (docs/platform-api.md "Automation templates"). `name` is its identity within a locale. */
export const wireAutomationTemplateSchema = z.object({
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  enabled: z.boolean(),
  prompt: z.string(),
});
export type { WireAutomationTemplate };
true satisfies Equal<WireAutomationTemplate, z.output<typeof wireAutomationTemplateSchema>>;

/** Body of `/safari/automation/template/list`. */
export const wireTemplateListRequestSchema = z.object({
  locale: z.string().optional(),
});
export type WireTemplateListRequest = z.infer<typeof wireTemplateListRequestSchema>;

export const wireTemplateListDataSchema = z.object({
  templates: list(wireAutomationTemplateSchema),
});
export type WireTemplateListData = z.infer<typeof wireTemplateListDataSchema>;
