/**
 * The read under `getAutomationRules`, apart from the program's configuration: the data source
 * passes the program's client, the provider plugin's `Invoke` its own (configured by the
 * engine). This module loads nothing of `@pulumi/pulumi`'s entry point, so the plugin's
 * single-file build does not carry the Pulumi SDK's program runtime.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, RuleScope, AutomationRule } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { LIMITS } from "../../wire/protocol";

/** Filters of {@link getAutomationRules}. All optional. */
export interface GetAutomationRulesArgs {
  /** `all` (default: own personal rules plus rules of teams the key can access), `personal` or `team`. */
  scope?: RuleScope;
  /** Only rules of these teams (integers). Narrows the result, never widens access. */
  teamIds?: number[];
  /** Compatibility flag: with no `scope`, `false` behaves as `scope: "team"`. */
  includePerson?: boolean;
  /** true: only enabled rules; false: only disabled ones; absent: both. */
  enabled?: boolean;
  /** Case-insensitive match on the rule name, at most 64 characters. */
  keyword?: string;
  /** Rules per request, 1..100, default 100. Only changes how many requests are made. */
  pageSize?: number;
}

/** Result of {@link getAutomationRules}. */
export interface GetAutomationRulesResult {
  /** Number of rules returned (every rule matching the filters and visible to the key). */
  total: number;
  /**
   * The rules, sorted by `ruleId`, so unchanged platform state gives identical outputs. A rule
   * without an HTTP POST, schedule or on-call trigger has no key for that trigger's fields
   * (`httpPostTriggerId`, `httpPostTriggerUrl`, `scheduleTriggerId`, `oncallIncidentTriggerId`,
   * `oncallIncidentChannelIds`, `oncallIncidentSeverities`): never an `undefined` value, which
   * Pulumi cannot serialize. `timezone` is `""` (UTC) on older rules that lack it.
   */
  rules: AutomationRule[];
}

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
