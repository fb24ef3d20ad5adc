/**
 * The fields a `Skill` declares, in the order the provider compares them: one list shared by the
 * provider and the drift report, taken from the resource's declaration (`declaration.ts`).
 */
import { fieldsWhere } from "../engine/declaration";
import { SKILL } from "./declaration";

export const DECLARED_FIELDS = fieldsWhere(SKILL.fields, { declared: true });

export type DeclaredField = (typeof DECLARED_FIELDS)[number];

/** Declared fields whose values are secrets: a skill has none. */
export const SECRET_FIELDS = fieldsWhere(SKILL.fields, { secret: true }) satisfies readonly DeclaredField[];
