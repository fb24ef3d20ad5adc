/**
 * MCP server operations: `/safari/mcp/server/disable`, `/enable`, `/get` and `/list`
 * (docs/platform-api.md "MCP servers").
 */
import { LIMITS, PATHS } from "../../wire/protocol";
import { wireMcpServerListRequestSchema, wireServerIdRequestSchema, type WireMcpServerListData } from "../../wire/wire";
import type { WireMcpServer } from "../../wire/wireTypes";
import { canEditServer, requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { pageOf, readPage } from "../paging";
import type { StoredServer } from "../seed";
import { toWireServer } from "../state/store";

const LIST_SCOPES = ["all", "account", "team"] as const;

function readServerId(context: OperationContext): string {
  const { server_id } = parseBody(wireServerIdRequestSchema, context.body);
  if (server_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("server_id"));
  return server_id;
}

/** The caller's server `serverId`; another account's server does not exist for them (400 `ResourceNotFound`). */
function findServer(context: OperationContext, serverId: string): StoredServer {
  const server = context.world.store.servers.get(serverId);
  if (server === undefined || server.account_id !== context.caller.accountId) {
    throw new ApiError("ResourceNotFound", (m) => m.serverNotFound(serverId));
  }
  return server;
}

/**
 * Disable or enable. Checks in order: body, `ai-sre` (403), the server (400 `ResourceNotFound`),
 * edit rights on its team (403), its current state (400 `InvalidParameter`: not idempotent).
 * Every call that gets past the body is written to the audit log with its outcome.
 */
function toggle(operation: "disable" | "enable"): Operation {
  const target = operation === "disable" ? "disabled" : "enabled";
  return {
    name: operation === "disable" ? "mcpServer.disable" : "mcpServer.enable",
    path: operation === "disable" ? PATHS.mcpServerDisable : PATHS.mcpServerEnable,
    handle(context) {
      const serverId = readServerId(context);
      const { caller, world, requestId, now } = context;
      const audit = { time: now, accountId: caller.accountId, actorMemberId: caller.memberId, operation, serverId, requestId };
      try {
        requireAiSre(caller);
        const server = findServer(context, serverId);
        if (!canEditServer(caller, server)) throw new ApiError("AccessDenied", (m) => m.serverNotEditable(serverId));
        if (server.status === target) throw new ApiError("InvalidParameter", (m) => m.serverAlready(serverId, target));
        world.store.appendAudit({ ...audit, outcome: "success" }, { serverId, status: target });
        return null;
      } catch (error) {
        world.store.appendAudit({ ...audit, outcome: error instanceof ApiError ? error.code : "InternalError" });
        throw error;
      }
    },
  };
}

export const disableServer = toggle("disable");
export const enableServer = toggle("enable");

/** Get one server of the caller's account: a plain read (the newest schema has no live tool probe). */
export const getServer: Operation = {
  name: "mcpServer.get",
  path: PATHS.mcpServerGet,
  handle(context): WireMcpServer {
    const server = findServer(context, readServerId(context));
    return toWireServer(server, canEditServer(context.caller, server));
  },
};

/** The fields `query` searches (docs/platform-api.md "MCP server list request"): name, description, AI description, id, transport, URL, command, source template name. */
function searchableText(server: StoredServer): string[] {
  const fields = [
    server.server_name,
    server.description,
    server.ai_description,
    server.server_id,
    server.transport,
    server.url,
    server.command,
    server.source_template_name,
  ];
  return fields.filter((f): f is string => f !== undefined).map((f) => f.toLowerCase());
}

/**
 * List the servers of the caller's account (every member sees all of them; `can_edit` says
 * which they may change). `scope`: `all` (default: team servers plus, when `include_account`
 * is true, the default, account-wide ones), `account` (`team_id` 0 only), `team` (team servers
 * only); empty scope with `include_account` false means team. `team_ids` narrows the team
 * servers to those teams (account-wide ones follow `include_account`). `query`: at most 128
 * characters, a case-insensitive substring of name, description, AI description, id,
 * transport, URL, command or source template name. Unknown body fields (`search_after_ctx`...)
 * are ignored. Order: `created_at` descending, then `server_id`.
 */
export const listServers: Operation = {
  name: "mcpServer.list",
  path: PATHS.mcpServerList,
  handle(context): WireMcpServerListData {
    const request = parseBody(wireMcpServerListRequestSchema, context.body);
    const includeAccount = request.include_account ?? true;
    const scope = request.scope === undefined || request.scope === "" ? (includeAccount ? "all" : "team") : request.scope;
    if (!(LIST_SCOPES as readonly string[]).includes(scope)) throw new ApiError("InvalidParameter", (m) => m.paramOneOf("scope", LIST_SCOPES));
    if (request.query !== undefined && [...request.query].length > LIMITS.maxServerQueryLength) {
      throw new ApiError("InvalidParameter", (m) => m.paramTooLong("query", LIMITS.maxServerQueryLength));
    }
    const page = readPage(request.p, request.limit);
    const teamIds = request.team_ids !== undefined && request.team_ids.length > 0 ? new Set(request.team_ids) : undefined;
    const query = request.query?.toLowerCase() ?? "";
    const { caller } = context;
    const matches = [...context.world.store.servers.values()].filter((server) => {
      if (server.account_id !== caller.accountId) return false;
      const accountWide = server.team_id === 0;
      if (accountWide ? scope === "team" || (scope === "all" && !includeAccount) : scope === "account") return false;
      if (!accountWide && teamIds !== undefined && !teamIds.has(server.team_id)) return false;
      return query === "" || searchableText(server).some((text) => text.includes(query));
    });
    matches.sort((a, b) => b.created_at - a.created_at || (a.server_id < b.server_id ? -1 : a.server_id > b.server_id ? 1 : 0));
    return { total: matches.length, servers: pageOf(matches, page).map((s) => toWireServer(s, canEditServer(caller, s))) };
  },
};
