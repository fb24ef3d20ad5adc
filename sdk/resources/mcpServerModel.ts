import { FlashdutyValidationError } from "../errors";
import { charLength, checkParams, show } from "../validation";
import {
  MCP_SERVER_AUTH_MODES,
  MCP_SERVER_RULES,
  MCP_SERVER_STATUSES,
  MCP_SERVER_TRANSPORTS,
  type McpServerScope,
  type McpServerStatus,
} from "../../wire/protocol";
import type { Equal } from "../../wire/typeAssert";
import type { WireMcpServer, WireMcpServerCreateRequest, WireMcpServerListData, WireMcpServerListRequest, WireMcpServerUpdateRequest } from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

export type { McpServerScope, McpServerStatus };

/** How a server is reached: `stdio` (a command the runner starts) or `sse` / `streamable-http` (a URL). */
export type McpServerTransport = (typeof MCP_SERVER_TRANSPORTS)[number];
/** Whose credentials a server uses: `shared` (the server's own), `per_user_secret` or `per_user_oauth`. */
export type McpServerAuthMode = (typeof MCP_SERVER_AUTH_MODES)[number];

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

/**
 * The fields of an MCP server that create takes (docs/platform-api.md "MCP server writes").
 * Timeouts in seconds; `secretSchema` and `oauthMetadata` are JSON text.
 */
export interface McpServerFields {
  /** A letter, then letters, digits, `-` and `_`; at most 64 characters; unique in its scope, case-insensitively. */
  serverName: string;
  /** Free text, at most 1024 characters; default `""`. */
  description?: string;
  transport: McpServerTransport;
  /** stdio only: the command the runner starts (required for stdio). */
  command?: string;
  /** stdio only. */
  args?: string[];
  /** stdio only: environment variables; sensitive values are answered masked (`******`). */
  env?: Record<string, string>;
  /** sse / streamable-http only (required for them). */
  url?: string;
  /** sse / streamable-http only; sensitive values are answered masked (`******`). */
  headers?: Record<string, string>;
  /** 0 (default) = account-wide; otherwise the owning team. */
  teamId?: number;
  /** Runner environments (`cloud`, BYOC runner ids); absent or `[]` = every environment. */
  environments?: string[];
  /** Seconds, 0..300; 0 (default) = the platform default (10 s). */
  connectTimeout?: number;
  /** Seconds, 0..3600; 0 (default) = the platform default (60 s). */
  callTimeout?: number;
  /** Default `shared`. */
  authMode?: McpServerAuthMode;
  /** JSON text of the per-user secrets; required when `authMode` is `per_user_secret`. */
  secretSchema?: string;
  /** JSON text of the OAuth metadata (for `per_user_oauth`). */
  oauthMetadata?: string;
  /** Testing only: allow OAuth over plain HTTP. */
  allowInsecureOauthHttp?: boolean;
  /** Testing only: skip TLS certificate checks. */
  allowInsecureTlsSkipVerify?: boolean;
  /** The marketplace template the server was made from. */
  sourceTemplateName?: string;
  /** Initial status; default `enabled`. */
  status?: McpServerStatus;
}

/** Arguments of `mcpServers.create`. */
export type CreateMcpServerParams = McpServerFields;

/**
 * Arguments of `mcpServers.update`: the server and the fields to change. An absent field stays
 * as it is (the platform cannot clear `description`, `command` or `url`, nor set a timeout back
 * to 0); `args`, `env`, `headers` and `environments` replace the whole value (`environments: []`
 * = every environment again); a masked (`******`) or empty value of a sensitive `env`/`headers`
 * key keeps the stored secret; `teamId` moves the server (0 = account-wide). `status` changes
 * through `disable` / `enable`.
 */
export interface UpdateMcpServerParams extends Partial<Omit<McpServerFields, "status" | "sourceTemplateName">> {
  /** The server to change, `mcp_...`. */
  serverId: string;
}

/** One broken field of an MCP server: the field (camelCase) and a sentence naming it and the rule it breaks. */
export interface McpServerFieldProblem {
  field: keyof McpServerFields;
  problem: string;
}

