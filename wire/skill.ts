/**
 * Wire schemas of skills (`/safari/skill/*`, docs/platform-api.md "Skills"): the skill object as
 * get, list, update and upload answer it, and the JSON request bodies. Upload itself is
 * `multipart/form-data` (its form fields are named in {@link SKILL_UPLOAD_FIELDS}). Re-exported by
 * `wire/wire.ts`.
 */
import { z } from "zod";
import { SKILL_STATUSES } from "./protocol";
import { list, optional, optionalList } from "./readers";
import type { Equal } from "./typeAssert";
import type { WireSkill } from "./wireTypes";

/**
 * A skill as `/safari/skill/get`, `/list` (without `content`), `/update` and `/upload` return it.
 * Required fields are required; optional ones read as `undefined` when absent or null.
 */
export const wireSkillSchema = z.object({
  skill_id: z.string(),
  account_id: z.number().int(),
  /** 0 = account-wide. */
  team_id: z.number().int(),
  /** The frontmatter `name` of its SKILL.md; unique per scope. */
  skill_name: z.string(),
  description: z.string(),
  description_en: optional(z.string()),
  status: z.enum(SKILL_STATUSES),
  version: optional(z.string()),
  author: optional(z.string()),
  license: optional(z.string()),
  tags: optionalList(z.string()),
  /** Builtin tool names or `mcp:<server>/<tool>`. */
  tools: optionalList(z.string()),
  /** The whole SKILL.md; absent from list rows. */
  content: optional(z.string()),
  /** SHA-256 (hex) of the uploaded archive as stored. */
  checksum: optional(z.string()),
  s3_key: optional(z.string()),
  source_template_name: optional(z.string()),
  source_template_version: optional(z.string()),
  update_available: z.boolean(),
  /** True once the skill was changed after it was installed from a template or uploaded. */
  is_modified: z.boolean(),
  can_edit: z.boolean(),
  /** Only for skills installed from a session. */
  created: optional(z.boolean()),
  created_by: z.number().int(),
  /** Epoch ms. */
  created_at: z.number().int(),
  /** Epoch ms. */
  updated_at: z.number().int(),
  /** Read-only, e.g. `byoc`; absent = available everywhere. */
  venues: optionalList(z.string()),
});
export type { WireSkill };
true satisfies Equal<WireSkill, z.output<typeof wireSkillSchema>>;
/** A skill as it may appear on the wire (what a server, such as the emulator, may send). */
export type WireSkillJson = z.input<typeof wireSkillSchema>;

/** Body of `/safari/skill/get`, `/enable`, `/disable` and `/delete`. */
export const wireSkillIdRequestSchema = z.object({
  skill_id: z.string(),
});
export type WireSkillIdRequest = z.infer<typeof wireSkillIdRequestSchema>;

/** Body of `/safari/skill/list`. All optional; unknown fields are stripped. */
export const wireSkillListRequestSchema = z.object({
  /** Page number from 1 (default 1). */
  p: z.number().int().optional(),
  /** Page size, default 20, at most `SKILL_RULES.maxPageSize`. */
  limit: z.number().int().optional(),
  /** At most `SKILL_RULES.maxQueryLength` characters. */
  query: z.string().optional(),
  /** `all` (default), `account` or `team`. */
  scope: z.string().optional(),
  /** Default true; only read when `scope` is `all`. */
  include_account: z.boolean().nullable().optional(),
  team_ids: z.array(z.number().int()).optional(),
});
export type WireSkillListRequest = z.infer<typeof wireSkillListRequestSchema>;

export const wireSkillListDataSchema = z.object({
  total: z.number().int(),
  skills: list(wireSkillSchema),
});
export type WireSkillListData = z.output<typeof wireSkillListDataSchema>;

/**
 * Body of `/safari/skill/update`: `skill_id` and what changes. `description`: omitted or `""`
 * leaves it (it cannot be cleared); `description_en`: omitted or `null` leaves it, `""` clears it;
 * `team_id`: omitted or `null` leaves it, otherwise moves the skill (0 = account-wide).
 */
export const wireSkillUpdateRequestSchema = z.object({
  skill_id: z.string(),
  description: z.string().optional(),
  description_en: z.string().nullable().optional(),
  team_id: z.number().int().nullable().optional(),
});
export type WireSkillUpdateRequest = z.infer<typeof wireSkillUpdateRequestSchema>;

/**
 * The form fields of `/safari/skill/upload` (`multipart/form-data`), text fields first, then the
 * file: `team_id` (an integer as text, left out when 0), `replace` (`"true"`), `skill_id` (needs
 * `replace`), `file` (the archive).
 */
export const SKILL_UPLOAD_FIELDS = {
  teamId: "team_id",
  replace: "replace",
  skillId: "skill_id",
  file: "file",
} as const;

/**
 * The text fields of an upload as the emulator reads them from the form (every value a string;
 * the file travels apart).
 */
export const wireSkillUploadFieldsSchema = z.object({
  team_id: z
    .string()
    .regex(/^-?\d+$/, "an integer")
    .optional(),
  replace: z.string().optional(),
  skill_id: z.string().optional(),
});
export type WireSkillUploadFields = z.infer<typeof wireSkillUploadFieldsSchema>;
