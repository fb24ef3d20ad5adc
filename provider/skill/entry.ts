/**
 * The entry the provider plugin and the Terraform provider serve for `Skill` (see `../engine/nounEntry.ts`). A changed archive is
 * named as the `source` input (its hash, `sourceHash`, is what the diff compares).
 *
 * @packageDocumentation
 */
import { nounEntry } from "../engine/nounEntry";
import { SKILL } from "./declaration";
import * as implementation from "./provider";

export const SKILL_ENTRY = nounEntry({
  declaration: SKILL,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(implementation.changedFields(olds, news).map((name) => (name === "sourceHash" ? "source" : name)));
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
});
