/**
 * The message of a 403 `AccessDenied` from disable or enable, naming the permission the app
 * key's member is missing. The platform requires two things to switch an MCP server: the MCP
 * management permission (`ai-sre`) and edit rights on the server's team (for account-wide
 * servers, `team_id` 0: account owners and admins only).
 */
import type { FlashdutyApiError, McpServer } from "../sdk";

/**
 * @param err the 403 from `POST /safari/mcp/server/disable` or `/enable`
 * @param server the server as last read; `canEdit` (when known) tells which permission is missing
 * @returns one sentence for the user, with the operation, code and request id
 */
export function describeAccessDenied(
  err: FlashdutyApiError,
  server: Pick<McpServer, "serverId" | "teamId"> & Partial<Pick<McpServer, "canEdit">>,
  action: "disable" | "enable",
): string {
  const teamRights =
    server.teamId === 0
      ? "edit rights on account-wide MCP servers (account owners and admins only)"
      : `edit rights on team ${server.teamId}, which owns the server (a member of that team, or an account owner or admin)`;
  const missing =
    server.canEdit === true
      ? "the MCP management permission (`ai-sre`)"
      : server.canEdit === false
        ? teamRights
        : `the MCP management permission (\`ai-sre\`) or ${teamRights}`;
  return (
    `Access denied: cannot ${action} MCP server '${server.serverId}': the app key's member lacks ${missing}. ` +
    `(${err.operation}, ${err.code}, request id ${err.requestId ?? "none"}: ${err.serverMessage})`
  );
}
