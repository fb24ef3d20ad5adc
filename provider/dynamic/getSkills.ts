import type * as pulumi from "@pulumi/pulumi";
import type { SkillScope } from "../../sdk";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { dataSourceOutput } from "./dataSourceOutput";
import { readSkills, type GetSkillsArgs, type GetSkillsResult } from "../skill/readSkills";

// Declared with the read, which the provider plugin shares; exported here with the data source.
export type { GetSkillsArgs, GetSkillsResult };

/** Same as {@link GetSkillsArgs}, accepting Pulumi inputs at every level (as generated SDKs do). */
export interface GetSkillsOutputArgs {
  /** See {@link GetSkillsArgs.scope}. */
  scope?: pulumi.Input<SkillScope>;
  /** See {@link GetSkillsArgs.query}. */
  query?: pulumi.Input<string>;
  /** See {@link GetSkillsArgs.teamIds}; the list and each id may be an input. */
  teamIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** See {@link GetSkillsArgs.includeAccount}. */
  includeAccount?: pulumi.Input<boolean>;
  /** See {@link GetSkillsArgs.pageSize}. */
  pageSize?: pulumi.Input<number>;
}

/**
 * Data source: every skill visible to the configured app key that matches the filters, walking all
 * pages of `POST /safari/skill/list` on the shared rate limit (never a skill twice; a walk whose
 * `total` changed meanwhile is read again).
 *
 * Runs in the program process; reads `flashduty:appKey` / `FLASHDUTY_APP_KEY` and
 * `flashduty:baseUrl` / `FLASHDUTY_BASE_URL`. `opts`: only `parent` is used.
 *
 * @throws FlashdutyValidationError for bad filters (names the field and the limit), before any call
 * @throws FlashdutyPagingError when more than 10000 skills match, or the list kept changing
 * @throws FlashdutyApiError (with operation, code and request id) when the platform refuses
 * @throws FlashdutyConfigError when no app key is configured
 */
export async function getSkills(args: GetSkillsArgs = {}, opts?: pulumi.InvokeOptions): Promise<GetSkillsResult> {
  return withDiagnosticsParent(opts?.parent, () => readSkills(args, programClient), "getSkills");
}

/**
 * {@link getSkills} for Pulumi inputs: waits for the arguments and for the resources of
 * `opts.dependsOn`, then reads. Same errors, surfaced when the output resolves.
 */
export function getSkillsOutput(args: GetSkillsOutputArgs = {}, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetSkillsResult> {
  return dataSourceOutput(args, opts, getSkills);
}
