/**
 * The entry the provider plugin and the Terraform provider serve for `McpServer` (see `../engine/nounEntry.ts`).
 *
 * @packageDocumentation
 */
import { nounEntry } from "../engine/nounEntry";
import { sealedPreviewState } from "../engine/secretMap";
import { MCP_SERVER } from "./declaration";
import * as implementation from "./provider";
import { SECRET_FIELDS } from "./fields";
import { DEFAULTS, unsealedFields } from "./state";

export const MCP_SERVER_ENTRY = nounEntry({
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
    // A create's plan shows the defaults it sends for the fields the program leaves out.
    return sealedPreviewState(olds === undefined ? { ...DEFAULTS, ...inputs } : inputs, olds, SECRET_FIELDS);
  },
});
