/**
 * The state of a `Skill`: the shape of its declared fields, inputs and outputs, how they compare,
 * and the mapping from the client's model (`Skill` of the SDK). The provider functions are in
 * `provider.ts`.
 *
 * @packageDocumentation
 */
import { isDeepStrictEqual } from "node:util";
import type { Skill } from "../../sdk";
import type { Equal } from "../../wire/typeAssert";
import { setFields } from "../engine/programFields";
import { isUnknown } from "../engine/unknown";
import { DECLARED_FIELDS, type DeclaredField } from "./fields";

/** The declared fields, with the defaults `check` fills in. */
export interface SkillDeclared {
  /** Default 0 (account-wide). Changing it moves the skill in place. */
  teamId: number;
  /** Default: the SKILL.md frontmatter's description. */
  description: string;
  /** Default `""` (none). */
  descriptionEn: string;
  /** Default true. */
  enabled: boolean;
  /** SHA-256 (hex) of the archive `source` uploads (computed by `check`). */
  sourceHash: string;
}

/** Inputs after `check`: what the engine stores as the resource's inputs. */
export interface SkillInputs extends SkillDeclared {
  /** A Pulumi archive (either form, see `source.ts`) or a path. */
  source: unknown;
  /** Adoption: the id of an existing skill to take over instead of uploading a new one. */
  skillId?: string;
}

/** Outputs (state); see the SDK's `Skill` for the meaning of each. */
export interface SkillOutputs extends SkillDeclared {
  source: unknown;
  skillId: string;
  /** The `skillId` input when the skill was adopted. */
  adoptedSkillId?: string;
  /** The platform's `checksum` right after this stack's last upload. */
  uploadedChecksum?: string;
  skillName: string;
  version: string;
  tags: string[];
  tools: string[];
  author: string;
  license: string;
  checksum: string;
  isModified: boolean;
  status: string;
  accountId: number;
  canEdit: boolean;
  createdBy: number;
  createdAt: number;
  updatedAt: number;
}

true satisfies Equal<DeclaredField, keyof SkillDeclared>;

/** @internal */
export const DEFAULTS = { teamId: 0, descriptionEn: "", enabled: true } as const satisfies Partial<SkillDeclared>;

/**
 * The declared fields the program sets whose new value differs from the old one (an unknown new
 * value counts as different). Exported for tests and the plugin's entry.
 *
 * @internal
 */
export function changedFields(olds: Partial<SkillDeclared>, news: Partial<SkillDeclared>): DeclaredField[] {
  // A field the program leaves out is not managed (../engine/programFields.ts).
  return setFields(DECLARED_FIELDS, news).filter((key) => isUnknown(news[key]) || !isDeepStrictEqual(olds[key], news[key]));
}

/**
 * Outputs for `skill` as the platform holds it. `sourceHash`: the stack's hash while the platform
 * still holds what this stack uploaded (`uploadedChecksum`), otherwise the platform's own
 * `checksum` (a console re-upload), so the diff sees the content changed.
 *
 * @internal
 */
export function toOutputs(skill: Skill, source: unknown, known: { sourceHash?: string; uploadedChecksum?: string }, adopted?: string): SkillOutputs {
  const checksum = skill.checksum ?? "";
  const ours = known.uploadedChecksum !== undefined && known.uploadedChecksum === checksum && !skill.isModified;
  const outs: SkillOutputs = {
    source,
    skillId: skill.skillId,
    teamId: skill.teamId,
    description: skill.description,
    descriptionEn: skill.descriptionEn ?? "",
    enabled: skill.status === "enabled",
    sourceHash: ours && known.sourceHash !== undefined ? known.sourceHash : checksum,
    skillName: skill.skillName,
    version: skill.version ?? "",
    tags: [...(skill.tags ?? [])],
    tools: [...(skill.tools ?? [])],
    author: skill.author ?? "",
    license: skill.license ?? "",
    checksum,
    isModified: skill.isModified,
    status: skill.status,
    accountId: skill.accountId,
    canEdit: skill.canEdit,
    createdBy: skill.createdBy,
    createdAt: skill.createdAt,
    updatedAt: skill.updatedAt,
  };
  if (known.uploadedChecksum !== undefined) outs.uploadedChecksum = known.uploadedChecksum;
  if (adopted !== undefined) outs.adoptedSkillId = adopted;
  return outs;
}
