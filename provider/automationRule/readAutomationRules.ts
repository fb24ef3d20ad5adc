/**
 * The read under `getAutomationRules`, apart from the program's configuration: the data source
 * passes the program's client, the provider plugin's `Invoke` its own (configured by the
 * engine). This module loads nothing of `@pulumi/pulumi`'s entry point, so the plugin's
 * single-file build does not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { LIMITS } from "../../wire/protocol";
import type { GetAutomationRulesArgs, GetAutomationRulesResult } from "./getAutomationRules";

/**
 * Reads every rule that matches `args` (operation `POST /automation/rule/list`, every page),
 * ordered by `ruleId`. `client` is called once the filters are checked, so bad input fails
 * before a missing app key or any call.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @internal
 */
export async function readRules(args: GetAutomationRulesArgs, client: () => FlashdutyClient): Promise<GetAutomationRulesResult> {
  // The data source's name for the client's `limit`, checked under the name the user wrote.
  const pageSize = checkInteger("getAutomationRules", "pageSize", args.pageSize, 1, LIMITS.maxPageSize) ?? LIMITS.maxPageSize;
  const rules = await client().automationRules.listAllAsArray({
    scope: args.scope,
    teamIds: args.teamIds,
    includePerson: args.includePerson,
    enabled: args.enabled,
    keyword: args.keyword,
    limit: pageSize,
  });
  rules.sort((a, b) => (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  return { total: rules.length, rules };
}
