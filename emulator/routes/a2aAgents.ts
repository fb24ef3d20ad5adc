/**
 * A2A agent reads and toggles: `/safari/a2a-agent/list`, `/get`, `/enable` and `/disable`
 * (docs/platform-api.md "A2A agents"). Writes are in `a2aAgentWrites.ts`.
 */
import { A2A_AGENT_RULES, A2A_AGENT_SCOPES, LIMITS, PATHS } from "../../wire/protocol";
import { wireA2aAgentIdRequestSchema, wireA2aAgentListRequestSchema, type WireA2aAgentListData } from "../../wire/wire";
import type { WireA2aAgent } from "../../wire/wireTypes";
import { canEditServer, requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { type StoredA2aAgent, toWireA2aAgent } from "../seedA2aAgents";

/** Whether `caller` may edit `agent`: the MCP server rule (`ai-sre`; account-wide: owners/admins; a team: its members or owners/admins). */
export function canEditAgent(context: OperationContext, agent: Pick<StoredA2aAgent, "account_id" | "team_id">): boolean {
  return canEditServer(context.caller, agent);
}

/** `agent_id` of the body, non-empty (400 `InvalidParameter` otherwise). */
export function readAgentId(context: OperationContext): string {
  const { agent_id } = parseBody(wireA2aAgentIdRequestSchema, context.body);
  if (agent_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("agent_id"));
  return agent_id;
}

/** The caller's agent `agentId`; another account's agent or a deleted one does not exist for them (400 `ResourceNotFound`). */
export function findAgent(context: OperationContext, agentId: string): StoredA2aAgent {
  const agent = context.world.a2aAgents.get(agentId);
  if (agent === undefined || agent.account_id !== context.caller.accountId) throw new ApiError("ResourceNotFound", (m) => m.agentNotFound(agentId));
  return agent;
}

/** {@link findAgent}, then 403 `AccessDenied` without edit rights on its scope. Needs `ai-sre` first. */
export function editableAgent(context: OperationContext, agentId: string): StoredA2aAgent {
  requireAiSre(context.caller);
  const agent = findAgent(context, agentId);
  if (!canEditAgent(context, agent)) throw new ApiError("AccessDenied", (m) => m.agentNotEditable(agentId));
  return agent;
}

/** Enable or disable: 400 `InvalidParameter` when the agent is already in that state (not idempotent); answers `null`. */
function toggle(operation: "enable" | "disable"): Operation {
  const target = operation === "enable" ? "enabled" : "disabled";
  return {
    name: operation === "enable" ? "a2aAgent.enable" : "a2aAgent.disable",
    path: operation === "enable" ? PATHS.a2aAgentEnable : PATHS.a2aAgentDisable,
    handle(context): null {
      const agentId = readAgentId(context);
      const agent = editableAgent(context, agentId);
      if (agent.status === target) throw new ApiError("InvalidParameter", (m) => m.agentAlready(agentId, target));
      context.world.a2aAgents.set(agentId, { ...agent, status: target, updated_at: context.now });
      return null;
    },
  };
}

export const enableAgent = toggle("enable");
export const disableAgent = toggle("disable");

/** Get one agent of the caller's account (any valid key). */
export const getAgent: Operation = {
  name: "a2aAgent.get",
  path: PATHS.a2aAgentGet,
  handle(context): WireA2aAgent {
    const agent = findAgent(context, readAgentId(context));
    return toWireA2aAgent(agent, canEditAgent(context, agent));
  },
};

/**
 * List the agents of the caller's account by offset: `offset` from 0, `limit` 1..100 (0 or
 * absent: 20), `offset + limit` at most 10,000 (400 naming the parameter otherwise). `scope`
 * `all` (default; account-wide agents only when `include_account`, default true), `account`,
 * `team`; `team_ids` narrows the team agents; `query` (at most 128 characters) is a
 * case-insensitive substring of the name, id, card URL or instructions. Order: `created_at`
 * descending, then `agent_id`.
 */
export const listAgents: Operation = {
  name: "a2aAgent.list",
  path: PATHS.a2aAgentList,
  handle(context): WireA2aAgentListData {
    const request = parseBody(wireA2aAgentListRequestSchema, context.body);
    const includeAccount = request.include_account ?? true;
    const scope = request.scope === undefined || request.scope === "" ? "all" : request.scope;
    if (!(A2A_AGENT_SCOPES as readonly string[]).includes(scope)) throw new ApiError("InvalidParameter", (m) => m.paramOneOf("scope", A2A_AGENT_SCOPES));
    if (request.query !== undefined && [...request.query].length > A2A_AGENT_RULES.maxQueryLength) {
      throw new ApiError("InvalidParameter", (m) => m.paramTooLong("query", A2A_AGENT_RULES.maxQueryLength));
    }
    const offset = request.offset ?? 0;
    const limit = request.limit || LIMITS.defaultServerPageSize;
    if (offset < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("offset", 0));
    if (limit < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("limit", 1));
    if (limit > A2A_AGENT_RULES.maxPageSize) throw new ApiError("InvalidParameter", (m) => m.paramAtMost("limit", A2A_AGENT_RULES.maxPageSize));
    if (offset + limit > A2A_AGENT_RULES.maxPageWindow) {
      throw new ApiError("InvalidParameter", (m) =>
        m.paramInvalid("offset", `offset + limit (${offset} + ${limit}) must not exceed ${A2A_AGENT_RULES.maxPageWindow}`),
      );
    }
    const teamIds = request.team_ids !== undefined && request.team_ids !== null && request.team_ids.length > 0 ? new Set(request.team_ids) : undefined;
    const query = request.query?.toLowerCase() ?? "";
    const matches = [...context.world.a2aAgents.values()].filter((agent) => {
      if (agent.account_id !== context.caller.accountId) return false;
      const accountWide = agent.team_id === 0;
      if (accountWide ? scope === "team" || (scope === "all" && !includeAccount) : scope === "account") return false;
      if (!accountWide && teamIds !== undefined && !teamIds.has(agent.team_id)) return false;
      return query === "" || [agent.agent_name, agent.agent_id, agent.card_url, agent.instructions].some((text) => text.toLowerCase().includes(query));
    });
    matches.sort((a, b) => b.created_at - a.created_at || (a.agent_id < b.agent_id ? -1 : a.agent_id > b.agent_id ? 1 : 0));
    return { total: matches.length, items: matches.slice(offset, offset + limit).map((a) => toWireA2aAgent(a, canEditAgent(context, a))) };
  },
};