const STDIO_FIELDS = ["command", "args", "env"] as const satisfies readonly (keyof McpServerFields)[];
const REMOTE_FIELDS = ["url", "headers"] as const satisfies readonly (keyof McpServerFields)[];
true satisfies Equal<Camelized<Record<(typeof MCP_SERVER_RULES.stdioFields)[number], 0>>, Record<(typeof STDIO_FIELDS)[number], 0>>;
true satisfies Equal<Camelized<Record<(typeof MCP_SERVER_RULES.remoteFields)[number], 0>>, Record<(typeof REMOTE_FIELDS)[number], 0>>;

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/**
 * Every problem of `fields`, as the platform would refuse them (docs/platform-api.md "MCP server
 * writes"). Only present fields are checked, so a caller may leave out values it does not know
 * yet (the provider at preview) or does not change (update). Transport rules apply when
 * `transport` is present: a stdio server needs `command` and takes no `url`/`headers`; sse and
 * streamable-http need `url` and take no `command`/`args`/`env`. `secretSchema` is required
 * when `authMode` is `per_user_secret`.
 *
 * @param requireAll on create: `serverName` and `transport` must be present and the
 *   transport's required field too.
 */
export function mcpServerFieldProblems(fields: Partial<Record<keyof McpServerFields, unknown>>, requireAll: boolean): McpServerFieldProblem[] {
  const problems: McpServerFieldProblem[] = [];
  const add = (field: keyof McpServerFields, problem: string) => problems.push({ field, problem });
  const { serverName, description, transport, teamId, authMode, secretSchema } = fields;
  if (serverName !== undefined || requireAll) {
    if (typeof serverName !== "string" || charLength(serverName) < 1 || charLength(serverName) > MCP_SERVER_RULES.maxNameLength) {
      add("serverName", `serverName must be a string of 1 to ${MCP_SERVER_RULES.maxNameLength} characters (got ${show(serverName)})`);
    } else if (!MCP_SERVER_RULES.namePattern.test(serverName)) {
      add("serverName", `serverName must start with a letter and hold only letters, digits, "-" and "_" (got ${show(serverName)})`);
    }
  }
  if (description !== undefined && (typeof description !== "string" || charLength(description) > MCP_SERVER_RULES.maxDescriptionLength)) {
    add("description", `description must be a string of at most ${MCP_SERVER_RULES.maxDescriptionLength} characters (got ${show(description)})`);
  }
  if (transport !== undefined || requireAll) {
    if (typeof transport !== "string" || !(MCP_SERVER_TRANSPORTS as readonly string[]).includes(transport)) {
      add("transport", `transport must be one of ${MCP_SERVER_TRANSPORTS.join(", ")} (got ${show(transport)})`);
    } else {
      const own = transport === "stdio" ? STDIO_FIELDS : REMOTE_FIELDS;
      const other = transport === "stdio" ? REMOTE_FIELDS : STDIO_FIELDS;
      for (const field of other) {
        if (isPresent(fields[field])) add(field, `${field} is not allowed with transport ${transport} (only ${own.join(", ")})`);
      }
      const required = transport === "stdio" ? "command" : "url";
      if (requireAll && !isPresent(fields[required])) add(required, `${required} is required with transport ${transport}`);
    }
  }
  for (const field of ["command", "url", "secretSchema", "oauthMetadata", "sourceTemplateName"] as const) {
    const value = fields[field];
    if (value !== undefined && typeof value !== "string") add(field, `${field} must be a string (got ${show(value)})`);
  }
  for (const field of ["secretSchema", "oauthMetadata"] as const) {
    const value = fields[field];
    if (typeof value === "string" && value !== "") {
      try {
        JSON.parse(value);
      } catch {
        add(field, `${field} must be JSON text`);
      }
    }
  }
  for (const field of ["env", "headers"] as const) {
    const value = fields[field];
    if (value !== undefined && !isStringMap(value)) add(field, `${field} must be an object of string values`);
  }
  const { args, environments } = fields;
  if (args !== undefined && (!Array.isArray(args) || !args.every((v) => typeof v === "string"))) add("args", "args must be an array of strings");
  if (environments !== undefined && (!Array.isArray(environments) || !environments.every((v) => typeof v === "string" && v !== ""))) {
    add("environments", "environments must be an array of non-empty strings (cloud or BYOC runner ids)");
  }
  if (teamId !== undefined && (typeof teamId !== "number" || !Number.isSafeInteger(teamId) || teamId < 0)) {
    add("teamId", `teamId must be an integer >= 0 (0 = account-wide) (got ${show(teamId)})`);
  }
  const timeouts = [
    ["connectTimeout", MCP_SERVER_RULES.maxConnectTimeoutSeconds],
    ["callTimeout", MCP_SERVER_RULES.maxCallTimeoutSeconds],
  ] as const;
  for (const [field, max] of timeouts) {
    const value = fields[field];
    if (value !== undefined && (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max)) {
      add(field, `${field} must be an integer number of seconds from 0 to ${max} (0 = the platform default) (got ${show(value)})`);
    }
  }
  if (authMode !== undefined && (typeof authMode !== "string" || !(MCP_SERVER_AUTH_MODES as readonly string[]).includes(authMode))) {
    add("authMode", `authMode must be one of ${MCP_SERVER_AUTH_MODES.join(", ")} (got ${show(authMode)})`);
  }
  if (authMode === "per_user_secret" && (secretSchema === undefined || secretSchema === "") && (requireAll || secretSchema !== undefined)) {
    add("secretSchema", "secretSchema is required when authMode is per_user_secret");
  }
  for (const flag of ["allowInsecureOauthHttp", "allowInsecureTlsSkipVerify"] as const) {
    const value = fields[flag];
    if (value !== undefined && typeof value !== "boolean") add(flag, `${flag} must be a boolean (got ${show(value)})`);
  }
  const { status } = fields;
  if (status !== undefined && (typeof status !== "string" || !(MCP_SERVER_STATUSES as readonly string[]).includes(status))) {
    add("status", `status must be one of ${MCP_SERVER_STATUSES.join(", ")} (got ${show(status)})`);
  }
  return problems;
}

