/**
 * Drift of `KnowledgeFile` resources: the file's text edited in the console, or the file deleted
 * on the platform. The text is compared by its SHA-256 (`checksum`), as the provider's diff does;
 * the report names the change by checksum and line count, never by the text itself (it may be
 * long, and it is the platform's).
 */
import { isResourceType } from "../provider/engine/typeToken";
import type { RefreshedResource } from "./refreshEvents";
import { compareText, type FieldChange, type KnowledgeFileResourceDrift } from "./report";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** `sha256:<12 hex>, <n> lines`: a text as the report names it (never the text). */
function summary(props: Record<string, unknown>): string {
  const content = text(props.content);
  const lines = content === "" ? 0 : content.split("\n").length - (content.endsWith("\n") ? 1 : 0);
  return `sha256:${text(props.checksum).slice(0, 12)}, ${lines} ${lines === 1 ? "line" : "lines"}`;
}

/**
 * The drifted files among the refreshed resources, sorted by team, then path, then URN, and how
 * many `KnowledgeFile` resources were checked. A changed text is one field change `content`
 * (checksum and line count before and after); a deleted file is made again by the next `up`.
 */
export function knowledgeFileResourceDrifts(resources: readonly RefreshedResource[]): { checked: number; drifts: KnowledgeFileResourceDrift[] } {
  const ours = resources.filter((r) => isResourceType(r.type, "KnowledgeFile"));
  const drifts: KnowledgeFileResourceDrift[] = [];
  for (const resource of ours) {
    const teamId = typeof resource.before.teamId === "number" ? resource.before.teamId : 0;
    const base = { urn: resource.urn, resourceName: resource.urn.slice(resource.urn.lastIndexOf("::") + 2), teamId, path: text(resource.before.path) };
    if (resource.after === undefined) {
      drifts.push({ ...base, observed: "deleted", fields: [], nextUp: "create" });
      continue;
    }
    if (text(resource.before.checksum) === text(resource.after.checksum)) continue;
    const fields: FieldChange[] = [{ field: "content", before: summary(resource.before), after: summary(resource.after) }];
    drifts.push({ ...base, observed: "changed", fields, nextUp: "update" });
  }
  drifts.sort((a, b) => a.teamId - b.teamId || compareText(a.path, b.path) || compareText(a.urn, b.urn));
  return { checked: ours.length, drifts };
}
