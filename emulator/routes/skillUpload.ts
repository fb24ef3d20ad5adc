/**
 * `/safari/skill/upload` (docs/platform-api.md "Skill upload"): `multipart/form-data` with the text
 * fields `team_id`, `replace`, `skill_id` and the archive in `file`, parsed by busboy; the archive
 * read by `wire/skillArchive.ts` (the same reader the client checks with). Without `replace` it
 * creates (a name taken in the scope: 400 `ReferenceExist`); `replace=true` alone replaces the
 * skill of that name in the scope or creates it; `replace=true` with `skill_id` overwrites that
 * skill. A replace keeps the id, team, status, `description_en` and creation, and sets
 * `is_modified` false.
 */
import busboy from "busboy";
import { PATHS, SKILL_RULES } from "../../wire/protocol";
import { SKILL_UPLOAD_FIELDS, wireSkillUploadFieldsSchema } from "../../wire/skill";
import { inspectSkillArchive, SkillArchiveError, type SkillManifest } from "../../wire/skillArchive";
import type { WireSkill } from "../../wire/wireTypes";
import { requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError } from "../http/envelope";
import type { Operation, OperationContext } from "../operation";
import { archiveChecksum, newSkillId, toWireSkill } from "../state/skills";
import type { StoredSkill } from "../types";
import { auditedSkill, canEditSkill, requireSkillScope } from "./skills";

/** Bytes a multipart body may hold beyond the archive (the text fields and the part headers). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

interface UploadForm {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

function invalidFile(detail: string): ApiError {
  return new ApiError("InvalidParameter", (m) => m.paramInvalid(SKILL_UPLOAD_FIELDS.file, detail));
}

/**
 * The form's text fields and its `file` part.
 * @throws ApiError 400 `InvalidContentType` for a body that is not `multipart/form-data`, 400
 *   `InvalidParameter` for a form busboy cannot read, 413 `EntityTooLarge` for a file over 100 MB.
 */
function readForm(raw: OperationContext["raw"]): Promise<UploadForm> {
  const contentType = raw?.contentType;
  if (contentType === undefined || !contentType.toLowerCase().startsWith("multipart/form-data")) {
    return Promise.reject(new ApiError("InvalidContentType", (m) => m.invalidContentType()));
  }
  return new Promise((resolve, reject) => {
    const form: UploadForm = { fields: {}, file: undefined };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fields: 16, fileSize: SKILL_RULES.maxArchiveBytes } });
    } catch (error) {
      reject(new ApiError("InvalidParameter", (m) => m.paramInvalid("body", (error as Error).message)));
      return;
    }
    let tooLarge = false;
    parser.on("field", (name, value) => {
      form.fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        tooLarge = true;
      });
      stream.on("close", () => {
        if (name === SKILL_UPLOAD_FIELDS.file) form.file = Buffer.concat(chunks);
      });
    });
    parser.on("error", (error: Error) => reject(new ApiError("InvalidParameter", (m) => m.paramInvalid("body", error.message))));
    parser.on("close", () => {
      if (tooLarge) reject(new ApiError("EntityTooLarge", (m) => m.entityTooLarge(SKILL_RULES.maxArchiveBytes)));
      else resolve(form);
    });
    parser.end(raw!.bytes);
  });
}

/** The stored skill after an upload of `manifest` over `current` (a replace) or as a new skill. */
function uploaded(context: OperationContext, manifest: SkillManifest, archive: Buffer, current: StoredSkill | undefined, teamId: number): StoredSkill {
  const { caller, now } = context;
  const skill: StoredSkill = {
    skill_id: current?.skill_id ?? newSkillId(),
    account_id: caller.accountId,
    team_id: current?.team_id ?? teamId,
    skill_name: manifest.name,
    description: manifest.description,
    status: current?.status ?? "enabled",
    tags: manifest.tags,
    tools: manifest.tools,
    content: manifest.content,
    checksum: archiveChecksum(archive),
    update_available: false,
    is_modified: false,
    created_by: current?.created_by ?? caller.memberId,
    created_at: current?.created_at ?? now,
    updated_at: now,
    archive,
  };
  skill.s3_key = `skills/${caller.accountId}/${skill.skill_id}/${skill.checksum}.zip`;
  if (current?.description_en !== undefined) skill.description_en = current.description_en;
  for (const field of ["version", "author", "license"] as const) if (manifest[field] !== undefined) skill[field] = manifest[field];
  return skill;
}

export const uploadSkill: Operation = {
  name: "skill.upload",
  path: PATHS.skillUpload,
  rawBody: true,
  bodyLimitBytes: SKILL_RULES.maxArchiveBytes + FORM_OVERHEAD_BYTES,
  async handle(context): Promise<WireSkill> {
    const form = await readForm(context.raw);
    const fields = parseBody(wireSkillUploadFieldsSchema, form.fields);
    const replace = fields.replace?.toLowerCase() === "true" || fields.replace === "1";
    const skillId = fields.skill_id ?? "";
    if (skillId !== "" && !replace) throw new ApiError("InvalidParameter", (m) => m.paramInvalid("skill_id", "needs replace=true"));
    if (form.file === undefined || form.file.length === 0) throw new ApiError("InvalidParameter", (m) => m.paramRequired(SKILL_UPLOAD_FIELDS.file));
    const archive = form.file;
    let manifest: SkillManifest;
    try {
      manifest = await inspectSkillArchive(archive);
    } catch (error) {
      if (error instanceof SkillArchiveError) throw invalidFile(`the archive ${error.problem}`);
      throw error;
    }
    return auditedSkill(context, "skill.upload", skillId, (entry) => {
      const { caller, world } = context;
      requireAiSre(caller);
      let current: StoredSkill | undefined;
      let teamId = Number(fields.team_id ?? "0");
      if (skillId !== "") {
        current = world.skills.live(skillId, caller.accountId);
        if (current === undefined) throw new ApiError("ResourceNotFound", (m) => m.skillNotFound(skillId));
        if (!canEditSkill(caller, current)) throw new ApiError("AccessDenied", (m) => m.skillNotEditable(skillId));
        teamId = current.team_id;
        const other = world.skills.byName(caller.accountId, teamId, manifest.name);
        if (other !== undefined && other.skill_id !== skillId) throw new ApiError("ReferenceExist", (m) => m.skillNameTaken(manifest.name, teamId));
      } else {
        requireSkillScope(context, teamId);
        current = world.skills.byName(caller.accountId, teamId, manifest.name);
        if (current !== undefined && !replace) throw new ApiError("ReferenceExist", (m) => m.skillNameTaken(manifest.name, teamId));
      }
      const skill = uploaded(context, manifest, archive, current, teamId);
      world.skills.put(skill);
      entry.skillId = skill.skill_id;
      return toWireSkill(skill, true, true);
    });
  },
};
