/**
 * The entry the provider plugin and the Terraform provider serve for `AutomationRule` (see `../engine/nounEntry.ts`).
 *
 * @packageDocumentation
 */
import { nounEntry } from "../engine/nounEntry";
import { AUTOMATION_RULE } from "./declaration";
import * as implementation from "./provider";

export const AUTOMATION_RULE_ENTRY = nounEntry({
  declaration: AUTOMATION_RULE,
  implementation,
  changedProperties(olds, news, result) {
    const names = new Set<string>(implementation.changedFields(olds, news));
    if ((news.httpPostTokenRotation ?? "") !== (olds.httpPostTokenRotation ?? "")) names.add("httpPostTokenRotation");
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
});
