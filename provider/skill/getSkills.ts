import type * as pulumi from "@pulumi/pulumi";
import type { Skill, SkillScope } from "../../sdk";
import { programClient, withDiagnosticsParent } from "../client/programConfig";
import { dataSourceOutput } from "../engine/dataSourceOutput";
import { readSkills } from "./readSkills";

/** Filters of {@link getSkills}: every filter of `POST /safari/skill/list`. All optional. */
export interface GetSkillsArgs {
  /** `all` (default: team skills, plus the account-wide ones unless `includeAccount` is false), `account` or `team`. */
  scope?: SkillScope;
  /** Case-insensitive substring of the name, the descriptions or the id; at most 128 characters. */
  query?: string;
  /** Only team skills of these teams (integers). Narrows the result, never widens access. */
  teamIds?: number[];
  /** Whether account-wide skills are included under scope `all` (default true). */
  includeAccount?: boolean;
  /** Skills per request, 1..100, default 100. Only changes how many requests are made. */
  pageSize?: number;
}

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

/** Result of {@link getSkills}. */
export interface GetSkillsResult {
  /** Number of skills returned (every skill matching the filters and visible to the key). */
  total: number;
  /**
   * The skills (without their SKILL.md), sorted by `skillName`, then `teamId`, then `skillId`
   * (code-point order), so unchanged platform state gives identical outputs. Optional fields the
   * platform leaves out are absent (no key).
   */
  skills: Skill[];
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