const FIELD_NAMES = [
  "serverName",
  "description",
  "transport",
  "command",
  "args",
  "env",
  "url",
  "headers",
  "teamId",
  "environments",
  "connectTimeout",
  "callTimeout",
  "authMode",
  "secretSchema",
  "oauthMetadata",
  "allowInsecureOauthHttp",
  "allowInsecureTlsSkipVerify",
  "sourceTemplateName",
  "status",
] as const satisfies readonly (keyof McpServerFields)[];
true satisfies Equal<(typeof FIELD_NAMES)[number], keyof McpServerFields>;

/** @internal Body of `/safari/mcp/server/create`. */
export function createMcpServerToWire(f: McpServerFields): WireMcpServerCreateRequest {
  return withoutUndefined({
    server_name: f.serverName,
    description: f.description ?? "",
    transport: f.transport,
    command: f.command,
    args: f.args,
    env: f.env,
    url: f.url,
    headers: f.headers,
    team_id: f.teamId,
    environments: f.environments,
    connect_timeout: f.connectTimeout,
    call_timeout: f.callTimeout,
    auth_mode: f.authMode,
    secret_schema: f.secretSchema,
    oauth_metadata: f.oauthMetadata,
    allow_insecure_oauth_http: f.allowInsecureOauthHttp,
    allow_insecure_tls_skip_verify: f.allowInsecureTlsSkipVerify,
    source_template_name: f.sourceTemplateName,
    status: f.status,
  });
}

/** @internal Body of `/safari/mcp/server/update`: `server_id` and the given fields only. */
export function updateMcpServerToWire(p: UpdateMcpServerParams): WireMcpServerUpdateRequest {
  return withoutUndefined({
    server_id: p.serverId,
    server_name: p.serverName,
    description: p.description,
    transport: p.transport,
    command: p.command,
    args: p.args,
    env: p.env,
    url: p.url,
    headers: p.headers,
    team_id: p.teamId,
    environments: p.environments,
    connect_timeout: p.connectTimeout,
    call_timeout: p.callTimeout,
    auth_mode: p.authMode,
    secret_schema: p.secretSchema,
    oauth_metadata: p.oauthMetadata,
    allow_insecure_oauth_http: p.allowInsecureOauthHttp,
    allow_insecure_tls_skip_verify: p.allowInsecureTlsSkipVerify,
  });
}

/** @internal */
export function checkServerFields(operation: string, params: unknown, requireAll: boolean): Partial<McpServerFields> {
  const p = checkParams(operation, params);
  const fields: Record<string, unknown> = {};
  for (const key of FIELD_NAMES) {
    const value = p[key];
    if (value === undefined) continue;
    fields[key] = Array.isArray(value) ? [...value] : typeof value === "object" && value !== null ? { ...value } : value;
  }
  const [first] = mcpServerFieldProblems(fields, requireAll);
  if (first !== undefined) throw new FlashdutyValidationError({ operation, field: first.field, problem: first.problem });
  return fields as Partial<McpServerFields>;
}

/** How far the platform's clock may be behind ours when a lost create is looked for (ms). */
export const SERVER_CREATE_CLOCK_SKEW_MS = 5_000;

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

// Compile-time parity with the wire: the model has exactly the wire object's fields.
true satisfies Equal<McpServer, Camelized<WireMcpServer>>;
