/**
 * The fields an `A2aAgent` declares, in the order the provider compares them: one list shared by
 * the provider and the drift report, taken from the resource's declaration (`declaration.ts`).
 */
import { fieldsWhere } from "../engine/declaration";
import { A2A_AGENT } from "./declaration";

export const DECLARED_FIELDS = fieldsWhere(A2A_AGENT.fields, { declared: true });

export type DeclaredField = (typeof DECLARED_FIELDS)[number];

/** Declared fields whose values are secrets: encrypted in state, never shown. */
export const SECRET_FIELDS = fieldsWhere(A2A_AGENT.fields, { secret: true }) satisfies readonly DeclaredField[];
