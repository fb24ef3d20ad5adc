/**
 * MCP server writes: `/safari/mcp/server/create`, `/update` and `/delete` (docs/platform-api.md
 * "MCP server writes"). Each needs `ai-sre` and edit rights on the server's scope (and, for a
 * create or a move, on the target scope); names are unique per scope (account-wide, or one team),
 * case-insensitively; every call that gets past the body is written to the audit log with its
 * outcome. Answers are the whole server with secret values masked (emulator/secretMasking.ts).
 */
import { randomBytes } from "node:crypto";
import { MCP_SERVER_AUTH_MODES, MCP_SERVER_RULES, MCP_SERVER_TRANSPORTS, PATHS } from "../../wire/protocol";
import { wireMcpServerCreateRequestSchema, wireMcpServerUpdateRequestSchema, wireServerIdRequestSchema } from "../../wire/wire";
import type { WireMcpServer } from "../../wire/wireTypes";
import { canEditServer, requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { mergeSecrets } from "../secretMasking";
import { SEED_TEAMS, type StoredServer } from "../seed";
import { toWireServer } from "../state/store";
import type { AuditEntry } from "../types";

type ServerOperation = "server.create" | "server.update" | "server.delete";

/** Runs `body` with an audit entry of its outcome; `body` saves its success entry itself (with the change). */
function audited<T>(context: OperationContext, operation: ServerOperation, serverId: string | undefined, body: (entry: AuditEntry) => T): T {
  const { caller, world, requestId, now } = context;
  const entry: AuditEntry = {
    time: now,
    accountId: caller.accountId,
    actorMemberId: caller.memberId,
    operation,
    ...(serverId ? { serverId } : {}),
    requestId,
    outcome: "success",
  };
  try {
    return body(entry);
  } catch (error) {
    world.store.appendAudit({ ...entry, outcome: error instanceof ApiError ? error.code : "InternalError" });
    throw error;
  }
}

function invalid(name: string, detail: string): ApiError {
  return new ApiError("InvalidParameter", (m) => m.paramInvalid(name, detail));
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** 403 unless the caller may edit servers of `teamId` (0 = account-wide) in their account; 400 for a team of no account of theirs. */
function requireScope(context: OperationContext, teamId: number): void {
  const { caller } = context;
  if (!Number.isInteger(teamId) || teamId < 0) throw invalid("team_id", "must be 0 (account-wide) or a team id");
  if (teamId > 0 && !SEED_TEAMS.some((t) => t.teamId === teamId && t.accountId === caller.accountId)) {
    throw new ApiError("ResourceNotFound", (m) => m.paramInvalid("team_id", `team ${teamId} not found`));
  }
  if (!canEditServer(caller, { account_id: caller.accountId, team_id: teamId })) {
    throw new ApiError("AccessDenied", (m) =>
      m.paramInvalid(
        "team_id",
        teamId === 0 ? "permission denied: only account admins may manage account-wide MCP servers" : `permission denied: not a member of team ${teamId}`,
      ),
    );
  }
}

/**
 * The rules every stored server meets after a write: the name syntax and its uniqueness in the
 * scope, a known transport with its own fields only, a known auth mode (`secret_schema` required
 * for `per_user_secret`), JSON text where JSON is expected, timeouts in range. The name's syntax
 * and length are checked only when the write sets the name (`nameSet`): servers made before the
 * syntax (the seed's "Acme CI") stay editable under their old names.
 */
function checkServer(context: OperationContext, server: StoredServer, nameSet: boolean): void {
  const name = server.server_name;
  if (name === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("server_name"));
  if (nameSet && [...name].length > MCP_SERVER_RULES.maxNameLength)
    throw new ApiError("InvalidParameter", (m) => m.paramTooLong("server_name", MCP_SERVER_RULES.maxNameLength));
  if (nameSet && !MCP_SERVER_RULES.namePattern.test(name)) throw invalid("server_name", "must start with a letter and hold only letters, digits, - and _");
  if ([...server.description].length > MCP_SERVER_RULES.maxDescriptionLength) {
    throw new ApiError("InvalidParameter", (m) => m.paramTooLong("description", MCP_SERVER_RULES.maxDescriptionLength));
  }
  if (!(MCP_SERVER_TRANSPORTS as readonly string[]).includes(server.transport)) {
    throw new ApiError("InvalidParameter", (m) => m.paramOneOf("transport", MCP_SERVER_TRANSPORTS));
  }
  if (server.transport === "stdio") {
    if (!server.command) throw new ApiError("InvalidParameter", (m) => m.paramRequired("command"));
    if (server.url) throw invalid("url", "not allowed with transport stdio");
    if (server.headers && Object.keys(server.headers).length > 0) throw invalid("headers", "not allowed with transport stdio");
  } else {
    if (!server.url) throw new ApiError("InvalidParameter", (m) => m.paramRequired("url"));
    if (server.command) throw invalid("command", `not allowed with transport ${server.transport}`);
    if (server.args && server.args.length > 0) throw invalid("args", `not allowed with transport ${server.transport}`);
    if (server.env && Object.keys(server.env).length > 0) throw invalid("env", `not allowed with transport ${server.transport}`);
  }
  const authMode = server.auth_mode ?? "";
  if (authMode !== "" && !(MCP_SERVER_AUTH_MODES as readonly string[]).includes(authMode)) {
    throw new ApiError("InvalidParameter", (m) => m.paramOneOf("auth_mode", MCP_SERVER_AUTH_MODES));
  }
  if (authMode === "per_user_secret" && !server.secret_schema) throw invalid("secret_schema", "required when auth_mode is per_user_secret");
  for (const field of ["secret_schema", "oauth_metadata"] as const) {
    const text = server[field];
    if (text && !isJsonText(text)) throw invalid(field, "must be JSON text");
  }
  const timeouts = [
    ["connect_timeout", server.connect_timeout, MCP_SERVER_RULES.maxConnectTimeoutSeconds],
    ["call_timeout", server.call_timeout, MCP_SERVER_RULES.maxCallTimeoutSeconds],
  ] as const;
  for (const [field, value, max] of timeouts) {
    if (!Number.isInteger(value) || value < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast(field, 0));
    if (value > max) throw new ApiError("InvalidParameter", (m) => m.paramAtMost(field, max));
  }
  if (server.environments.some((e) => e === "")) throw invalid("environments", "an environment id may not be empty");
  const folded = name.toLowerCase();
  for (const other of context.world.store.servers.values()) {
    if (other.server_id === server.server_id || other.account_id !== server.account_id || other.team_id !== server.team_id) continue;
    if (other.server_name.toLowerCase() === folded) {
      throw invalid("server_name", `an MCP server named ${other.server_name} already exists in this scope (${other.server_id})`);
    }
  }
}

/** Keeps only the fields of the server's transport (a switch of transport drops the other kind's fields). */
function withTransportFields(server: StoredServer): StoredServer {
  const drop = server.transport === "stdio" ? MCP_SERVER_RULES.remoteFields : MCP_SERVER_RULES.stdioFields;
  const kept: Record<string, unknown> = { ...server };
  for (const field of drop) delete kept[field];
  return kept as unknown as StoredServer;
}

/** Fields a write may set that are strings with "empty = not given". */
const OPTIONAL_TEXT = ["command", "url", "auth_mode", "secret_schema", "oauth_metadata"] as const;

/** Create one server in the caller's account; answers it (secrets masked). */
export const createServer: Operation = {
  name: "mcpServer.create",
  path: PATHS.mcpServerCreate,
  handle(context): WireMcpServer {
    const request = parseBody(wireMcpServerCreateRequestSchema, context.body);
    return audited(context, "server.create", undefined, (entry) => {
      const { caller, world, now } = context;
      requireAiSre(caller);
      const teamId = request.team_id ?? 0;
      requireScope(context, teamId);
      const status = request.status === undefined || request.status === "" ? "enabled" : request.status;
      if (status !== "enabled" && status !== "disabled") throw new ApiError("InvalidParameter", (m) => m.paramOneOf("status", ["enabled", "disabled"]));
      const server: StoredServer = {
        server_id: `mcp_${randomBytes(8).toString("hex")}`,
        account_id: caller.accountId,
        team_id: teamId,
        server_name: request.server_name,
        description: request.description,
        transport: request.transport,
        status,
        environments: request.environments ?? [],
        connect_timeout: request.connect_timeout ?? 0,
        call_timeout: request.call_timeout ?? 0,
        created_by: caller.memberId,
        created_at: now,
        updated_at: now,
      };
      for (const field of OPTIONAL_TEXT) if (request[field]) server[field] = request[field];
      if (request.args) server.args = [...request.args];
      if (request.env) server.env = { ...request.env };
      if (request.headers) server.headers = { ...request.headers };
      if (request.allow_insecure_oauth_http) server.allow_insecure_oauth_http = true;
      if (request.allow_insecure_tls_skip_verify) server.allow_insecure_tls_skip_verify = true;
      if (request.source_template_name) server.source_template_name = request.source_template_name;
      checkServer(context, server, true);
      world.store.writeServer(server, { ...entry, serverId: server.server_id });
      return toWireServer(server, true);
    });
  },
};

/** The caller's server `serverId` (400 `ResourceNotFound` when absent or another account's); 403 without edit rights on it. */
function editableServer(context: OperationContext, serverId: string): StoredServer {
  if (serverId === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("server_id"));
  const server = context.world.store.servers.get(serverId);
  if (server === undefined || server.account_id !== context.caller.accountId) throw new ApiError("ResourceNotFound", (m) => m.serverNotFound(serverId));
  if (!canEditServer(context.caller, server)) throw new ApiError("AccessDenied", (m) => m.serverNotEditable(serverId));
  return server;
}

/** Change the given fields of a server (see `wireMcpServerUpdateRequestSchema` for what omitted, empty and masked mean). */
export const updateServer: Operation = {
  name: "mcpServer.update",
  path: PATHS.mcpServerUpdate,
  handle(context): WireMcpServer {
    const request = parseBody(wireMcpServerUpdateRequestSchema, context.body);
    return audited(context, "server.update", request.server_id, (entry) => {
      const { caller, world, now } = context;
      requireAiSre(caller);
      const current = editableServer(context, request.server_id);
      // A switch of transport drops the old transport's fields first; fields sent for the other
      // kind of transport are then refused by checkServer, never dropped silently.
      const switched = request.transport !== undefined && request.transport !== "" && request.transport !== current.transport;
      let next: StoredServer = structuredClone(current);
      if (switched) next = withTransportFields({ ...next, transport: request.transport! });
      if (request.team_id !== undefined && request.team_id !== null && request.team_id !== current.team_id) {
        requireScope(context, request.team_id);
        next.team_id = request.team_id;
      }
      if (request.server_name) next.server_name = request.server_name;
      if (request.description) next.description = request.description;
      if (request.transport) next.transport = request.transport;
      for (const field of OPTIONAL_TEXT) if (request[field]) next[field] = request[field];
      if (request.args !== undefined && request.args !== null) next.args = [...request.args];
      if (request.env !== undefined && request.env !== null) next.env = mergeSecrets(current.env, request.env);
      if (request.headers !== undefined && request.headers !== null) next.headers = mergeSecrets(current.headers, request.headers);
      if (request.environments !== undefined && request.environments !== null) next.environments = [...request.environments];
      if (request.connect_timeout) next.connect_timeout = request.connect_timeout;
      if (request.call_timeout) next.call_timeout = request.call_timeout;
      if (request.allow_insecure_oauth_http !== undefined && request.allow_insecure_oauth_http !== null) {
        next.allow_insecure_oauth_http = request.allow_insecure_oauth_http;
      }
      if (request.allow_insecure_tls_skip_verify !== undefined && request.allow_insecure_tls_skip_verify !== null) {
        next.allow_insecure_tls_skip_verify = request.allow_insecure_tls_skip_verify;
      }
      next.updated_at = now;
      checkServer(context, next, request.server_name !== undefined && request.server_name !== "");
      // Checked: the other transport's fields are empty at most; they are not kept.
      const server = withTransportFields(next);
      world.store.writeServer(server, entry);
      return toWireServer(server, canEditServer(caller, server));
    });
  },
};

/** Delete a server; answers `data: null`. A server that is gone answers 400 `ResourceNotFound`. */
export const deleteServer: Operation = {
  name: "mcpServer.delete",
  path: PATHS.mcpServerDelete,
  handle(context): null {
    const { server_id } = parseBody(wireServerIdRequestSchema, context.body);
    return audited(context, "server.delete", server_id, (entry) => {
      requireAiSre(context.caller);
      editableServer(context, server_id);
      context.world.store.removeServer(server_id, entry);
      return null;
    });
  },
};
