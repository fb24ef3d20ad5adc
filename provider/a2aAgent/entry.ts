/**
 * The entry the provider plugin and the Terraform provider serve for `A2aAgent` (see `../engine/nounEntry.ts`).
 *
 * @packageDocumentation
 */
import { nounEntry } from "../engine/nounEntry";
import { sealedPreviewState } from "../engine/secretMap";
import { A2A_AGENT } from "./declaration";
import { SECRET_FIELDS } from "./fields";
import * as implementation from "./provider";

export const A2A_AGENT_ENTRY = nounEntry({
  declaration: A2A_AGENT,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(implementation.changedFields(olds, news));
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
  // The planned state at preview holds `authConfig` as digests, as the real outputs do.
  previewState(inputs, olds) {
    return sealedPreviewState(inputs, olds, SECRET_FIELDS);
  },
});
