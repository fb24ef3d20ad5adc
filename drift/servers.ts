/** Drift of `McpServerDisablement` resources: declared disabled, observed enabled or deleted. */
import { isResourceType } from "../provider/engine/typeToken";
import type { RefreshedResource } from "./refreshEvents";
import { compareText, type ServerDrift } from "./report";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * The drifted servers among the refreshed resources, sorted by `serverId` then URN, and how many
 * `McpServerDisablement` resources were checked. A server is drifted when the read found it with
 * any status other than "disabled" (observed "enabled"), or found no server at all ("deleted").
 * The observed status comes from the read (`after`), not from a change against state: a server
 * that was already recorded as enabled by an earlier `pulumi refresh` is still drift.
 */
export function serverDrifts(resources: readonly RefreshedResource[]): { checked: number; drifts: ServerDrift[] } {
  const ours = resources.filter((r) => isResourceType(r.type, "McpServerDisablement"));
  const drifts: ServerDrift[] = [];
  for (const resource of ours) {
    const state = resource.after ?? resource.before;
    const base = {
      urn: resource.urn,
      resourceName: resource.urn.slice(resource.urn.lastIndexOf("::") + 2),
      serverId: text(state.serverId),
      serverName: text(state.serverName),
      declared: "disabled" as const,
    };
    if (resource.after === undefined) drifts.push({ ...base, observed: "deleted", nextUp: "failNotFound" });
    else if (resource.after.status !== "disabled") drifts.push({ ...base, observed: "enabled", nextUp: "disable" });
  }
  drifts.sort((a, b) => compareText(a.serverId, b.serverId) || compareText(a.urn, b.urn));
  return { checked: ours.length, drifts };
}
