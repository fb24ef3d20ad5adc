/** Drift of `AutomationRule` resources: the rule edited in the console or deleted on the platform. */
import { isResourceType } from "../provider/engine/typeToken";
import { DECLARED_FIELDS } from "../provider/automationRule/fields";
import { managedFields, type RefreshedResource } from "./refreshEvents";
import { compareText, type FieldChange, type RuleResourceDrift } from "./report";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Lists compared as sets, a legacy empty time zone as UTC: as the provider's diff compares them. */
function same(field: string, a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const x = new Set(a.map((v) => JSON.stringify(v)));
    const y = new Set(b.map((v) => JSON.stringify(v)));
    return x.size === y.size && [...x].every((v) => y.has(v));
  }
  if (field === "timezone") return (a || "UTC") === (b || "UTC");
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The drifted rules among the refreshed resources, and how many `AutomationRule` resources were
 * checked. Only the declared fields are compared (never the secret token, the ids or the times).
 */
export function ruleResourceDrifts(resources: readonly RefreshedResource[]): { checked: number; drifts: RuleResourceDrift[] } {
  const ours = resources.filter((r) => isResourceType(r.type, "AutomationRule"));
  const drifts: RuleResourceDrift[] = [];
  for (const resource of ours) {
    const base = {
      urn: resource.urn,
      resourceName: resource.urn.slice(resource.urn.lastIndexOf("::") + 2),
      ruleId: text(resource.before.ruleId),
      name: text(resource.before.name),
    };
    if (resource.after === undefined) {
      drifts.push({ ...base, observed: "deleted", fields: [], nextUp: "create" });
      continue;
    }
    const fields: FieldChange[] = [];
    for (const field of managedFields(resource, DECLARED_FIELDS)) {
      const before = resource.before[field];
      const after = resource.after[field];
      if (!same(field, before, after)) fields.push({ field, before, after });
    }
    fields.sort((a, b) => compareText(a.field, b.field));
    if (fields.length > 0) drifts.push({ ...base, observed: "changed", fields, nextUp: "update" });
  }
  drifts.sort((a, b) => compareText(a.name, b.name) || compareText(a.urn, b.urn));
  return { checked: ours.length, drifts };
}
