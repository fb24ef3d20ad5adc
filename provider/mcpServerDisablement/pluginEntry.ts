/**
 * The provider plugin's entry for `McpServerDisablement` (see `../engine/pluginEntry.ts`).
 *
 * @packageDocumentation
 */
import { pluginResource } from "../engine/pluginEntry";
import { MCP_SERVER_DISABLEMENT } from "./declaration";
import * as implementation from "./provider";

export const MCP_SERVER_DISABLEMENT_PLUGIN = pluginResource({
  declaration: MCP_SERVER_DISABLEMENT,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set(result.replaces ?? []);
    if ((news.restoreOnDelete ?? true) !== (olds.restoreOnDelete ?? true)) names.add("restoreOnDelete");
    if (olds.status === "enabled") names.add("status");
    if (news.resourceName !== undefined && news.resourceName !== olds.resourceName) names.add("resourceName");
    return [...names];
  },
  outputOnly: ["status"],
  // The dynamic resource class passes its own name (a delete tells its own replacement from
  // another resource keeping the server by it); the plugin knows it from the URN.
  prepareInputs: (news, resourceName) => ({ ...news, resourceName }),
  // Its read answers no inputs: an import's are the declared ones, read from the outputs.
  importInputs: (outputs) => ({
    serverId: outputs.serverId,
    ...(outputs.restoreOnDelete !== undefined ? { restoreOnDelete: outputs.restoreOnDelete } : {}),
  }),
});
