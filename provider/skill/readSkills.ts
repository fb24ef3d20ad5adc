/**
 * The read under `getSkills`, apart from the program's configuration: the data source passes the
 * program's client, the provider plugin's `Invoke` its own. Loads nothing of `@pulumi/pulumi`'s
 * entry point (the plugin's single-file build leaves it out).
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, Skill, SkillScope } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { SKILL_RULES } from "../../wire/protocol";

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
 * Reads every skill that matches `args` (`POST /safari/skill/list`, every page), ordered by
 * `skillName`, `teamId`, then `skillId`. `client` is called once the filters are checked.
 *
 * @throws FlashdutyValidationError for bad filters, before any call; the errors of `skills.listAll`
 * @internal
 */
export async function readSkills(args: GetSkillsArgs, client: () => FlashdutyClient): Promise<GetSkillsResult> {
  const pageSize = checkInteger("getSkills", "pageSize", args.pageSize, 1, SKILL_RULES.maxPageSize) ?? SKILL_RULES.maxPageSize;
  const skills = await client().skills.listAllAsArray({
    scope: args.scope,
    query: args.query,
    teamIds: args.teamIds,
    includeAccount: args.includeAccount,
    limit: pageSize,
  });
  skills.sort(compareSkills);
  return { total: skills.length, skills };
}

/** The result's order: `skillName`, `teamId`, then `skillId` (code-point order, independent of the locale). */
function compareSkills(a: Skill, b: Skill): number {
  if (a.skillName !== b.skillName) return a.skillName < b.skillName ? -1 : 1;
  if (a.teamId !== b.teamId) return a.teamId - b.teamId;
  return a.skillId < b.skillId ? -1 : a.skillId > b.skillId ? 1 : 0;
}
