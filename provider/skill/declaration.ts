/**
 * Skill's and getSkills' one declaration: every field with its schema type, description, default,
 * secret flag and place (input, output; required; part of the declared state). The provider
 * plugin's schema (`plugin/schema.json`), the field lists in `fields.ts` and the reference page in
 * `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md "Adding a resource").
 *
 * @packageDocumentation
 */
import type { FunctionDeclaration, ResourceDeclaration, TypeDeclaration } from "../engine/declaration";
import { SKILL_PLUGIN_TYPE } from "../engine/typeToken";

/** flashduty:index:Skill: Declares one skill (a folder with a SKILL.md and its scripts), uploaded from the program's archive. */
export const SKILL = {
  token: SKILL_PLUGIN_TYPE,
  description:
    "Declares one skill (a folder with a `SKILL.md` and its scripts), uploaded from the program's archive; a console re-upload or edit shows on refresh and `up` puts the stack's archive back. A skill made elsewhere is taken over with the `skillId` input (adoption), not `pulumi import`: no read returns the archive, which `source` must name.",
  fields: {
    source: {
      oneOf: [{ $ref: "pulumi.json#/Archive" }, { type: "string" }],
      description:
        "The skill: a Pulumi archive (a folder with a `SKILL.md` at its root, or an archive file) or the path of a `.zip`, `.skill`, `.tar.gz` or `.tgz` file, at most 100 MB. Its `SKILL.md` frontmatter names the skill (`name`) and gives its description, version and tags. Only its content counts: an unchanged folder uploads nothing.",
      requiredInput: true,
      required: true,
    },
    teamId: {
      type: "integer",
      description: "0 = account-wide (owners/admins manage it); otherwise the owning team. Changing it moves the skill in place (same `skillId`).",
      default: 0,
      required: true,
      declared: true,
    },
    description: {
      type: "string",
      description:
        "The description, at most 1024 characters, no `<` or `>`. Default: the `SKILL.md` frontmatter's `description`; set it only where it should differ. The platform cannot clear it.",
      required: true,
      declared: true,
    },
    descriptionEn: {
      type: "string",
      description: 'The English description, at most 1024 characters, no `<` or `>`. Default `""` (none).',
      default: "",
      required: true,
      declared: true,
    },
    enabled: {
      type: "boolean",
      description: "Whether the skill is enabled.",
      default: true,
      required: true,
      declared: true,
    },
    sourceHash: {
      type: "string",
      description:
        "SHA-256 (hex) of the archive `source` uploads: what the diff compares. After a refresh that finds the skill re-uploaded in the console, the platform's `checksum` of it.",
      kind: "out",
      required: true,
      declared: true,
    },
    skillId: {
      type: "string",
      description: "Skill id (`skill_...`).",
      required: true,
      input: {
        description:
          "Adopts an existing skill instead of uploading a new one: create reads it and uploads the archive over it (`replace`, same id). Naming another skill replaces the resource.",
      },
      typescript: {
        input: "(The dynamic resource cannot be imported: adopt a skill made in the console with this.)",
        output: "For `get`, the id argument names the skill and this is ignored.",
      },
    },
    adoptedSkillId: {
      type: "string",
      description: "The `skillId` input when the skill was adopted.",
      kind: "out",
      bookkeeping: true,
    },
    uploadedChecksum: {
      type: "string",
      description: "The platform's `checksum` right after this stack's last upload: a different one means the skill was re-uploaded elsewhere.",
      kind: "out",
      bookkeeping: true,
    },
    skillName: {
      type: "string",
      description: "The skill's name: its `SKILL.md` frontmatter `name`, unique in its scope.",
      kind: "out",
      required: true,
    },
    version: {
      type: "string",
      description: 'Frontmatter `version`, or `""`.',
      kind: "out",
      required: true,
    },
    tags: {
      type: "array",
      items: { type: "string" },
      description: "Frontmatter `tags`.",
      kind: "out",
      required: true,
    },
    tools: {
      type: "array",
      items: { type: "string" },
      description: "Tools the skill uses: builtin names or `mcp:<server>/<tool>`.",
      kind: "out",
      required: true,
    },
    author: {
      type: "string",
      description: 'Frontmatter `author`, or `""`.',
      kind: "out",
      required: true,
    },
    license: {
      type: "string",
      description: 'Frontmatter `license`, or `""`.',
      kind: "out",
      required: true,
    },
    checksum: {
      type: "string",
      description: "SHA-256 (hex) of the archive the platform holds.",
      kind: "out",
      required: true,
    },
    isModified: {
      type: "boolean",
      description: "True once the skill was changed in the console after its upload; the next `up` uploads the stack's archive again.",
      kind: "out",
      required: true,
    },
    status: {
      type: "string",
      description: "`enabled` or `disabled`.",
      kind: "out",
      required: true,
    },
    accountId: {
      type: "integer",
      description: "Owning account.",
      kind: "out",
      required: true,
    },
    canEdit: {
      type: "boolean",
      description: "Whether the app key's member may change the skill.",
      kind: "out",
      required: true,
    },
    createdBy: {
      type: "integer",
      description: "Member id of the creator.",
      kind: "out",
      required: true,
    },
    createdAt: {
      type: "number",
      description: "Creation time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last change, epoch milliseconds.",
      kind: "out",
      required: true,
    },
  },
} as const satisfies ResourceDeclaration;

