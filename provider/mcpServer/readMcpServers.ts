/**
 * The read under `getMcpServers`, apart from the program's configuration: the data source passes
 * the program's client, the provider plugin's `Invoke` its own (configured by the engine). This
 * module loads nothing of `@pulumi/pulumi`'s entry point, so the plugin's single-file build does
 * not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, McpServer, McpServerScope } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { LIMITS } from "../../wire/protocol";

/** Filters of {@link getMcpServers}. All optional. */
export interface GetMcpServersArgs {
  /**
   * `all` (default: team servers, plus the account-wide ones unless `includeAccount` is false),
   * `account` (account-wide servers only, `teamId` 0) or `team` (team servers only).
   */
  scope?: McpServerScope;
  /**
   * Case-insensitive substring of the name, description, AI description, id, transport, URL,
   * command or source template name; at most 128 characters.
   */
  query?: string;
  /** Only team servers of these teams (integers). Narrows the result, never widens access; account-wide servers follow `includeAccount`. */
  teamIds?: number[];
  /** Whether account-wide servers are included under scope `all` (default true); with no `scope`, `false` behaves as `scope: "team"`. */
  includeAccount?: boolean;
  /** Servers per request, 1..100, default 100. Only changes how many requests are made. */
  pageSize?: number;
}

/** Result of {@link getMcpServers}. */
export interface GetMcpServersResult {
  /** Number of servers returned (every server matching the filters and visible to the key). */
  total: number;
  /**
   * The servers, sorted by `serverName` case-insensitively (Unicode lower case, then code-point
   * order), then by `serverId`, so unchanged platform state gives identical outputs. Optional
   * fields the platform leaves out are absent (no key), never `undefined`, which Pulumi cannot
   * serialize. Secret values inside `env` and `headers` arrive masked by the platform (`******`);
   * the real values are never readable through the API.
   */
  servers: McpServer[];
}

/**
 * Reads every MCP server that matches `args` (operation `POST /mcp/server/list`, every page),
 * ordered by `serverName` then `serverId`. `client` is called once the filters are checked, so
 * bad input fails before a missing app key or any call.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyPagingError when more than 10000 servers match, or the list kept changing
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @internal
 */
export async function readServers(args: GetMcpServersArgs, client: () => FlashdutyClient): Promise<GetMcpServersResult> {
  // The data source's name for the client's `limit`, checked under the name the user wrote.
  const pageSize = checkInteger("getMcpServers", "pageSize", args.pageSize, 1, LIMITS.maxPageSize) ?? LIMITS.maxPageSize;
  const servers = await client().mcpServers.listAllAsArray({
    scope: args.scope,
    query: args.query,
    teamIds: args.teamIds,
    includeAccount: args.includeAccount,
    limit: pageSize,
  });
  servers.sort(compareServers);
  return { total: servers.length, servers };
}

/** The result's order: `serverName` case-insensitively, then `serverId` (code-point order, independent of the machine's locale). */
function compareServers(a: McpServer, b: McpServer): number {
  const x = a.serverName.toLowerCase();
  const y = b.serverName.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.serverId < b.serverId ? -1 : a.serverId > b.serverId ? 1 : 0;
}
