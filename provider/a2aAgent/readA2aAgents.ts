/**
 * The read under `getA2aAgents`, apart from the program's configuration: the data source passes
 * the program's client, the provider plugin's `Invoke` its own (configured by the engine). This
 * module loads nothing of `@pulumi/pulumi`'s entry point, so the plugin's single-file build does
 * not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { A2aAgent, FlashdutyClient, A2aAgentScope } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { A2A_AGENT_RULES } from "../../wire/protocol";

/** Filters of {@link getA2aAgents}. All optional. */
export interface GetA2aAgentsArgs {
  /** `all` (default: team agents, plus the account-wide ones unless `includeAccount` is false), `account` (account-wide only) or `team` (team agents only). */
  scope?: A2aAgentScope;
  /** Case-insensitive text filter; at most 128 characters. */
  query?: string;
  /** Only team agents of these teams (integers). */
  teamIds?: number[];
  /** Whether account-wide agents are included under scope `all` (default true). */
  includeAccount?: boolean;
  /** Agents per request, 1..100, default 100. Only changes how many requests are made. */
  pageSize?: number;
}

/** Result of {@link getA2aAgents}. */
export interface GetA2aAgentsResult {
  /** Number of agents returned (every agent matching the filters). */
  total: number;
  /**
   * The agents, sorted by `agentName` case-insensitively (Unicode lower case, then code-point
   * order), then by `agentId`, so unchanged platform state gives identical outputs. Optional
   * fields the platform leaves out are absent. Secret values inside `authConfig` arrive masked
   * by the platform (`******`).
   */
  agents: A2aAgent[];
}

/**
 * Reads every A2A agent that matches `args` (operation `POST /safari/a2a-agent/list`, every
 * offset page), ordered by `agentName` then `agentId`. `client` is called once the filters are
 * checked, so bad input fails before a missing app key or any call.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyPagingError when more than 10000 agents match, or the list kept changing
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @internal
 */
export async function readAgents(args: GetA2aAgentsArgs, client: () => FlashdutyClient): Promise<GetA2aAgentsResult> {
  const pageSize = checkInteger("getA2aAgents", "pageSize", args.pageSize, 1, A2A_AGENT_RULES.maxPageSize) ?? A2A_AGENT_RULES.maxPageSize;
  const agents = await client().a2aAgents.listAllAsArray({
    scope: args.scope,
    query: args.query,
    teamIds: args.teamIds,
    includeAccount: args.includeAccount,
    limit: pageSize,
  });
  agents.sort(compareAgents);
  return { total: agents.length, agents };
}

/** The result's order: `agentName` case-insensitively, then `agentId` (code-point order, independent of the machine's locale). */
function compareAgents(a: A2aAgent, b: A2aAgent): number {
  const x = a.agentName.toLowerCase();
  const y = b.agentName.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0;
}
