/**
 * The emulator's skills: kept in memory only (not in the state file: a restart or `reset()`
 * brings back the seed), soft-deleted as the platform does (a deleted skill keeps its row and
 * archive, renamed to free its name, and never appears in an answer).
 */
import { createHash, randomBytes } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { SKILL_ID_PREFIX } from "../../wire/protocol";
import { parseSkillManifest, type SkillManifest } from "../../wire/skillArchive";
import type { WireSkill } from "../../wire/wireTypes";
import type { SkillChanges, StoredSkill } from "../types";

/** SHA-256 hex of an archive: a skill's `checksum`. */
export function archiveChecksum(archive: Uint8Array): string {
  return createHash("sha256").update(archive).digest("hex");
}

/** A new skill id, `skill_` and 16 hex digits. */
export function newSkillId(): string {
  return `${SKILL_ID_PREFIX}${randomBytes(8).toString("hex")}`;
}

/** A stored skill in the wire shape (a copy, no archive), for a caller who may (`canEdit`) or may not edit it; `withContent` false for list rows. */
export function toWireSkill(skill: StoredSkill, canEdit: boolean, withContent: boolean): WireSkill {
  const { archive: _archive, status, content, ...rest } = skill;
  if (status === "deleted") throw new Error(`skill ${skill.skill_id} is deleted`);
  const wire: WireSkill = { ...structuredClone(rest), status, can_edit: canEdit };
  if (withContent && content !== undefined) wire.content = content;
  return wire;
}

/** Fixed time of the seed (epoch ms), so seeded skills look the same on every start. */
const SEED_TIME = Date.UTC(2026, 0, 15, 8, 0, 0);

function seedArchive(skillMd: string): Uint8Array {
  return zipSync({ "SKILL.md": [strToU8(skillMd), { mtime: new Date(SEED_TIME) }] });
}

function seedSkill(skillId: string, accountId: number, teamId: number, name: string, description: string, tags: string[], createdAt = SEED_TIME): StoredSkill {
  const content = `---\nname: ${name}\ndescription: ${description}\nversion: 1.0.0\ntags: [${tags.join(", ")}]\n---\n\n# ${name}\n\nSteps.\n`;
  const archive = seedArchive(content);
  return {
    skill_id: skillId,
    account_id: accountId,
    team_id: teamId,
    skill_name: name,
    description,
    status: "enabled",
    version: "1.0.0",
    tags,
    tools: [],
    content,
    checksum: archiveChecksum(archive),
    s3_key: `skills/${accountId}/${skillId}.zip`,
    update_available: false,
    is_modified: false,
    created_by: 1001,
    created_at: createdAt,
    updated_at: createdAt,
    archive,
  };
}

/**
 * The seed: two skills of account 1 (one account-wide, one of team 1) and one of account 2, and a
 * legacy row of account 1 (team 2, older than the others) uploaded before today's rules: a name
 * that breaks the name rule (`SKILL_RULES.namePattern`: upper case, `_`) and a description
 * holding `<`.
 */
function seedSkills(): StoredSkill[] {
  return [
    seedSkill("skill_seed_k8s_triage", 1, 0, "k8s-triage", "Triage a Kubernetes incident", ["k8s", "triage"]),
    seedSkill("skill_seed_slow_query", 1, 1, "slow-query", "Find the slow queries of a database", ["db"]),
    seedSkill("skill_seed_acme_runbook", 2, 5, "acme-runbook", "Acme's runbook", []),
    seedSkill("skill_seed_legacy_runbook", 1, 2, "Payments_Runbook", "Steps for replicas with lag <30 s", ["legacy"], Date.UTC(2025, 5, 1)),
  ];
}

/** The skills of every account, by id (deleted ones included, never shown). */
export class SkillStore {
  readonly #skills = new Map<string, StoredSkill>();

  constructor() {
    this.reset();
  }

  /** Back to the seed. */
  reset(): void {
    this.#skills.clear();
    for (const skill of seedSkills()) this.#skills.set(skill.skill_id, skill);
  }

  /** The live (not deleted) skill `skillId` of `accountId`, or undefined. */
  live(skillId: string, accountId?: number): StoredSkill | undefined {
    const skill = this.#skills.get(skillId);
    if (skill === undefined || skill.status === "deleted" || (accountId !== undefined && skill.account_id !== accountId)) return undefined;
    return skill;
  }

  /** Every live skill of `accountId` (every account when undefined). */
  all(accountId?: number): StoredSkill[] {
    return [...this.#skills.values()].filter((s) => s.status !== "deleted" && (accountId === undefined || s.account_id === accountId));
  }

  /** The live skill named `name` in scope (`accountId`, `teamId`), or undefined. */
  byName(accountId: number, teamId: number, name: string): StoredSkill | undefined {
    return this.all(accountId).find((s) => s.team_id === teamId && s.skill_name === name);
  }

  /** Stores `skill` (new or replaced). */
  put(skill: StoredSkill): void {
    this.#skills.set(skill.skill_id, skill);
  }

  /** Soft-deletes: status `deleted`, the name changed to free it; false when not live. */
  softDelete(skillId: string, now: number): boolean {
    const skill = this.live(skillId);
    if (skill === undefined) return false;
    this.put({ ...skill, status: "deleted", skill_name: `${skill.skill_name}.deleted.${skill.skill_id}`, updated_at: now });
    return true;
  }

  /**
   * A console edit: the given fields, `updated_at` = now, `is_modified` true. A new `content` is
   * a re-upload: the archive becomes a zip of that SKILL.md, `checksum` its SHA-256, and its
   * frontmatter's description, version, tags and tools are taken unless the edit names them.
   * @returns the skill, or undefined when not live.
   */
  edit(skillId: string, changes: SkillChanges, now: number): StoredSkill | undefined {
    const skill = this.live(skillId);
    if (skill === undefined) return undefined;
    const next: StoredSkill = { ...skill, ...structuredClone(changes), skill_id: skillId, is_modified: true, updated_at: now };
    if (changes.content !== undefined) {
      next.archive = zipSync({ "SKILL.md": [strToU8(changes.content), { mtime: new Date(now) }] });
      next.checksum = archiveChecksum(next.archive);
      // A re-upload takes the frontmatter's fields, as an upload does (what the edit names itself wins).
      let manifest: SkillManifest | undefined;
      try {
        manifest = parseSkillManifest(changes.content);
      } catch {
        manifest = undefined;
      }
      if (manifest !== undefined) {
        next.description = changes.description ?? manifest.description;
        next.tags = changes.tags ?? manifest.tags;
        next.tools = changes.tools ?? manifest.tools;
        if (changes.version === undefined && manifest.version !== undefined) next.version = manifest.version;
      }
    }
    this.put(next);
    return next;
  }
}
