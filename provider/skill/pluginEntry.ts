/**
 * The provider plugin's entry for `Skill` (see `../engine/pluginEntry.ts`). A changed archive is
 * named as the `source` input (its hash, `sourceHash`, is what the diff compares).
 *
 * @packageDocumentation
 */
import { pluginResource } from "../engine/pluginEntry";
import { SKILL } from "./declaration";
import * as implementation from "./provider";

export const SKILL_PLUGIN = pluginResource({
  declaration: SKILL,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(implementation.changedFields(olds, news).map((name) => (name === "sourceHash" ? "source" : name)));
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
});
