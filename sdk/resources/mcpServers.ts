/**
 * MCP servers (connectors): `POST /safari/mcp/server/{disable,enable,get,list}`.
 */
import { z } from "zod";
import {
  listMcpServersToWire,
  mcpServerFromWire,
  mcpServerListFromWire,
  serverIdToWire,
  type ListMcpServersParams,
  type McpServer,
  type McpServerIdParams,
  type McpServerList,
} from "../models";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import {
  checkBoolean,
  checkEnum,
  checkId,
  checkIntegerArray,
  checkLimit,
  checkPage,
  checkParams,
  checkString,
} from "../validation";
import { LIMITS, MCP_SERVER_SCOPES, PATHS, wireMcpServerListDataSchema, wireMcpServerSchema } from "../../wire/wire";

// `data` of disable/enable is documented as null; anything else is tolerated (forward compatibility).
const DISABLE = defineOperation(PATHS.mcpServerDisable, z.unknown(), { nonIdempotent: true });
const ENABLE = defineOperation(PATHS.mcpServerEnable, z.unknown(), { nonIdempotent: true });
const GET = defineOperation(PATHS.mcpServerGet, wireMcpServerSchema, { nonIdempotent: false });
const LIST = defineOperation(PATHS.mcpServerList, wireMcpServerListDataSchema, { nonIdempotent: false });

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
}

function checkServerId(operation: string, params: McpServerIdParams): McpServerIdParams {
  const p = checkParams(operation, params);
  return { serverId: checkId(operation, "serverId", p.serverId) };
}
