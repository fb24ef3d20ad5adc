/**
 * The fields a `KnowledgeFile` declares, in the order the provider compares them: one list shared
 * by the provider and the drift report (which reads the declared fields of a refreshed resource),
 * taken from the resource's declaration (`declaration.ts`).
 */
import { fieldsWhere } from "../engine/declaration";
import { KNOWLEDGE_FILE } from "./declaration";

export const DECLARED_FIELDS = fieldsWhere(KNOWLEDGE_FILE.fields, { declared: true });

export type DeclaredField = (typeof DECLARED_FIELDS)[number];
