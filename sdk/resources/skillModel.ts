/**
 * Skills: the camelCase model, the parameters of each operation, their checks and the mapping to
 * and from the wire (the one place the SDK spells the skill's wire fields). The operations are in
 * `skills.ts`.
 */
import { FlashdutyValidationError } from "../errors";
import { checkBoolean, checkEnum, checkId, checkInteger, checkIntegerArray, checkLimit, checkParams, checkString } from "../validation";
import { SKILL_RULES, SKILL_SCOPES, type SkillScope, type SkillStatus } from "../../wire/protocol";
import { skillDescriptionProblem } from "../../wire/skillArchive";
import type { Equal } from "../../wire/typeAssert";
import type { WireSkill, WireSkillListData, WireSkillListRequest, WireSkillUpdateRequest } from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

export type { SkillScope, SkillStatus };

/**
 * A skill, as `POST /safari/skill/get`, `/list` (without `content`), `/update` and `/upload`
 * return it (docs/platform-api.md "Skill object"). Optional fields are left out (the key is
 * absent) when the platform omits them or sends `null`.
 */
export interface Skill {
  /** Skill id, `skill_...`. */
  skillId: string;
  /** Owning account. */
  accountId: number;
  /** Owning team; 0 = account-wide. */
  teamId: number;
  /** The frontmatter `name` of its SKILL.md; unique in its scope. */
  skillName: string;
  /** Description (from the frontmatter unless changed by an update). */
  description: string;
  /** English description, when set. */
  descriptionEn?: string;
  /** `enabled` or `disabled`. */
  status: SkillStatus;
  /** Frontmatter `version`. */
  version?: string;
  /** Frontmatter `author`. */
  author?: string;
  /** Frontmatter `license`. */
  license?: string;
  /** Frontmatter `tags`. */
  tags?: string[];
  /** Tools the skill uses: builtin names or `mcp:<server>/<tool>`. */
  tools?: string[];
  /** The whole SKILL.md (get, update, upload; never in list rows). */
  content?: string;
  /** SHA-256 (hex) of the archive as stored. */
  checksum?: string;
  /** Where the platform stores the archive. */
  s3Key?: string;
  /** The template the skill was installed from. */
  sourceTemplateName?: string;
  /** The template's version. */
  sourceTemplateVersion?: string;
  /** Whether the template has a newer version. */
  updateAvailable: boolean;
  /** True once the skill was changed in the console after it was installed or uploaded. */
  isModified: boolean;
  /** Whether the caller may change it. */
  canEdit: boolean;
  /** Set for skills installed from a session. */
  created?: boolean;
  /** Member id of the creator. */
  createdBy: number;
  /** Creation time, epoch ms. */
  createdAt: number;
  /** Last change, epoch ms. */
  updatedAt: number;
  /** Where it runs, e.g. `byoc`; absent = everywhere. Read-only. */
  venues?: string[];
}

/** `{ skillId }`: the argument of `skills.get`, `.enable`, `.disable` and `.delete`. */
export interface SkillIdParams {
  /** Id of the skill, `skill_...`; must be non-empty. */
  skillId: string;
}

/** Filters of `skills.list`. All optional; absent fields are not sent. */
export interface ListSkillsParams {
  /** Page number, 1-based (wire `p`); server default 1. `page * limit` may not exceed 10000. */
  page?: number;
  /** Page size 1..100; server default 20. */
  limit?: number;
  /** `all` (server default), `account` or `team`. */
  scope?: SkillScope;
  /** At most 128 characters: a case-insensitive substring of the name, the descriptions or the id. */
  query?: string;
  /** Only team skills of these teams (wire `team_ids`); narrows, never widens. */
  teamIds?: number[];
  /** With `scope` `all`: whether account-wide skills are included; absent or `null` = server default, true. */
  includeAccount?: boolean | null;
}

/** One page of `skills.list`. */
export interface SkillList {
  /** Number of matching skills (do not page on it alone). */
  total: number;
  /** The skills of this page (no `content`). */
  skills: Skill[];
}

/**
 * What `skills.update` changes. `description`: absent or `""` leaves it (it cannot be cleared);
 * `descriptionEn`: absent or `null` leaves it, `""` clears it; `teamId`: absent or `null` leaves
 * it, a number moves the skill (0 = account-wide). Descriptions: at most 1,024 characters, no `<`
 * or `>`.
 */
export interface UpdateSkillParams {
  skillId: string;
  description?: string;
  descriptionEn?: string | null;
  teamId?: number | null;
}

/**
 * What `skills.upload` sends: the archive (a zip, `.skill`, or tar.gz, at most 100 MB, with a
 * `SKILL.md` at its root) and where it goes.
 */
