/**
 * The message of a 403 `AccessDenied` from an A2A agent write, naming what the app key's member
 * lacks: Agent Manage (`ai-sre`) when the platform's message names it, otherwise edit rights on
 * the agent's scope (account-wide agents: owners and admins; a team's agents: its members, owners
 * and admins). `can_edit` cannot tell the two apart.
 */
import type { A2aAgent, FlashdutyApiError } from "../../sdk";
import { escapeTerminalControls as shown } from "../../sdk/terminalText";

/**
 * @param err the 403 from `POST /safari/a2a-agent/create`, `/update`, `/enable`, `/disable` or `/delete`
 * @param agent the agent's id (or, for a create, its name) and the team the write aimed at
 * @returns one sentence for the user, with the operation, code and request id (the platform's
 *   parts, and the name, with their control characters shown escaped)
 */
export function describeAgentAccessDenied(
  err: FlashdutyApiError,
  agent: Pick<A2aAgent, "agentId" | "teamId">,
  action: "create" | "update" | "delete" | "move" | "enable" | "disable",
): string {
  const missing = /ai-sre/i.test(err.serverMessage)
    ? "the Agent Manage permission (`ai-sre`)"
    : agent.teamId === 0
      ? "edit rights on account-wide A2A agents (account owners and admins only)"
      : `edit rights on team ${agent.teamId} (a member of that team, or an account owner or admin)`;
  return (
    `Access denied: cannot ${action} A2A agent ${shown(agent.agentId)}: the app key's member lacks ${missing}. ` +
    `(${err.operation}, ${shown(err.code)}, request id ${shown(err.requestId ?? "none")}: ${shown(err.serverMessage)})`
  );
}
