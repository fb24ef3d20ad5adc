/**
 * The client's camelCase shapes and the one place where they are mapped to and from the
 * snake_case wire of `wire/wire.ts`. Resources call only these functions; nothing else in the
 * SDK spells a wire field name.
 *
 * The type-level checks at the bottom fail the build if a wire field is added to `wire/wire.ts`
 * without its camelCase twin here.
 */
import type { McpServerScope, McpServerStatus, RuleEnvironmentKind, RuleScope, RuleSeverity } from "../wire/protocol";
import type { Assert, Equal } from "../wire/typeAssert";
import type {
  WireAutomationRule,
  WireAutomationRuleWithToken,
  WireRuleCreateRequest,
  WireRuleUpdateRequest,
  WireAutomationTemplate,
  WireMcpServer,
  WireMcpServerListData,
  WireMcpServerListRequest,
  WireRuleListData,
  WireRuleListRequest,
  WireTemplateListData,
  WireTemplateListRequest,
} from "../wire/wire";

export type { McpServerScope, McpServerStatus, RuleEnvironmentKind, RuleScope, RuleSeverity };

// ---------------------------------------------------------------- MCP servers

/** A tool as older API versions listed it (legacy field `tools`). */
export interface McpTool {
  name: string;
  description?: string;
}

/**
 * An MCP server (connector), as `POST /safari/mcp/server/get` and `/list` return it: every field
 * of the vendor's newest schema (docs/platform-api.md "MCP server object").
 *
 * Optional fields are left out of the object (the key is absent, never set to `undefined`)
 * when the platform omits them or sends `null`; which ones are present depends on the
 * transport. The legacy fields (`tools`, `toolCount`, `listError`, `environmentKind`,
 * `environmentId`) come only from older API versions; nothing in this package depends on them.
 */
export interface McpServer {
  /** Server id, `mcp_...`. */
  serverId: string;
  /** Owning account. */
  accountId: number;
  /** Owning team; 0 for an account-wide server (editable by account owners/admins only). */
  teamId: number;
  /** Whether the caller may disable/enable it. */
  canEdit: boolean;
  /** Environments it runs in: `[]` = all; otherwise `cloud` and/or BYOC runner ids. */
  environments: string[];
  /** Display name. */
  serverName: string;
  /** Free text, may be `""`. */
  description: string;
  /** `stdio`, `sse` or `streamable-http` (kept as sent, so a newer transport still reads). */
  transport: string;
  /** `enabled` or `disabled`. */
  status: McpServerStatus;
  /** Connect timeout in seconds; 0 = the platform default (10 s). */
  connectTimeout: number;
  /** Tool call timeout in seconds; 0 = the platform default (60 s). */
  callTimeout: number;
  /** Member id of the creator. */
  createdBy: number;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last update time, epoch milliseconds. */
  updatedAt: number;
  /** Description written for the AI agent. */
  aiDescription?: string;
  /** stdio: the command that starts the server. */
  command?: string;
  /** stdio: its arguments (`[]` when the platform sends `null`). */
  args?: string[];
  /** stdio: environment variables; secret values come back masked. A key named `__proto__` is dropped. */
  env?: Record<string, string>;
  /** sse / streamable-http: the server URL. */
  url?: string;
  /** sse / streamable-http: request headers; secret values come back masked. A key named `__proto__` is dropped. */
  headers?: Record<string, string>;
  /** Proxy the platform connects through. */
  proxyUrl?: string;
  /** Whether OAuth over plain HTTP is allowed. */
  allowInsecureOauthHttp?: boolean;
  /** Whether TLS certificate checks are skipped. */
  allowInsecureTlsSkipVerify?: boolean;
  /** `shared`, `per_user_secret` or `per_user_oauth`; `""` means `shared`. */
  authMode?: string;
  /**
   * The per-user secrets the server needs, as JSON text (not parsed), like `oauthMetadata`: the
   * vendor's schema types it as a string holding JSON (e.g. `[{"key":"TOKEN",...}]`). An array or
   * object sent by an older server is turned into its JSON text.
   */
  secretSchema?: string;
  /** OAuth metadata, JSON text (not parsed); an array or object is turned into its JSON text. */
  oauthMetadata?: string;
  /** Name of the template the server was created from. */
  sourceTemplateName?: string;
  /** Legacy: tools found by a live probe (older API versions only). */
  tools?: McpTool[];
  /** Legacy: number of tools (older API versions only). */
  toolCount?: number;
  /** Legacy: error of the live tool probe of `get` (older API versions only). */
  listError?: string;
  /** Legacy: `""`, `cloud` or `byoc` (older API versions; see `environments`). */
  environmentKind?: string;
  /** Legacy: environment id (older API versions; see `environments`). */
  environmentId?: string;
}