export interface UploadSkillParams {
  /** The archive's bytes. */
  archive: Uint8Array;
  /** The file name sent with it; default `skill.zip`. */
  fileName?: string;
  /** Team of a new skill; 0 or absent = account-wide. Ignored with `skillId`. */
  teamId?: number;
  /** Replace the skill of the archive's name in the scope (or create it); needed with `skillId`. */
  replace?: boolean;
  /** The skill to overwrite (needs `replace: true`): its id, team and status stay. */
  skillId?: string;
}

/** @internal Optional fields the platform left out are left out here too. */
export function skillFromWire(w: WireSkill): Skill {
  return withoutUndefined({
    skillId: w.skill_id,
    accountId: w.account_id,
    teamId: w.team_id,
    skillName: w.skill_name,
    description: w.description,
    descriptionEn: w.description_en,
    status: w.status,
    version: w.version,
    author: w.author,
    license: w.license,
    tags: w.tags === undefined ? undefined : [...w.tags],
    tools: w.tools === undefined ? undefined : [...w.tools],
    content: w.content,
    checksum: w.checksum,
    s3Key: w.s3_key,
    sourceTemplateName: w.source_template_name,
    sourceTemplateVersion: w.source_template_version,
    updateAvailable: w.update_available,
    isModified: w.is_modified,
    canEdit: w.can_edit,
    created: w.created,
    createdBy: w.created_by,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    venues: w.venues === undefined ? undefined : [...w.venues],
  });
}

/** @internal */
export function skillListFromWire(w: WireSkillListData): SkillList {
  return { total: w.total, skills: w.skills.map(skillFromWire) };
}

/** @internal Body of get, enable, disable and delete. */
export function skillIdToWire(p: SkillIdParams): { skill_id: string } {
  return { skill_id: p.skillId };
}

/** @internal Body of list; fields the caller left out are not sent. */
export function listSkillsToWire(p: ListSkillsParams): WireSkillListRequest {
  return withoutUndefined({ p: p.page, limit: p.limit, scope: p.scope, query: p.query, team_ids: p.teamIds, include_account: p.includeAccount });
}

/** @internal Body of update; fields the caller left out are not sent. */
export function updateSkillToWire(p: UpdateSkillParams): WireSkillUpdateRequest {
  return withoutUndefined({ skill_id: p.skillId, description: p.description, description_en: p.descriptionEn, team_id: p.teamId });
}

/** @internal The checked filters of list (without the page). */
export function checkSkillListFilters(operation: string, p: Record<string, unknown>): Omit<ListSkillsParams, "page"> {
  return {
    limit: checkLimit(operation, p.limit),
    scope: checkEnum(operation, "scope", p.scope, SKILL_SCOPES),
    query: checkString(operation, "query", p.query, SKILL_RULES.maxQueryLength),
    teamIds: checkIntegerArray(operation, "teamIds", p.teamIds),
    includeAccount: checkBoolean(operation, "includeAccount", p.includeAccount, true),
  };
}

/** @internal `{ skillId }` checked. */
export function checkSkillId(operation: string, params: unknown): SkillIdParams {
  const p = checkParams(operation, params);
  return { skillId: checkId(operation, "skillId", p.skillId) };
}

/** @internal A description checked (length, no `<` or `>`), or FlashdutyValidationError naming `field`. */
export function checkSkillDescription(operation: string, field: string, value: unknown, nullable: boolean): string | null | undefined {
  if (value === null && nullable) return null;
  const text = checkString(operation, field, value);
  const problem = text === undefined ? undefined : skillDescriptionProblem(text);
  if (problem !== undefined) throw new FlashdutyValidationError({ operation, field, problem: `${field} ${problem}` });
  return text;
}

/** @internal The update's parameters checked. */
export function checkUpdateSkill(operation: string, params: unknown): UpdateSkillParams {
  const p = checkParams(operation, params);
  const checked: UpdateSkillParams = { skillId: checkId(operation, "skillId", p.skillId) };
  const description = checkSkillDescription(operation, "description", p.description, false);
  const descriptionEn = checkSkillDescription(operation, "descriptionEn", p.descriptionEn, true);
  const teamId = p.teamId === null ? null : checkInteger(operation, "teamId", p.teamId, 0);
  if (description !== undefined && description !== null) checked.description = description;
  if (descriptionEn !== undefined) checked.descriptionEn = descriptionEn;
  if (teamId !== undefined) checked.teamId = teamId;
  return checked;
}

// Compile-time parity with the wire: the model has exactly the wire object's fields.
true satisfies Equal<Skill, Camelized<WireSkill>>;
