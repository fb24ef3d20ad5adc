/**
 * Drift of `Skill` resources: the skill re-uploaded or edited in the console, or deleted on the
 * platform. A re-upload shows as `sourceHash` (the stack's archive hash before, the platform's
 * `checksum` after); an edit as the declared field.
 */
import { isDeepStrictEqual } from "node:util";
import { isResourceType } from "../provider/engine/typeToken";
import { DECLARED_FIELDS } from "../provider/skill/fields";
import { managedFields, type RefreshedResource } from "./refreshEvents";
import { compareText, type FieldChange, type SkillResourceDrift } from "./report";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * The drifted skills among the refreshed resources, sorted by `skillName`, then URN, and how many
 * `Skill` resources were checked. Only the declared fields are compared (`teamId`, `description`,
 * `descriptionEn`, `enabled`, `sourceHash`), never the ids, times or fields the platform sets.
 */
export function skillResourceDrifts(resources: readonly RefreshedResource[]): { checked: number; drifts: SkillResourceDrift[] } {
  const ours = resources.filter((r) => isResourceType(r.type, "Skill"));
  const drifts: SkillResourceDrift[] = [];
  for (const resource of ours) {
    const base = {
      urn: resource.urn,
      resourceName: resource.urn.slice(resource.urn.lastIndexOf("::") + 2),
      skillId: text(resource.before.skillId),
      skillName: text(resource.before.skillName),
    };
    if (resource.after === undefined) {
      const adopted = typeof resource.before.adoptedSkillId === "string";
      drifts.push({ ...base, observed: "deleted", fields: [], nextUp: adopted ? "failNotFound" : "create" });
      continue;
    }
    const fields: FieldChange[] = [];
    for (const field of managedFields(resource, DECLARED_FIELDS)) {
      const before = resource.before[field] ?? null;
      const after = resource.after[field] ?? null;
      if (!isDeepStrictEqual(before, after)) fields.push({ field, before, after });
    }
    fields.sort((a, b) => compareText(a.field, b.field));
    if (fields.length > 0) {
      const reuploaded = fields.some((f) => f.field === "sourceHash");
      drifts.push({ ...base, observed: "changed", fields, nextUp: reuploaded ? "upload" : "update" });
    }
  }
  drifts.sort((a, b) => compareText(a.skillName, b.skillName) || compareText(a.urn, b.urn));
  return { checked: ours.length, drifts };
}
