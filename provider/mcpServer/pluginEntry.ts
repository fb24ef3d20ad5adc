/**
 * The provider plugin's entry for `McpServer` (see `../engine/pluginEntry.ts`).
 *
 * @packageDocumentation
 */
import { pluginResource } from "../engine/pluginEntry";
import { MCP_SERVER } from "./declaration";
import * as implementation from "./provider";
import { SECRET_FIELDS } from "./fields";
import { sealValues, unsealedFields } from "./state";

export const MCP_SERVER_PLUGIN = pluginResource({
  declaration: MCP_SERVER,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(implementation.changedFields(olds, news));
    for (const name of result.replaces ?? []) names.add(name);
    // State holding secret values themselves (written by 0.2 or earlier): the update rewrites them as digests.
    for (const name of unsealedFields(olds)) names.add(name);
    return [...names];
  },
  previewState(inputs, olds) {
    const planned: Record<string, unknown> = { ...olds, ...inputs };
    for (const key of SECRET_FIELDS) {
      const values = inputs[key];
      if (typeof values === "object" && values !== null && !Array.isArray(values)) {
        planned[key] = sealValues(values as Record<string, string>, olds?.[key]);
      }
    }
    return planned;
  },
});
