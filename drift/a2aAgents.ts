/**
 * Drift of `A2aAgent` resources: the agent edited in the console or deleted on the platform.
 * `authConfig` holds secrets and is compared as `McpServer`'s `env` and `headers` are
 * (`mcpServers.ts`): key by key when its keys can be seen, else by the plain `authConfigKeys`
 * list; a value is never shown, and a masked value (`******`) is no change.
 */
import { isDeepStrictEqual } from "node:util";
import { isResourceType } from "../provider/engine/typeToken";
import { DECLARED_FIELDS, SECRET_FIELDS } from "../provider/a2aAgent/fields";
import { VALUE_NOT_SHOWN } from "./dataSources";
import { holdsSecret, keyListChanges, opaque, secretMapChanges } from "./mcpServers";
import { managedFields, type RefreshedResource } from "./refreshEvents";
import { compareText, type A2aAgentResourceDrift, type FieldChange } from "./report";

type Props = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Declared values as the provider's diff compares them: a missing list is `[]`. */
function normal(field: string, value: unknown): unknown {
  if (field === "environments" && (value === undefined || value === null)) return [];
  return value ?? null;
}

/** The declared fields of one refreshed agent that differ, sorted by name. */
function changedFields(before: Props, after: Props, resource: Pick<RefreshedResource, "managed">): FieldChange[] {
  const fields: FieldChange[] = [];
  for (const field of managedFields(resource, DECLARED_FIELDS)) {
    if ((SECRET_FIELDS as readonly string[]).includes(field)) {
      const changes = secretMapChanges(field, before[field], after[field]);
      fields.push(
        ...(changes.length > 0 || !opaque(before[field], after[field]) ? changes : keyListChanges(field, before[`${field}Keys`], after[`${field}Keys`])),
      );
      continue;
    }
    const a = normal(field, before[field]);
    const b = normal(field, after[field]);
    if (isDeepStrictEqual(a, b)) continue;
    const hidden = holdsSecret(a) || holdsSecret(b);
    fields.push({ field, before: hidden ? VALUE_NOT_SHOWN : a, after: hidden ? VALUE_NOT_SHOWN : b });
  }
  return fields.sort((x, y) => compareText(x.field, y.field));
}

/**
 * The drifted agents among the refreshed resources, sorted by `agentName`, then URN, and how
 * many `A2aAgent` resources were checked. Only the declared fields are compared (never the ids,
 * times or fields the platform sets, such as the card's name and skills).
 */
export function a2aAgentResourceDrifts(resources: readonly RefreshedResource[]): { checked: number; drifts: A2aAgentResourceDrift[] } {
  const ours = resources.filter((r) => isResourceType(r.type, "A2aAgent"));
  const drifts: A2aAgentResourceDrift[] = [];
  for (const resource of ours) {
    const base = {
      urn: resource.urn,
      resourceName: resource.urn.slice(resource.urn.lastIndexOf("::") + 2),
      agentId: text(resource.before.agentId),
      agentName: text(resource.before.agentName),
    };
    if (resource.after === undefined) {
      const adopted = typeof resource.before.adoptedAgentId === "string";
      drifts.push({ ...base, observed: "deleted", fields: [], nextUp: adopted ? "failNotFound" : "create" });
      continue;
    }
    const fields = changedFields(resource.before, resource.after, resource);
    if (fields.length > 0) drifts.push({ ...base, observed: "changed", fields, nextUp: "update" });
  }
  drifts.sort((a, b) => compareText(a.agentName, b.agentName) || compareText(a.urn, b.urn));
  return { checked: ours.length, drifts };
}
