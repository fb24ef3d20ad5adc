import type * as pulumi from "@pulumi/pulumi";
import type { A2aAgentScope } from "../../sdk";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { dataSourceOutput } from "./dataSourceOutput";
import { readAgents, type GetA2aAgentsArgs, type GetA2aAgentsResult } from "../a2aAgent/readA2aAgents";

// Declared with the read, which the provider plugin shares; exported here with the data source.
export type { GetA2aAgentsArgs, GetA2aAgentsResult };

/** Same as {@link GetA2aAgentsArgs}, accepting Pulumi inputs at every level (as generated SDKs do). */
export interface GetA2aAgentsOutputArgs {
  /** See {@link GetA2aAgentsArgs.scope}. */
  scope?: pulumi.Input<A2aAgentScope>;
  /** See {@link GetA2aAgentsArgs.query}. */
  query?: pulumi.Input<string>;
  /** See {@link GetA2aAgentsArgs.teamIds}; the list and each id may be an input. */
  teamIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** See {@link GetA2aAgentsArgs.includeAccount}. */
  includeAccount?: pulumi.Input<boolean>;
  /** See {@link GetA2aAgentsArgs.pageSize}. */
  pageSize?: pulumi.Input<number>;
}

/**
 * Data source: every A2A agent of the configured app key's account that matches the filters,
 * walking all offset pages of `POST /safari/a2a-agent/list` (pages fetched concurrently within
 * the client's shared rate limit, no agent counted twice, a walk whose `total` changed read
 * again).
 *
 * Runs in the program process during preview and update; reads `flashduty:appKey` /
 * `FLASHDUTY_APP_KEY` and `flashduty:baseUrl` / `FLASHDUTY_BASE_URL`. `opts`: only `parent` is
 * used, to attribute the data source's diagnostics.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyPagingError when more than 10000 agents match, or the list kept changing
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @throws FlashdutyConfigError when no app key is configured
 */
export async function getA2aAgents(args: GetA2aAgentsArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetA2aAgentsResult> {
  return withDiagnosticsParent(opts?.parent, () => readAgents(args, programClient), "getA2aAgents");
}

/**
 * {@link getA2aAgents} for Pulumi inputs: waits for the arguments (inputs at any depth) and for
 * the resources of `opts.dependsOn`, then reads; `opts.parent` as in `getA2aAgents`. Same errors,
 * surfaced when the output resolves.
 */
export function getA2aAgentsOutput(args: GetA2aAgentsOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetA2aAgentsResult> {
  return dataSourceOutput(args, opts, getA2aAgents);
}
