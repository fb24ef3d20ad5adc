/**
 * What a create of a `Skill` does when its name is taken in its scope: the skill there may be the
 * one an interrupted create of this stack uploaded (the CLI killed after the upload reached the
 * platform, before the state recorded it; docs/interrupted-runs.md). Skill names are unique in
 * their scope, so there is at most one such skill: it is adopted when its archive is this
 * upload's (the same SHA-256 checksum) and it was made by the member the app key acts as
 * (`../engine/interruptedCreate.ts`). Any other skill of that name keeps the create failing,
 * naming it.
 *
 * @packageDocumentation
 */
import type { FlashdutyClient, Skill } from "../../sdk";
import { inspectSkillArchive } from "../../wire/skillArchive";
import { type CreatorCheck, fromInterruptedCreate, noteAdopted, warnAdopted } from "../engine/interruptedCreate";
import type { SkillSourceBytes } from "./source";

/**
 * The skill named as `read`'s archive (its frontmatter `name`) in scope `teamId` (0 =
 * account-wide), when this create may take it over: the same checksum as `read.sha256` (the
 * SHA-256 hex of the archive's bytes, as the platform computes `checksum`) and made by the member
 * the key acts as. When the platform does not tell which member that is (see `keyMember`), name,
 * scope and checksum decide alone: the same archive under the same name in the same scope is what
 * an interrupted upload of this stack leaves (another member's upload of byte-identical content
 * is adopted then too; the warning says the creator was not compared).
 *
 * Reads: `POST /safari/skill/list` (by name, see `skills.findByName`), at most one `POST
 * /safari/automation/rule/list` (the key's member), then `POST /safari/skill/get` of the skill
 * found. Read errors answer undefined (the caller's error stands). The skill adopted is noted, so
 * no delete of this process deletes it.
 *
 * @returns the skill as the platform holds it and how its creator was judged; undefined when no
 *   skill has that name there, or it differs (checksum or creator).
 */
export async function adoptableSkill(
  api: FlashdutyClient,
  read: SkillSourceBytes,
  teamId: number,
): Promise<{ skill: Skill; creator: CreatorCheck } | undefined> {
  try {
    const { name } = await inspectSkillArchive(read.bytes);
    const existing = await api.skills.findByName({ skillName: name, teamId });
    if (existing === undefined) return undefined;
    const creator = await fromInterruptedCreate(api, existing, existing.checksum === read.sha256 ? [] : ["checksum"]);
    if (creator === undefined) return undefined;
    const skill = await api.skills.get({ skillId: existing.skillId });
    if (skill.checksum !== read.sha256 || skill.teamId !== teamId) return undefined;
    noteAdopted(skill.skillId);
    return { skill, creator };
  } catch {
    return undefined;
  }
}

/** Warns that a create adopted `skill`, found under its name with this upload's checksum (see `warnAdopted`). */
export function warnSkillAdopted(skill: Skill, creator: CreatorCheck): void {
  warnAdopted({
    noun: "Skill",
    kind: "skill",
    id: skill.skillId,
    name: skill.skillName,
    teamId: skill.teamId,
    matched: `this archive (checksum ${skill.checksum ?? ""})`,
    creator,
  });
}
