/**
 * Skill operations with a JSON body: `/safari/skill/list`, `/get`, `/update`, `/enable`,
 * `/disable` and `/delete` (docs/platform-api.md "Skills"). Upload is `routes/skillUpload.ts`.
 * Writes need `ai-sre` and edit rights on the skill's team, as MCP server writes do; every write
 * that gets past its body is written to the audit log with its outcome.
 */
import { PATHS, SKILL_RULES, SKILL_SCOPES } from "../../wire/protocol";
import { wireSkillIdRequestSchema, wireSkillListRequestSchema, wireSkillUpdateRequestSchema, type WireSkillListData } from "../../wire/wire";
import { skillDescriptionProblem } from "../../wire/skillArchive";
import type { WireSkill } from "../../wire/wireTypes";
import { canEditServer, isAccountAdmin, requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { pageOf } from "../paging";
import { SEED_TEAMS } from "../seed";
import { toWireSkill } from "../state/skills";
import type { AuditEntry, SKILL_AUDIT_OPERATIONS, StoredSkill } from "../types";

type SkillOperation = (typeof SKILL_AUDIT_OPERATIONS)[number];

/** Whether `user` may write `skill`: the rules of MCP servers (`ai-sre`; account-wide: owners and admins; a team's: its members too). */
export function canEditSkill(user: OperationContext["caller"], skill: Pick<StoredSkill, "account_id" | "team_id">): boolean {
  return canEditServer(user, skill);
}

/**
 * Runs `body` and writes its outcome to the audit log (success or the error code); `body` may
 * set the entry's `skillId` (an upload that made a new skill).
 * @internal
 */
export function auditedSkill<T>(context: OperationContext, operation: SkillOperation, skillId: string, body: (entry: AuditEntry) => T): T {
  const { caller, world, requestId, now } = context;
  const entry: AuditEntry = { time: now, accountId: caller.accountId, actorMemberId: caller.memberId, operation, skillId, requestId, outcome: "success" };
  try {
    const result = body(entry);
    world.store.appendAudit(entry);
    return result;
  } catch (error) {
    world.store.appendAudit({ ...entry, outcome: error instanceof ApiError ? error.code : "InternalError" });
    throw error;
  }
}

/**
 * 400 `ResourceNotFound` for a team of no account of the caller's, 400 `InvalidParameter` for a
 * negative one, 403 unless the caller may write skills of `teamId` (0 = account-wide).
 * @internal
 */
export function requireSkillScope(context: OperationContext, teamId: number): void {
  const { caller } = context;
  if (!Number.isInteger(teamId) || teamId < 0)
    throw new ApiError("InvalidParameter", (m) => m.paramInvalid("team_id", "must be 0 (account-wide) or a team id"));
  if (teamId > 0 && !SEED_TEAMS.some((t) => t.teamId === teamId && t.accountId === caller.accountId)) {
    throw new ApiError("ResourceNotFound", (m) => m.paramInvalid("team_id", `team ${teamId} not found`));
  }
  if (!canEditSkill(caller, { account_id: caller.accountId, team_id: teamId })) {
    throw new ApiError("AccessDenied", (m) =>
      m.paramInvalid(
        "team_id",
        teamId === 0 ? "permission denied: only account admins may manage account-wide skills" : `permission denied: not a member of team ${teamId}`,
      ),
    );
  }
}

function readSkillId(context: OperationContext): string {
  const { skill_id } = parseBody(wireSkillIdRequestSchema, context.body);
  if (skill_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("skill_id"));
  return skill_id;
}

/** The caller's live skill; deleted, unknown or another account's: 400 `ResourceNotFound`. */
function findSkill(context: OperationContext, skillId: string): StoredSkill {
  const skill = context.world.skills.live(skillId, context.caller.accountId);
  if (skill === undefined) throw new ApiError("ResourceNotFound", (m) => m.skillNotFound(skillId));
  return skill;
}

/** Get one skill, with its SKILL.md `content`. Anyone of the account may read. */
export const getSkill: Operation = {
  name: "skill.get",
  path: PATHS.skillGet,
  handle(context): WireSkill {
    const skill = findSkill(context, readSkillId(context));
    return toWireSkill(skill, canEditSkill(context.caller, skill), true);
  },
};

/**
 * List the caller's account's skills (rows without `content`). `scope` `all` (default: team skills
 * plus, unless `include_account` is false, account-wide ones), `account` or `team`; `team_ids`
 * narrows the team skills (for a member who is not an admin, to their own teams); `query` (at most
 * 128 characters) a case-insensitive substring of name, descriptions or id. `limit` at most 100.
 * Order: newest `created_at` first, then `skill_id`.
 */
export const listSkills: Operation = {
  name: "skill.list",
  path: PATHS.skillList,
  handle(context): WireSkillListData {
    const request = parseBody(wireSkillListRequestSchema, context.body);
    const scope = request.scope === undefined || request.scope === "" ? "all" : request.scope;
    if (!(SKILL_SCOPES as readonly string[]).includes(scope)) throw new ApiError("InvalidParameter", (m) => m.paramOneOf("scope", SKILL_SCOPES));
    const includeAccount = scope === "all" ? (request.include_account ?? true) : scope === "account";
    if (request.query !== undefined && [...request.query].length > SKILL_RULES.maxQueryLength) {
      throw new ApiError("InvalidParameter", (m) => m.paramTooLong("query", SKILL_RULES.maxQueryLength));
    }
    if (request.p !== undefined && request.p < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("p", 1));
    if (request.limit !== undefined && request.limit < 0) throw new ApiError("InvalidParameter", (m) => m.paramAtLeast("limit", 1));
    if (request.limit !== undefined && request.limit > SKILL_RULES.maxPageSize)
      throw new ApiError("InvalidParameter", (m) => m.paramAtMost("limit", SKILL_RULES.maxPageSize));
    const page = { p: request.p || 1, limit: request.limit || 20 };
    const { caller } = context;
    let teamIds = request.team_ids !== undefined && request.team_ids.length > 0 ? new Set(request.team_ids) : undefined;
    // A member who is not an admin has team_ids narrowed to their own teams, silently.
    if (teamIds !== undefined && !isAccountAdmin(caller)) teamIds = new Set([...teamIds].filter((t) => caller.teamIds.includes(t)));
    const query = request.query?.toLowerCase() ?? "";
    const matches = context.world.skills.all(caller.accountId).filter((skill) => {
      const accountWide = skill.team_id === 0;
      if (accountWide ? !includeAccount : scope === "account") return false;
      if (!accountWide && teamIds !== undefined && !teamIds.has(skill.team_id)) return false;
      if (query === "") return true;
      return [skill.skill_name, skill.description, skill.description_en ?? "", skill.skill_id].some((text) => text.toLowerCase().includes(query));
    });
    matches.sort((a, b) => b.created_at - a.created_at || (a.skill_id < b.skill_id ? -1 : a.skill_id > b.skill_id ? 1 : 0));
    return { total: matches.length, skills: pageOf(matches, page).map((s) => toWireSkill(s, canEditSkill(caller, s), false)) };
  },
};

/**
 * Update the descriptions and the team. `description` `""` or omitted: unchanged;
 * `description_en` `null` or omitted: unchanged, `""` clears it; `team_id` moves the skill (rights
 * on both teams; the name must be free in the target team: 400 `ReferenceExist`).
 */
export const updateSkill: Operation = {
  name: "skill.update",
  path: PATHS.skillUpdate,
  handle(context): WireSkill {
    const request = parseBody(wireSkillUpdateRequestSchema, context.body);
    if (request.skill_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("skill_id"));
    return auditedSkill(context, "skill.update", request.skill_id, () => {
      requireAiSre(context.caller);
      const skill = findSkill(context, request.skill_id);
      if (!canEditSkill(context.caller, skill)) throw new ApiError("AccessDenied", (m) => m.skillNotEditable(skill.skill_id));
      for (const field of ["description", "description_en"] as const) {
        const value = request[field];
        const problem = value === undefined || value === null ? undefined : skillDescriptionProblem(value);
        if (problem !== undefined) throw new ApiError("InvalidParameter", (m) => m.paramInvalid(field, problem));
      }
      const next: StoredSkill = { ...skill, updated_at: context.now };
      if (request.description !== undefined && request.description !== "") next.description = request.description;
      if (request.description_en === "") delete next.description_en;
      else if (request.description_en !== undefined && request.description_en !== null) next.description_en = request.description_en;
      if (request.team_id !== undefined && request.team_id !== null && request.team_id !== skill.team_id) {
        requireSkillScope(context, request.team_id);
        if (context.world.skills.byName(skill.account_id, request.team_id, skill.skill_name) !== undefined) {
          throw new ApiError("ReferenceExist", (m) => m.skillNameTaken(skill.skill_name, request.team_id!));
        }
        next.team_id = request.team_id;
      }
      context.world.skills.put(next);
      return toWireSkill(next, canEditSkill(context.caller, next), true);
    });
  },
};

/** Enable or disable: not idempotent (already in that state: 400 `InvalidParameter`). */
function toggle(operation: "enable" | "disable"): Operation {
  const target = operation === "enable" ? "enabled" : "disabled";
  return {
    name: operation === "enable" ? "skill.enable" : "skill.disable",
    path: operation === "enable" ? PATHS.skillEnable : PATHS.skillDisable,
    handle(context) {
      const skillId = readSkillId(context);
      return auditedSkill(context, operation === "enable" ? "skill.enable" : "skill.disable", skillId, () => {
        requireAiSre(context.caller);
        const skill = findSkill(context, skillId);
        if (!canEditSkill(context.caller, skill)) throw new ApiError("AccessDenied", (m) => m.skillNotEditable(skillId));
        if (skill.status === target) throw new ApiError("InvalidParameter", (m) => m.skillAlready(skillId, target));
        context.world.skills.put({ ...skill, status: target, updated_at: context.now });
        return null;
      });
    },
  };
}

export const enableSkill = toggle("enable");
export const disableSkill = toggle("disable");

/** Soft delete: the skill leaves every answer and frees its name; again: 400 `ResourceNotFound`. */
export const deleteSkill: Operation = {
  name: "skill.delete",
  path: PATHS.skillDelete,
  handle(context) {
    const skillId = readSkillId(context);
    return auditedSkill(context, "skill.delete", skillId, () => {
      requireAiSre(context.caller);
      const skill = findSkill(context, skillId);
      if (!canEditSkill(context.caller, skill)) throw new ApiError("AccessDenied", (m) => m.skillNotEditable(skillId));
      context.world.skills.softDelete(skillId, context.now);
      return null;
    });
  },
};
