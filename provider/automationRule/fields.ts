/**
 * The fields an `AutomationRule` declares (its inputs, camelCase of the rule's wire fields), in the
 * order diffs and drift reports name them. Part of the resource's state shape, so the provider,
 * the drift report and the policy pack read it from here; taken from the resource's declaration
 * (`declaration.ts`).
 */
import { fieldsWhere } from "../engine/declaration";
import { AUTOMATION_RULE } from "./declaration";

export const DECLARED_FIELDS = fieldsWhere(AUTOMATION_RULE.fields, { declared: true });

/** One of {@link DECLARED_FIELDS}. */
export type DeclaredField = (typeof DECLARED_FIELDS)[number];
