/**
 * The provider plugin's entry for `AutomationRule` (see `../engine/pluginEntry.ts`).
 *
 * @packageDocumentation
 */
import { pluginResource } from "../engine/pluginEntry";
import { AUTOMATION_RULE } from "./declaration";
import * as implementation from "./provider";

export const AUTOMATION_RULE_PLUGIN = pluginResource({
  declaration: AUTOMATION_RULE,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(implementation.changedFields(olds, news));
    if ((news.httpPostTokenRotation ?? "") !== (olds.httpPostTokenRotation ?? "")) names.add("httpPostTokenRotation");
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
});
