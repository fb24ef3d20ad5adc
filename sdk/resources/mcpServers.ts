/**
 * MCP servers (connectors): `POST /safari/mcp/server/{disable,enable,get,list}`.
 *
 * The resource class, and beside it the noun's camelCase model and params with their one mapping to
 * and from the snake_case wire (`wire/wire.ts`).
 */
import { z } from "zod";
import { FlashdutyValidationError } from "../errors";
import { createExactlyOnce } from "../exactlyOnceCreate";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import {
  charLength,
  checkBoolean,
  checkEnum,
  checkId,
  checkInteger,
  checkIntegerArray,
  checkLimit,
  checkPage,
  checkParams,
  checkString,
  show,
} from "../validation";
import { LIMITS, MCP_SERVER_SCOPES, PATHS, wireMcpServerListDataSchema, wireMcpServerSchema } from "../../wire/wire";
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

function checkServerFields(operation: string, params: unknown, requireAll: boolean): Partial<McpServerFields> {
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

// `data` of disable/enable is documented as null; anything else is tolerated (forward compatibility).
const DISABLE = defineOperation(PATHS.mcpServerDisable, z.unknown(), { nonIdempotent: true });
const ENABLE = defineOperation(PATHS.mcpServerEnable, z.unknown(), { nonIdempotent: true });
const GET = defineOperation(PATHS.mcpServerGet, wireMcpServerSchema, { nonIdempotent: false });
const LIST = defineOperation(PATHS.mcpServerList, wireMcpServerListDataSchema, { nonIdempotent: false });
const CREATE = defineOperation(PATHS.mcpServerCreate, wireMcpServerSchema, { nonIdempotent: true });
// Update sets values: a repeat has the same effect.
const UPDATE = defineOperation(PATHS.mcpServerUpdate, wireMcpServerSchema, { nonIdempotent: false });
// A repeat of a delete that applied answers ResourceNotFound, which callers treat as deleted.
const DELETE = defineOperation(PATHS.mcpServerDelete, z.unknown(), { nonIdempotent: false });

/** Filters of {@link McpServers.listAll}: those of `list` without `page` (`limit` default 100). */
export type ListAllMcpServersParams = Omit<ListMcpServersParams, "page">;

/** Operations on MCP servers. Reach it as `client.mcpServers`. */
export class McpServers {
  readonly #transport: Transport;

  /** @internal Built by `FlashdutyClient`; use `client.mcpServers` etc. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Reads one MCP server. `POST /safari/mcp/server/get`, body `{ server_id }`. Any valid key may
   * read. A plain read in the newest API; older versions probed the connector and reported
   * `toolCount`/`listError`, which are kept only when present.
   *
   * @returns the server: every field of the schema, optional ones absent when the platform
   *   omits them (timeouts in seconds, times in epoch ms, secret values masked by the platform).
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError if `serverId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound` (HTTP 400) if no such server (`isNotFound`).
   */
  async get(params: McpServerIdParams, options?: RequestOptions): Promise<McpServer> {
    const wire = await this.#transport.call(GET, serverIdToWire(checkServerId(GET.name, params)), checkRequestOptions(GET.name, options));
    return mcpServerFromWire(wire);
  }

  /**
   * Disables an enabled MCP server. `POST /safari/mcp/server/disable`, body `{ server_id }`.
   * Needs the MCP management permission (`ai-sre`) and edit rights on the server's team
   * (account-wide servers: owners/admins only). Written to the account audit log.
   *
   * Not idempotent: disabling an already disabled server answers 400 `InvalidParameter`.
   * If a retried attempt fails after an earlier one may have reached the server, the error's
   * `mayHaveApplied` is true: read the server with {@link get} to learn the outcome.
   *
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError if `serverId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound`, `InvalidParameter` (already disabled),
   *   `AccessDenied`, `Unauthorized`, `RequestTooFrequently` once the call's `deadlineMs` has
   *   passed (429s use no retries).
   * @throws FlashdutyConnectionError / FlashdutyTimeoutError when no answer came.
   */
  async disable(params: McpServerIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DISABLE, serverIdToWire(checkServerId(DISABLE.name, params)), checkRequestOptions(DISABLE.name, options));
  }

  /**
   * Enables a disabled MCP server. `POST /safari/mcp/server/enable`, body `{ server_id }`.
   * Same permissions, audit and non-idempotence as {@link disable} (enabling an enabled server
   * answers 400 `InvalidParameter`).
   *
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws as {@link disable}.
   */
  async enable(params: McpServerIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(ENABLE, serverIdToWire(checkServerId(ENABLE.name, params)), checkRequestOptions(ENABLE.name, options));
  }

  /**
   * Creates an MCP server. `POST /safari/mcp/server/create` with the given fields
   * (`server_name`, `description` and `transport` always). Needs `ai-sre` and edit rights on
   * the target scope (account-wide: owners/admins; a team: its members or admins).
   *
   * Exactly once: the write is not idempotent, but names are unique in their scope. When an
   * attempt's answer is lost (reset or timeout after sending, 5xx, unreadable answer), before any
   * retry (and before giving up) the client looks for a server of this name in the scope
   * ({@link findByName}) made since the create began (less {@link SERVER_CREATE_CLOCK_SKEW_MS}):
   * found, it is this create's server; otherwise the create is retried. A 429 or a refused
   * connection is retried without that check.
   *
   * @returns the server as the platform holds it (sensitive env/header values masked).
   * @param options per-call `signal`, `timeoutMs`, `maxRetries`, `deadlineMs` (for the whole create).
   * @throws FlashdutyValidationError naming the field and the rule it breaks, before anything is sent.
   * @throws FlashdutyApiError `InvalidParameter` (e.g. the name is taken in the scope),
   *   `AccessDenied` (no edit rights on the scope), and the other request errors.
   */
  async create(params: CreateMcpServerParams, options?: RequestOptions): Promise<McpServer> {
    const fields = checkServerFields(CREATE.name, params, true) as McpServerFields;
    const request = checkRequestOptions(CREATE.name, options);
    const body = createMcpServerToWire(fields);
    const perCall = { ...(request.signal ? { signal: request.signal } : {}), ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}) };
    return createExactlyOnce({
      operation: CREATE.name,
      request,
      defaultMaxRetries: this.#transport.maxRetries,
      defaultDeadlineMs: this.#transport.deadlineMs,
      attempt: async (deadlineMs) => mcpServerFromWire(await this.#transport.call(CREATE, body, { ...request, maxRetries: 0, deadlineMs })),
      findApplied: async (startedAt) => {
        const found = await this.findByName({ serverName: fields.serverName, teamId: fields.teamId ?? 0 }, perCall);
        return found !== undefined && found.createdAt >= startedAt - SERVER_CREATE_CLOCK_SKEW_MS ? found : undefined;
      },
    });
  }

  /**
   * Changes the given fields of a server (see {@link UpdateMcpServerParams} for what absent,
   * empty and masked values mean). `POST /safari/mcp/server/update`, body `{ server_id, ...only
   * the given fields }`. Safe to retry (it sets values). Same permissions as create, on the
   * current scope and, for a move (`teamId`), on the target scope.
   *
   * @returns the server as the platform now holds it (sensitive values masked).
   * @throws FlashdutyValidationError as {@link create}, for the fields given (transport rules
   *   only when `transport` is given).
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied`, `InvalidParameter`, and the other request errors.
   */
  async update(params: UpdateMcpServerParams, options?: RequestOptions): Promise<McpServer> {
    const op = UPDATE.name;
    const p = checkParams(op, params);
    const serverId = checkId(op, "serverId", p.serverId);
    const fields = checkServerFields(op, { ...p, status: undefined, sourceTemplateName: undefined }, false);
    return mcpServerFromWire(await this.#transport.call(UPDATE, updateMcpServerToWire({ ...fields, serverId }), checkRequestOptions(op, options)));
  }

  /**
   * Deletes a server. `POST /safari/mcp/server/delete`, body `{ server_id }`. Same permissions as
   * update. A server that is gone answers `ResourceNotFound` (HTTP 400; `isNotFound`), also when
   * a retried attempt finds that an earlier one applied.
   *
   * @throws FlashdutyValidationError if `serverId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied`, and the other request errors.
   */
  async delete(params: McpServerIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DELETE, serverIdToWire(checkServerId(DELETE.name, params)), checkRequestOptions(DELETE.name, options));
  }

  /**
   * The server named `serverName` (case-insensitively, as the platform compares names) in the
   * scope `teamId` (0 = account-wide), or undefined. Pages `POST /safari/mcp/server/list` with
   * `query` = the name until a short page.
   *
   * @throws FlashdutyValidationError for a bad name or team id; the request errors of `list`.
   */
  async findByName(params: { serverName: string; teamId: number }, options?: RequestOptions): Promise<McpServer | undefined> {
    const op = "mcpServers.findByName";
    const serverName = checkString(op, "serverName", params.serverName, MCP_SERVER_RULES.maxNameLength) ?? "";
    const teamId = checkInteger(op, "teamId", params.teamId, 0) ?? 0;
    const folded = serverName.toLowerCase();
    const scope = teamId === 0 ? { scope: "account" as const } : { scope: "team" as const, teamIds: [teamId] };
    const limit = LIMITS.maxPageSize;
    for (let page = 1; page * limit <= LIMITS.maxPageWindow; page++) {
      const { servers } = await this.list({ ...scope, query: serverName, page, limit }, options);
      const found = servers.find((s) => s.teamId === teamId && s.serverName.toLowerCase() === folded);
      if (found !== undefined) return found;
      if (servers.length < limit) return undefined;
    }
    return undefined;
  }

  /**
   * Lists one page of the MCP servers visible to the caller. `POST /safari/mcp/server/list`,
   * body `{ p, limit, scope, query, team_ids, include_account }` with only the given fields.
   *
   * @param params page (1-based, server default 1), limit (1..100, server default 20), scope
   *   (`all` | `account` | `team`), query (at most 128 characters: a case-insensitive match on
   *   name, description, AI description, id, transport, URL, command and source template
   *   name), teamIds, includeAccount (server default true).
   * @returns `{ total, servers }`; `total` may be capped by the server.
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError for an out-of-range argument, before anything is sent.
   */
  async list(params?: ListMcpServersParams, options?: RequestOptions): Promise<McpServerList> {
    const op = LIST.name;
    const p = checkParams(op, params);
    const filters = checkListFilters(op, p);
    // Absent fields stay undefined and are left out of the body by the mapping.
    const checked: ListMcpServersParams = { page: checkPage(op, p.page, filters.limit), ...filters };
    const wire = await this.#transport.call(LIST, listMcpServersToWire(checked), checkRequestOptions(LIST.name, options));
    return mcpServerListFromWire(wire);
  }

  /**
   * Every MCP server matching the filters, each once, over as many `POST /safari/mcp/server/list`
   * pages as needed (`limit` default 100). After page 1 the rest are fetched concurrently within
   * the client's rate limit (shared with every other `list` call of the client). Servers are
   * yielded only once a complete, consistent walk is in hand (see `sdk/pagination.ts`); ordering
   * is the server's. Secret values of `env` and `headers` come back masked, as from `list`.
   *
   * Arguments are checked when `listAll` is called (it throws synchronously); requests start
   * when iteration starts, and every iteration of the returned iterable reads the list afresh.
   *
   * @param params scope (`all` | `account` | `team`), query (at most 128 characters), teamIds,
   *   includeAccount (server default true), limit (page size 1..100, default 100); no `page`.
   * @param options per-call options for every page request; `signal` aborts the whole walk.
   * @throws FlashdutyValidationError for an out-of-range filter or a `page` (synchronously).
   * @throws FlashdutyPagingError `reason: "window"` when more than 10000 servers match (narrow the
   *   filters), `reason: "unstable"` when the total kept changing over 3 walks.
   * @throws FlashdutyApiError and the other request errors of {@link list}.
   */
  listAll(params?: ListAllMcpServersParams, options?: RequestOptions): AsyncIterable<McpServer> {
    const walk = this.#walk(params, options);
    // Each iteration walks afresh, so the same iterable can be read more than once.
    return { [Symbol.asyncIterator]: () => pageAll(walk) };
  }

  /**
   * @internal What {@link listAll} yields, as one array (the `getMcpServers` data source's path:
   * no `await` per server). Same checks, requests and errors as `listAll`.
   */
  async listAllAsArray(params?: ListAllMcpServersParams, options?: RequestOptions): Promise<McpServer[]> {
    return collectAll(this.#walk(params, options));
  }

  /** The checked filters of `listAll` as the pager's options (throws FlashdutyValidationError). */
  #walk(params: ListAllMcpServersParams | undefined, options: RequestOptions | undefined): PageAllOptions<McpServer> {
    const checked = checkListAllFilters(LIST.name, params);
    const perPage = checkRequestOptions(LIST.name, options);
    const limit = checked.limit ?? LIMITS.maxPageSize;
    return {
      operation: LIST.name,
      noun: "MCP servers",
      limit,
      fetchPage: async (page) => {
        const result = await this.list({ ...checked, page, limit }, perPage);
        return { total: result.total, items: result.servers };
      },
      idOf: (server) => server.serverId,
      pagesInFlight: (pagesLeft) => this.#transport.rateLimiter(LIST.path)?.pagesInFlight(pagesLeft) ?? PAGE_CONCURRENCY,
      narrowBy: "scope, query, teamIds, includeAccount",
    };
  }
}

