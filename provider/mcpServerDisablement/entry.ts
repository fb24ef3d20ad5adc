/**
 * The entry the provider plugin and the Terraform provider serve for `McpServerDisablement` (see `../engine/nounEntry.ts`).
 *
 * @packageDocumentation
 */
import { nounEntry } from "../engine/nounEntry";
import { MCP_SERVER_DISABLEMENT } from "./declaration";
import * as implementation from "./provider";

export const MCP_SERVER_DISABLEMENT_ENTRY = nounEntry({
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
