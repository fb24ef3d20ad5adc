import type * as pulumi from "@pulumi/pulumi";
import type { AutomationRule, RuleScope } from "../../sdk";
import { dataSourceOutput } from "../engine/dataSourceOutput";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { readRules } from "./readAutomationRules";

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

/** Same as {@link GetAutomationRulesArgs}, accepting Pulumi inputs at every level (as generated SDKs do). */
export interface GetAutomationRulesOutputArgs {
  /** See {@link GetAutomationRulesArgs.scope}. */
  scope?: pulumi.Input<RuleScope>;
  /** See {@link GetAutomationRulesArgs.teamIds}; the list and each id may be an input. */
  teamIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** See {@link GetAutomationRulesArgs.includePerson}. */
  includePerson?: pulumi.Input<boolean>;
  /** See {@link GetAutomationRulesArgs.enabled}. */
  enabled?: pulumi.Input<boolean>;
  /** See {@link GetAutomationRulesArgs.keyword}. */
  keyword?: pulumi.Input<string>;
  /** See {@link GetAutomationRulesArgs.pageSize}. */
  pageSize?: pulumi.Input<number>;
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
 * Data source: every automation rule visible to the configured app key that matches the
 * filters, walking all pages of `POST /safari/automation/rule/list` (the client fetches pages
 * concurrently within the rate limit and never counts a rule twice).
 *
 * Runs in the program process during preview and update; reads `flashduty:appKey` /
 * `FLASHDUTY_APP_KEY` and `flashduty:baseUrl` / `FLASHDUTY_BASE_URL`.
 *
 * `opts`: only `parent` is used, to attribute the data source's diagnostics (retry lines) to that
 * resource. `provider`, `version` and `pluginDownloadURL` select a provider plugin, and this data
 * source has none (it is not an invoke), so they are ignored.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @throws FlashdutyConfigError when no app key is configured
 */
export async function getAutomationRules(args: GetAutomationRulesArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetAutomationRulesResult> {
  return withDiagnosticsParent(opts?.parent, () => readRules(args, programClient), "getAutomationRules");
}

/**
 * {@link getAutomationRules} for Pulumi inputs: waits for the arguments (inputs at any depth) and
 * for the resources of `opts.dependsOn`, then reads; `opts.parent` as in `getAutomationRules`.
 * Same errors, surfaced when the output resolves. In a preview, a `dependsOn` resource that is
 * still to be created leaves the result unknown.
 */
export function getAutomationRulesOutput(args: GetAutomationRulesOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAutomationRulesResult> {
  return dataSourceOutput(args, opts, getAutomationRules);
}