/** `{ serverId }`: the argument of `mcpServers.get`, `.disable` and `.enable`. */
export interface McpServerIdParams {
  /** Id of the MCP server, `mcp_...`; must be non-empty. */
  serverId: string;
}

/** Filters of `mcpServers.list`. All optional; absent fields are not sent. */
export interface ListMcpServersParams {
  /** Page number, 1-based (wire `p`); server default 1. `page * limit` may not exceed 10000. */
  page?: number;
  /** Page size 1..100; server default 20. */
  limit?: number;
  /** `all`, `account` or `team`. */
  scope?: McpServerScope;
  /**
   * Free-text filter (wire `query`), at most 128 characters: case-insensitive substring of the
   * name, description, AI description, id, transport, URL, command or source template name.
   */
  query?: string;
  /** Only team servers of these teams (wire `team_ids`); narrows, never widens. */
  teamIds?: number[];
  /** Whether account-wide servers are included (wire `include_account`); `null`/absent = server default, true. */
  includeAccount?: boolean | null;
}

/** One page of `mcpServers.list`. */
export interface McpServerList {
  /** Number of matching servers (may be capped by the server; do not page on it alone). */
  total: number;
  /** The servers of this page. */
  servers: McpServer[];
}

/** @internal Optional fields the platform left out (or sent as `null`) are left out here too. */
export function mcpServerFromWire(w: WireMcpServer): McpServer {
  return withoutUndefined({
    serverId: w.server_id,
    accountId: w.account_id,
    teamId: w.team_id,
    canEdit: w.can_edit,
    environments: [...w.environments],
    serverName: w.server_name,
    description: w.description,
    transport: w.transport,
    status: w.status,
    connectTimeout: w.connect_timeout,
    callTimeout: w.call_timeout,
    createdBy: w.created_by,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    aiDescription: w.ai_description,
    command: w.command,
    args: w.args === undefined ? undefined : [...w.args],
    env: w.env === undefined ? undefined : { ...w.env },
    url: w.url,
    headers: w.headers === undefined ? undefined : { ...w.headers },
    proxyUrl: w.proxy_url,
    allowInsecureOauthHttp: w.allow_insecure_oauth_http,
    allowInsecureTlsSkipVerify: w.allow_insecure_tls_skip_verify,
    authMode: w.auth_mode,
    secretSchema: w.secret_schema,
    oauthMetadata: w.oauth_metadata,
    sourceTemplateName: w.source_template_name,
    tools: w.tools?.map((t) => withoutUndefined({ name: t.name, description: t.description })),
    toolCount: w.tool_count,
    listError: w.list_error,
    environmentKind: w.environment_kind,
    environmentId: w.environment_id,
  });
}

/** @internal */
export function mcpServerListFromWire(w: WireMcpServerListData): McpServerList {
  return { total: w.total, servers: w.servers.map(mcpServerFromWire) };
}

/** @internal Body of `/safari/mcp/server/get`, `/disable` and `/enable`. */
export function serverIdToWire(p: McpServerIdParams): { server_id: string } {
  return { server_id: p.serverId };
}

/** @internal Body of `/safari/mcp/server/list`; fields the caller left out are not sent. */
export function listMcpServersToWire(p: ListMcpServersParams): WireMcpServerListRequest {
  return withoutUndefined({
    p: p.page,
    limit: p.limit,
    scope: p.scope,
    query: p.query,
    team_ids: p.teamIds,
    include_account: p.includeAccount,
  });
}

// ---------------------------------------------------------------- automation rules

/**
 * An automation rule (element of `rules` of `POST /safari/automation/rule/list`). The trigger
 * fields a rule does not have are left out of the object (never set to `undefined`).
 */
