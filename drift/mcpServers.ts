/**
 * Drift of `McpServer` resources: the server edited in the console or deleted on the platform.
 *
 * `env` and `headers` hold secrets. In a refresh preview's events a secret arrives as Pulumi's
 * secret marker (`{ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
 * ciphertext }`, the ciphertext blinded to `"[secret]"` or real ciphertext): the engine marks
 * the whole map secret, so the maps compare as opaque and nothing of them shows. When a map's
 * keys can be seen (a plain map on both sides), it is compared key by key, and only the key is
 * named (`headers.<key>` added, removed or changed): a value is never shown, a value masked by
 * the platform (`******`) or held in a secret marker never counts as a change. Any other field
 * holding a secret marker (a program passed a secret) is named when it changed, its values not
 * shown.
 */
import { isDeepStrictEqual } from "node:util";
import { DECLARED_FIELDS, SECRET_FIELDS } from "../provider/mcpServer/fields";
import { isResourceType } from "../provider/engine/typeToken";
import { MASKED_VALUE } from "../wire/protocol";
import { VALUE_NOT_SHOWN } from "./dataSources";
import { managedFields, type RefreshedResource } from "./refreshEvents";
import { compareText, type FieldChange, type McpServerResourceDrift } from "./report";

/**
 * Pulumi's key that marks an object as a secret value (sdk/nodejs/runtime/rpc.ts `specialSigKey`);
 * `terraformPlan.ts` marks Terraform's write-only maps with it, whose keys cannot be seen either.
 */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";

type Props = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function isObject(value: unknown): value is Props {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether `value` is, or holds anywhere, a secret marker (or Pulumi's `"[secret]"` stand-in). Shared with `a2aAgents.ts`. */
export function holdsSecret(value: unknown): boolean {
  if (value === "[secret]") return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (!isObject(value)) return false;
  return Object.hasOwn(value, SIG_KEY) || Object.values(value).some(holdsSecret);
}

/** Declared values as the provider's diff compares them: missing lists are `[]`, a missing command or url is `""`. */
function normal(field: string, value: unknown): unknown {
  if ((field === "args" || field === "environments") && (value === undefined || value === null)) return [];
  if ((field === "command" || field === "url") && (value === undefined || value === null)) return "";
  return value ?? null;
}

/**
 * The keys of an `env` / `headers` map that were added, removed or changed, each as
 * `<field>.<key>` with `null` (absent) or {@link VALUE_NOT_SHOWN} (present) as its values; none
 * when either side is not a plain map (a secret marker: its keys cannot be seen).
 */
export function secretMapChanges(field: string, before: unknown, after: unknown): FieldChange[] {
  const olds = before === undefined || before === null ? {} : before;
  const news = after === undefined || after === null ? {} : after;
  if (!isObject(olds) || !isObject(news) || Object.hasOwn(olds, SIG_KEY) || Object.hasOwn(news, SIG_KEY)) return [];
  const changes: FieldChange[] = [];
  for (const key of new Set([...Object.keys(olds), ...Object.keys(news)])) {
    const had = Object.hasOwn(olds, key);
    const has = Object.hasOwn(news, key);
    if (had && has) {
      const [a, b] = [olds[key], news[key]];
      // Masked or secret on either side: the value cannot be compared, so it is no change.
      if (a === MASKED_VALUE || b === MASKED_VALUE || holdsSecret(a) || holdsSecret(b) || isDeepStrictEqual(a, b)) continue;
    }
    changes.push({ field: `${field}.${key}`, before: had ? VALUE_NOT_SHOWN : null, after: has ? VALUE_NOT_SHOWN : null });
  }
  return changes;
}

/** Whether either side of a secret map is a secret marker (its keys cannot be seen). */
export function opaque(before: unknown, after: unknown): boolean {
  return [before, after].some((v) => isObject(v) && Object.hasOwn(v, SIG_KEY));
}

/**
 * The keys added or removed, from the plain key lists the resource keeps beside a secret map
 * (`envKeys`, `headersKeys`): what can be seen of a map the engine hides whole. A changed value
 * under a kept key cannot be seen.
 */
export function keyListChanges(field: string, before: unknown, after: unknown): FieldChange[] {
  if (!Array.isArray(before) || !Array.isArray(after)) return [];
  const olds = new Set(before.filter((k): k is string => typeof k === "string"));
  const news = new Set(after.filter((k): k is string => typeof k === "string"));
  const changes: FieldChange[] = [];
  for (const key of new Set([...olds, ...news])) {
    if (olds.has(key) === news.has(key)) continue;
    changes.push({ field: `${field}.${key}`, before: olds.has(key) ? VALUE_NOT_SHOWN : null, after: news.has(key) ? VALUE_NOT_SHOWN : null });
  }
  return changes;
}

/** The declared fields of one refreshed server that differ, sorted by name (`enabled` left out when `held`). */
function changedFields(before: Props, after: Props, held: boolean, resource: Pick<RefreshedResource, "managed">): FieldChange[] {
  const fields: FieldChange[] = [];
  for (const field of managedFields(resource, DECLARED_FIELDS)) {
    if (field === "enabled" && held) continue;
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
 * The drifted servers among the refreshed resources, sorted by `serverName`, then URN, and how
 * many `McpServer` resources were checked. Only the declared fields are compared (never the ids,
 * times or fields the platform sets). `enabled` is not compared for a server an
 * `McpServerDisablement` of the same stack keeps disabled (the disablement wins, as in the
 * provider's diff).
 */
export function mcpServerResourceDrifts(resources: readonly RefreshedResource[]): { checked: number; drifts: McpServerResourceDrift[] } {
  const ours = resources.filter((r) => isResourceType(r.type, "McpServer"));
  const heldIds = new Set(
    resources.filter((r) => isResourceType(r.type, "McpServerDisablement")).map((r) => text((r.after ?? r.before).serverId) || text(r.before.serverId)),
  );
  const drifts: McpServerResourceDrift[] = [];
  for (const resource of ours) {
    const serverId = text(resource.before.serverId);
    const base = {
      urn: resource.urn,
      resourceName: resource.urn.slice(resource.urn.lastIndexOf("::") + 2),
      serverId,
      serverName: text(resource.before.serverName),
    };
    if (resource.after === undefined) {
      const adopted = typeof resource.before.adoptedServerId === "string";
      drifts.push({ ...base, observed: "deleted", fields: [], nextUp: adopted ? "failNotFound" : "create" });
      continue;
    }
    const fields = changedFields(resource.before, resource.after, serverId !== "" && heldIds.has(serverId), resource);
    if (fields.length > 0) drifts.push({ ...base, observed: "changed", fields, nextUp: "update" });
  }
  drifts.sort((a, b) => compareText(a.serverName, b.serverName) || compareText(a.urn, b.urn));
  return { checked: ours.length, drifts };
}
