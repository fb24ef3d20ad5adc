/**
 * MCP servers (connectors): `POST /safari/mcp/server/{disable,enable,get,list}`.
 *
 * The resource class, and beside it the noun's camelCase model and params with their one mapping to
 * and from the snake_case wire (`wire/wire.ts`).
 */
import { z } from "zod";
import { FlashdutyValidationError } from "../errors";
import { PAGE_CONCURRENCY, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkBoolean, checkEnum, checkId, checkIntegerArray, checkLimit, checkPage, checkParams, checkString } from "../validation";
import { LIMITS, MCP_SERVER_SCOPES, PATHS, wireMcpServerListDataSchema, wireMcpServerSchema } from "../../wire/wire";
import type { McpServerScope, McpServerStatus } from "../../wire/protocol";
import type { Equal } from "../../wire/typeAssert";
import type { WireMcpServer, WireMcpServerListData, WireMcpServerListRequest } from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

export type { McpServerScope, McpServerStatus };

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

// Compile-time parity with the wire: the model has exactly the wire object's fields.
true satisfies Equal<McpServer, Camelized<WireMcpServer>>;

// `data` of disable/enable is documented as null; anything else is tolerated (forward compatibility).
const DISABLE = defineOperation(PATHS.mcpServerDisable, z.unknown(), { nonIdempotent: true });
const ENABLE = defineOperation(PATHS.mcpServerEnable, z.unknown(), { nonIdempotent: true });
const GET = defineOperation(PATHS.mcpServerGet, wireMcpServerSchema, { nonIdempotent: false });
const LIST = defineOperation(PATHS.mcpServerList, wireMcpServerListDataSchema, { nonIdempotent: false });

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
    const limit = checkLimit(op, p.limit);
    // Absent fields stay undefined and are left out of the body by the mapping.
    const checked: ListMcpServersParams = {
      page: checkPage(op, p.page, limit),
      limit,
      scope: checkEnum(op, "scope", p.scope, MCP_SERVER_SCOPES),
      query: checkString(op, "query", p.query, LIMITS.maxServerQueryLength),
      teamIds: checkIntegerArray(op, "teamIds", p.teamIds),
      includeAccount: checkBoolean(op, "includeAccount", p.includeAccount, true),
    };
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
    const checked = checkListAllFilters(LIST.name, params);
    const perPage = checkRequestOptions(LIST.name, options);
    const limit = checked.limit ?? LIMITS.maxPageSize;
    // Each iteration walks afresh, so the same iterable can be read more than once.
    return {
      [Symbol.asyncIterator]: () =>
        pageAll({
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
        }),
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
