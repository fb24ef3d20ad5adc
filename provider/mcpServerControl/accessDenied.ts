/**
 * The message of a 403 `AccessDenied` from disable or enable, naming the permission the app
 * key's member is missing. The platform requires two things to switch an MCP server: the MCP
 * management permission (`ai-sre`) and edit rights on the server's team (for account-wide
 * servers, `team_id` 0: account owners and admins only).
 *
 * Which one is missing: the platform's message names the `ai-sre` permission when that is it
 * (in every language); otherwise it is the edit rights. The server's `can_edit` cannot tell
 * the two apart, since it is false in both cases.
 */
import type { FlashdutyApiError, McpServer } from "../../sdk";
import { escapeTerminalControls as shown } from "../../sdk/terminalText";

/**
 * @param err the 403 from an MCP server write (`POST /safari/mcp/server/create`, `/update`, `/delete`, `/disable` or `/enable`)
 * @param server the server's id and owning team
 * @returns one sentence for the user, with the operation, code and request id (the platform's
 *   parts with their control characters shown escaped)
 */
export function describeAccessDenied(
  err: FlashdutyApiError,
  server: Pick<McpServer, "serverId" | "teamId">,
  action: "disable" | "enable" | "create" | "update" | "delete" | "move",
): string {
  const missing = /ai-sre/i.test(err.serverMessage)
    ? "the MCP management permission (`ai-sre`)"
    : server.teamId === 0
      ? "edit rights on account-wide MCP servers (account owners and admins only)"
      : `edit rights on team ${server.teamId}, which owns the server (a member of that team, or an account owner or admin)`;
  return (
    `Access denied: cannot ${action} MCP server '${server.serverId}': the app key's member lacks ${missing}. ` +
    `(${err.operation}, ${shown(err.code)}, request id ${shown(err.requestId ?? "none")}: ${shown(err.serverMessage)})`
  );
}