export interface AutomationRule {
  /** Rule id, `arule_...`. */
  ruleId: string;
  /** Owning account. */
  accountId: number;
  /** Team of the rule (0 for a personal rule). */
  teamId: number;
  /** Member id of the owner. */
  ownerId: number;
  /** Rule name. */
  name: string;
  /** Whether the rule is enabled. */
  enabled: boolean;
  /** `person` or `team`. */
  runScope: string;
  /** Five-field cron expression (minute hour day-of-month month day-of-week); `0 0 * * *` as a placeholder on rules with only an HTTP POST trigger. */
  cronExpr: string;
  /** IANA time zone of `cronExpr`; `""` on old rules (also when the platform omits it), meaning UTC. */
  timezone: string;
  /** Instruction text the rule runs. */
  prompt: string;
  /** `""`, `cloud` or `byoc`. */
  environmentKind: string;
  /** Environment id; may be `""`. */
  environmentId: string;
  /** Schedule trigger id, `atrig_...`; absent when the rule has no schedule trigger. */
  scheduleTriggerId?: string;
  /** Whether the schedule trigger is enabled. */
  scheduleTriggerEnabled: boolean;
  /** HTTP POST trigger id, `atrig_...`; absent when the rule has no HTTP POST trigger. */
  httpPostTriggerId?: string;
  /** Relative path `/safari/automation/triggers/<trigger_id>/fire`; absent with `httpPostTriggerId`. */
  httpPostTriggerUrl?: string;
  /** Whether the HTTP POST trigger is enabled. */
  httpPostTriggerEnabled: boolean;
  /** Whether the caller may edit the rule. */
  canEdit: boolean;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last update time, epoch milliseconds. */
  updatedAt: number;
  /** Next scheduled run, epoch milliseconds; 0 when nothing is scheduled. */
  scheduleNextFireAtMs: number;
  /** On-call incident trigger id, `atrig_...`; absent when the rule has no on-call trigger. */
  oncallIncidentTriggerId?: string;
  /** Whether the on-call incident trigger is enabled. */
  oncallIncidentTriggerEnabled: boolean;
  /** Channel ids the incident trigger applies to; absent without an on-call trigger (`null` reads as `[]`). */
  oncallIncidentChannelIds?: number[];
  /** Severities the incident trigger applies to (`Critical`, `Warning`, `Info`); absent without an on-call trigger (`null` reads as `[]`). */
  oncallIncidentSeverities?: string[];
}

/** Filters of `automationRules.list` (and, without `page`, of `listAll`). All optional. */
export interface ListAutomationRulesParams {
  /** Page number, 1-based (wire `p`); server default 1. `page * limit` may not exceed 10000. */
  page?: number;
  /** Page size 1..100. `list`: server default 20; `listAll`: default 100. */
  limit?: number;
  /** `all` (own personal + accessible team rules, the server default), `personal` or `team`. */
  scope?: RuleScope;
  /** Only rules of these teams (wire `team_ids`); narrows, never widens. */
  teamIds?: number[];
  /** Compatibility flag (wire `include_person`): with no `scope`, `false` behaves as `scope: "team"`. */
  includePerson?: boolean | null;
  /** `true`: only enabled rules; `false`: only disabled; `null`/absent: both. */
  enabled?: boolean | null;
  /** Filter on the rule name, at most 64 characters. */
  keyword?: string;
}

/** One page of `automationRules.list`. */
export interface AutomationRuleList {
  /** Number of matching rules (may be capped by the server; do not page on it alone). */
  total: number;
  /** The rules of this page. */
  rules: AutomationRule[];
}

/** @internal */
export function automationRuleFromWire(w: WireAutomationRule): AutomationRule {
  return withoutUndefined({
    ruleId: w.rule_id,
    accountId: w.account_id,
    teamId: w.team_id,
    ownerId: w.owner_id,
    name: w.name,
    enabled: w.enabled,
    runScope: w.run_scope,
    cronExpr: w.cron_expr,
    timezone: w.timezone,
    prompt: w.prompt,
    environmentKind: w.environment_kind,
    environmentId: w.environment_id,
    scheduleTriggerId: w.schedule_trigger_id,
    scheduleTriggerEnabled: w.schedule_trigger_enabled,
    httpPostTriggerId: w.http_post_trigger_id,
    httpPostTriggerUrl: w.http_post_trigger_url,
    httpPostTriggerEnabled: w.http_post_trigger_enabled,
    canEdit: w.can_edit,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    scheduleNextFireAtMs: w.schedule_next_fire_at_ms,
    oncallIncidentTriggerId: w.oncall_incident_trigger_id,
    oncallIncidentTriggerEnabled: w.oncall_incident_trigger_enabled,
    oncallIncidentChannelIds: w.oncall_incident_channel_ids === undefined ? undefined : [...w.oncall_incident_channel_ids],
    oncallIncidentSeverities: w.oncall_incident_severities === undefined ? undefined : [...w.oncall_incident_severities],
  });
}