/** The filters of `listAll`, checked as `list` checks them; a `page` is refused. */
function checkListAllFilters(operation: string, params: unknown): ListAllMcpServersParams {
  const p = checkParams(operation, params);
  if (p.page !== undefined) {
    // listAll walks the pages itself; silently ignoring a page would surprise the caller.
    throw new FlashdutyValidationError({
      operation,
      field: "page",
      problem: "page is not accepted by listAll, which reads every page; use list for one page",
    });
  }
  return checkListFilters(operation, p);
}

/** The filters of `list` and `listAll` but the page, checked before anything is sent. */
function checkListFilters(operation: string, p: Record<string, unknown>): ListAllMcpServersParams {
  return {
    limit: checkLimit(operation, p.limit),
    scope: checkEnum(operation, "scope", p.scope, MCP_SERVER_SCOPES),
    query: checkString(operation, "query", p.query, LIMITS.maxServerQueryLength),
    teamIds: checkIntegerArray(operation, "teamIds", p.teamIds),
    includeAccount: checkBoolean(operation, "includeAccount", p.includeAccount, true),
  };
}

function checkServerId(operation: string, params: McpServerIdParams): McpServerIdParams {
  const p = checkParams(operation, params);
  return { serverId: checkId(operation, "serverId", p.serverId) };
}
