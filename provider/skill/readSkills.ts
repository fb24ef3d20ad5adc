/**
 * The read under `getSkills`, apart from the program's configuration: the data source passes the
 * program's client, the provider plugin's `Invoke` its own. Loads nothing of `@pulumi/pulumi`'s
 * entry point (the plugin's single-file build leaves it out).
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, Skill } from "../../sdk";
import { checkInteger } from "../../sdk/validation";
import { SKILL_RULES } from "../../wire/protocol";
import type { GetSkillsArgs, GetSkillsResult } from "./getSkills";

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