/** @internal */
export function automationRuleListFromWire(w: WireRuleListData): AutomationRuleList {
  return { total: w.total, rules: w.rules.map(automationRuleFromWire) };
}

/** @internal Body of `/safari/automation/rule/list`; fields the caller left out are not sent. */
export function listAutomationRulesToWire(p: ListAutomationRulesParams): WireRuleListRequest {
  return withoutUndefined({
    p: p.page,
    limit: p.limit,
    scope: p.scope,
    team_ids: p.teamIds,
    include_person: p.includePerson,
    enabled: p.enabled,
    keyword: p.keyword,
  });
}

/**
 * The fields of a rule a caller declares (`automationRules.create`; every one optional on
 * `update`). Times in the rule's `timezone`; ids as the platform issues them.
 */
export interface AutomationRuleFields {
  /** Rule name, 1-255 characters. Names are not unique: a name does not identify a rule. */
  name: string;
  /** Instruction text the rule runs, at least 1 character. */
  prompt: string;
  /**
   * Cron in the platform's dialect: 5 fields (`minute hour day-of-month month day-of-week`) or 4
   * (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number; no seconds;
   * not both day-of-month and day-of-week. Required even for a rule with only an HTTP POST
   * trigger: send the placeholder `0 0 * * *` with `scheduleTriggerEnabled: false`.
   */
  cronExpr: string;
  /** IANA time zone of `cronExpr`. Omitted on create: the caller's member time zone, then the account's, then UTC. */
  timezone?: string;
  /** Team of the rule; 0 or omitted = a personal rule of the caller. Cannot change after creation. */
  teamId?: number;
  /** Whether the rule runs at all. Omitted on create: **false** (the platform's default). */
  enabled?: boolean;
  /** Whether the schedule trigger fires. Omitted on create: true. */
  scheduleTriggerEnabled?: boolean;
  /** Whether the HTTP POST trigger exists and fires; true on create (or update) makes one and returns its token. */
  httpPostTriggerEnabled?: boolean;
  /** Whether the on-call incident trigger fires; enabling it needs at least one channel id and one severity. */
  oncallIncidentTriggerEnabled?: boolean;
  /** On-call integration (channel) ids, positive integers. */
  oncallIncidentChannelIds?: number[];
  /** Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. */
  oncallIncidentSeverities?: RuleSeverity[];
  /** `""` (chosen automatically), `cloud` or `byoc`. */
  environmentKind?: RuleEnvironmentKind;
  /** BYOC runner id; only with `environmentKind: "byoc"`. */
  environmentId?: string;
}

/** Argument of `automationRules.create`: the declared fields (`name`, `prompt`, `cronExpr` required). */
export type CreateAutomationRuleParams = AutomationRuleFields;

/**
 * Argument of `automationRules.update`: the rule and only the fields to change (an omitted
 * field is left as it is). `teamId` may only repeat the rule's current team.
 */
export interface UpdateAutomationRuleParams extends Partial<AutomationRuleFields> {
  /** Rule id, `arule_...`. */
  ruleId: string;
  /** `true` issues a new HTTP POST trigger token (the old one stops working) and returns it as `httpPostToken`. */
  rotateHttpPostTriggerToken?: boolean;
}

/** Argument of `automationRules.get` and `delete`. */
export interface AutomationRuleIdParams {
  /** Rule id, `arule_...`. */
  ruleId: string;
}

/**
 * A rule as `create` and `update` return it. `httpPostToken` (`sat_...`, a SECRET: keep it as
 * one, never log it) is present only after a create that made an HTTP POST trigger or an
 * update that rotated the token: no read returns it again.
 */
export interface AutomationRuleWithToken extends AutomationRule {
  httpPostToken?: string;
}

