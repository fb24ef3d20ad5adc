/**
 * MCP servers (connectors): `POST /safari/mcp/server/{disable,enable,get,list}`.
 *
 * The resource class; the camelCase model, params and wire mapping are in `mcpServerModel.ts`.
 */
import { z } from "zod";
import { FlashdutyValidationError } from "../errors";
import { createExactlyOnce } from "../exactlyOnceCreate";
import { BatchedGets } from "../batchedGets";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkBoolean, checkEnum, checkId, checkInteger, checkIntegerArray, checkLimit, checkPage, checkParams, checkString } from "../validation";
import { LIMITS, MCP_SERVER_SCOPES, PATHS, wireMcpServerListDataSchema, wireMcpServerSchema } from "../../wire/wire";
import { MCP_SERVER_RULES } from "../../wire/protocol";
import {
  SERVER_CREATE_CLOCK_SKEW_MS,
  checkServerFields,
  createMcpServerToWire,
  listMcpServersToWire,
  mcpServerFromWire,
  mcpServerListFromWire,
  serverIdToWire,
  updateMcpServerToWire,
  type CreateMcpServerParams,
  type ListMcpServersParams,
  type McpServer,
  type McpServerFields,
  type McpServerIdParams,
  type McpServerList,
  type UpdateMcpServerParams,
} from "./mcpServerModel";

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
  #batched: BatchedGets<McpServer> | undefined;

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
   * Reads one of many MCP servers at once: like {@link get}, but the calls made within a few
   * milliseconds of each other are answered together, from a complete listing of
   * `POST /safari/mcp/server/list` (the same object as get, secret values masked alike) when each of its pages replaces at least two gets, otherwise each by a get (calls arriving one by one go as gets at once). An id
   * the listing does not hold (gone, moved out of its view) is always a get, so the result and
   * the errors are the get's. No answer is older than a get sent at the call.
   * What a refresh of many resources uses (`sdk/batchedGets.ts` has the rules).
   *
   * @throws FlashdutyValidationError if `serverId` is empty, before anything is sent.
   * @throws the errors of {@link get}.
   */
  async getBatched(params: McpServerIdParams): Promise<McpServer> {
    const { serverId } = checkServerId(GET.name, params);
    this.#batched ??= new BatchedGets({ get: (id) => this.get({ serverId: id }), listing: this.#walk(undefined, undefined) });
    return this.#batched.get(serverId);
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
