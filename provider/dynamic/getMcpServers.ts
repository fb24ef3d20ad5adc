import type * as pulumi from "@pulumi/pulumi";
import type { McpServerScope } from "../../sdk";
import { dataSourceOutput } from "./dataSourceOutput";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { readServers, type GetMcpServersArgs, type GetMcpServersResult } from "../mcpServer/readMcpServers";

// Declared with the read, which the provider plugin shares; exported here with the data source.
export type { GetMcpServersArgs, GetMcpServersResult };

/** Same as {@link GetMcpServersArgs}, accepting Pulumi inputs at every level (as generated SDKs do). */
export interface GetMcpServersOutputArgs {
  /** See {@link GetMcpServersArgs.scope}. */
  scope?: pulumi.Input<McpServerScope>;
  /** See {@link GetMcpServersArgs.query}. */
  query?: pulumi.Input<string>;
  /** See {@link GetMcpServersArgs.teamIds}; the list and each id may be an input. */
  teamIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** See {@link GetMcpServersArgs.includeAccount}. */
  includeAccount?: pulumi.Input<boolean>;
  /** See {@link GetMcpServersArgs.pageSize}. */
  pageSize?: pulumi.Input<number>;
}

/**
 * Data source: every MCP server (connector) visible to the configured app key that matches the
 * filters, walking all pages of `POST /safari/mcp/server/list` (the client fetches pages
 * concurrently within the rate limit and never counts a server twice; a walk whose `total`
 * changed meanwhile is read again).
 *
 * Runs in the program process during preview and update; reads `flashduty:appKey` /
 * `FLASHDUTY_APP_KEY` and `flashduty:baseUrl` / `FLASHDUTY_BASE_URL`.
 *
 * `opts`: only `parent` is used, to attribute the data source's diagnostics (retry lines) to that
 * resource. `provider`, `version` and `pluginDownloadURL` select a provider plugin, and this data
 * source has none (it is not an invoke), so they are ignored.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyPagingError when more than 10000 servers match, or the list kept changing
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @throws FlashdutyConfigError when no app key is configured
 */
export async function getMcpServers(args: GetMcpServersArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetMcpServersResult> {
  return withDiagnosticsParent(opts?.parent, () => readServers(args, programClient), "getMcpServers");
}

/**
 * {@link getMcpServers} for Pulumi inputs: waits for the arguments (inputs at any depth) and for
 * the resources of `opts.dependsOn`, then reads; `opts.parent` as in `getMcpServers`. Same
 * errors, surfaced when the output resolves. In a preview, a `dependsOn` resource that is still
 * to be created leaves the result unknown.
 */
export function getMcpServersOutput(args: GetMcpServersOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetMcpServersResult> {
  return dataSourceOutput(args, opts, getMcpServers);
}