/** @internal */
export function automationRuleWithTokenFromWire(w: WireAutomationRuleWithToken): AutomationRuleWithToken {
  const rule: AutomationRuleWithToken = automationRuleFromWire(w);
  if (w.http_post_token !== undefined) rule.httpPostToken = w.http_post_token;
  return rule;
}

/** @internal Body of `rule/create` (or the field part of `rule/update`); fields left out are not sent. */
export function automationRuleFieldsToWire(p: Partial<AutomationRuleFields>): WireRuleCreateRequest {
  return withoutUndefined({
    name: p.name,
    prompt: p.prompt,
    cron_expr: p.cronExpr,
    team_id: p.teamId,
    enabled: p.enabled,
    timezone: p.timezone,
    schedule_trigger_enabled: p.scheduleTriggerEnabled,
    http_post_trigger_enabled: p.httpPostTriggerEnabled,
    oncall_incident_trigger_enabled: p.oncallIncidentTriggerEnabled,
    oncall_incident_channel_ids: p.oncallIncidentChannelIds,
    oncall_incident_severities: p.oncallIncidentSeverities,
    environment_kind: p.environmentKind,
    environment_id: p.environmentId,
  } as WireRuleCreateRequest);
}

/** @internal Body of `rule/update`. */
export function updateAutomationRuleToWire(p: UpdateAutomationRuleParams): WireRuleUpdateRequest {
  return withoutUndefined({
    rule_id: p.ruleId,
    ...automationRuleFieldsToWire(p),
    rotate_http_post_trigger_token: p.rotateHttpPostTriggerToken,
  });
}

/** @internal Body of `rule/get` and `rule/delete`. */
export function ruleIdToWire(p: AutomationRuleIdParams): { rule_id: string } {
  return { rule_id: p.ruleId };
}

// ---------------------------------------------------------------- automation templates

/** A preset automation template. It has no id: `name` is its identity within a locale. */
export interface AutomationTemplate {
  /** Template name, in the requested language. */
  name: string;
  description: string;
  /** Icon identifier. */
  icon: string;
  enabled: boolean;
  /** Preset instruction text. */
  prompt: string;
}

/** Argument of `automationTemplates.list`. */
export interface ListAutomationTemplatesParams {
  /** Language tag such as `en-US` or `zh-CN`, at most 16 characters; absent: the server picks from `Accept-Language`. */
  locale?: string;
}

/** Result of `automationTemplates.list` (no paging, no total). */
export interface AutomationTemplateList {
  templates: AutomationTemplate[];
}

/** @internal */
export function automationTemplateFromWire(w: WireAutomationTemplate): AutomationTemplate {
  return { name: w.name, description: w.description, icon: w.icon, enabled: w.enabled, prompt: w.prompt };
}

/** @internal */
export function automationTemplateListFromWire(w: WireTemplateListData): AutomationTemplateList {
  return { templates: w.templates.map(automationTemplateFromWire) };
}

/** @internal Body of `/safari/automation/template/list`. */
export function listAutomationTemplatesToWire(p: ListAutomationTemplatesParams): WireTemplateListRequest {
  return withoutUndefined({ locale: p.locale });
}

// ---------------------------------------------------------------- helpers

/**
 * Drops `undefined` members: a request body holds exactly what the caller set (`null` is kept),
 * and a model read from the wire has no key for a field the platform left out.
 */
function withoutUndefined<T extends Record<string, unknown>>(o: T): T {
  // Most objects have every field: they are returned as built (one shape for all, no copy).
  let complete = true;
  for (const k in o) {
    if (o[k] === undefined) {
      complete = false;
      break;
    }
  }
  if (complete) return o;
  const out: Record<string, unknown> = {};
  for (const k in o) if (o[k] !== undefined) out[k] = o[k];
  return out as T;
}

// Compile-time parity with the wire: each camelCase shape has exactly the wire's fields.
type SnakeToCamel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<SnakeToCamel<Tail>>}`
  : S;
type Camelized<T> = { [K in keyof T as SnakeToCamel<K & string>]: T[K] };
type _McpServerParity = Assert<Equal<McpServer, Camelized<WireMcpServer>>>;
type _AutomationRuleParity = Assert<Equal<AutomationRule, Camelized<WireAutomationRule>>>;
type _AutomationTemplateParity = Assert<Equal<AutomationTemplate, Camelized<WireAutomationTemplate>>>;
