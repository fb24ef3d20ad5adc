import type * as pulumi from "@pulumi/pulumi";
import type { RuleScope } from "../../sdk";
import { dataSourceOutput } from "./dataSourceOutput";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { readRules, type GetAutomationRulesArgs, type GetAutomationRulesResult } from "../automationRule/readAutomationRules";

// Declared with the read, which the provider plugin shares; exported here with the data source.
export type { GetAutomationRulesArgs, GetAutomationRulesResult };

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