/** flashduty:index:getSkills: Every skill visible to the configured app key that matches the filters (all pages of `POST /safari/skill/list`), sorted by name, then team, then id. */
export const GET_SKILLS = {
  token: "flashduty:index:getSkills",
  description:
    "Every skill visible to the configured app key that matches the filters (all pages of `POST /safari/skill/list`), sorted by name, then team, then id.",
  inputs: {
    scope: {
      type: "string",
      description: "`all` (default), `account` or `team`.",
    },
    query: {
      type: "string",
      description: "Case-insensitive substring of the name, the descriptions or the id; at most 128 characters.",
    },
    teamIds: {
      type: "array",
      items: { type: "integer" },
      description: "Only team skills of these teams.",
    },
    includeAccount: {
      type: "boolean",
      description: "Whether account-wide skills are included under scope `all`. Default true.",
    },
    pageSize: {
      type: "integer",
      description: "Skills per request, 1..100. Default 100.",
    },
  },
  outputs: {
    total: {
      type: "integer",
      description: "Number of skills returned.",
      required: true,
    },
    skills: {
      type: "array",
      items: { $ref: "#/types/flashduty:index:SkillInfo" },
      description: "The skills, sorted by name, then team, then id.",
      required: true,
    },
  },
} as const satisfies FunctionDeclaration;

/** flashduty:index:SkillInfo: A skill as the platform lists it (without its SKILL.md). */
export const SKILL_INFO = {
  token: "flashduty:index:SkillInfo",
  description: "A skill as the platform lists it (without its SKILL.md).",
  properties: {
    skillId: { type: "string", description: "Skill id, `skill_...`.", required: true },
    accountId: { type: "integer", description: "Owning account.", required: true },
    teamId: { type: "integer", description: "Owning team; 0 for an account-wide skill.", required: true },
    skillName: { type: "string", description: "The frontmatter `name`.", required: true },
    description: { type: "string", description: "Description.", required: true },
    descriptionEn: { type: "string", description: "English description." },
    status: { type: "string", description: "`enabled` or `disabled`.", required: true },
    version: { type: "string", description: "Frontmatter `version`." },
    author: { type: "string", description: "Frontmatter `author`." },
    license: { type: "string", description: "Frontmatter `license`." },
    tags: { type: "array", items: { type: "string" }, description: "Frontmatter `tags`." },
    tools: { type: "array", items: { type: "string" }, description: "Tools the skill uses." },
    checksum: { type: "string", description: "SHA-256 (hex) of the archive the platform holds." },
    s3Key: { type: "string", description: "Where the platform stores the archive." },
    sourceTemplateName: { type: "string", description: "The template the skill was installed from." },
    sourceTemplateVersion: { type: "string", description: "The template's version." },
    updateAvailable: { type: "boolean", description: "Whether the template has a newer version.", required: true },
    isModified: { type: "boolean", description: "Whether the skill was changed in the console after its upload.", required: true },
    canEdit: { type: "boolean", description: "Whether the caller may change it.", required: true },
    created: { type: "boolean", description: "Set for skills installed from a session." },
    createdBy: { type: "integer", description: "Member id of the creator.", required: true },
    createdAt: { type: "number", description: "Creation time, epoch milliseconds.", required: true },
    updatedAt: { type: "number", description: "Last change, epoch milliseconds.", required: true },
    venues: { type: "array", items: { type: "string" }, description: "Where it runs, e.g. `byoc`; absent = everywhere." },
    content: { type: "string", description: "The whole SKILL.md (never in list answers)." },
  },
} as const satisfies TypeDeclaration;
