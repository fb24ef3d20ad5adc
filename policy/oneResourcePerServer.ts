/** `flashduty-one-resource-per-server`: a server is managed by one resource only. */
import type { StackValidationPolicy } from "@pulumi/policy";
import { markdownCode } from "../sdk/markdownText";
import { declaredDisablements, declaredMcpServers, type DeclaredDisablement, type DeclaredMcpServer } from "./mcpServerResources";
import type { PolicyOptions } from "./policyConfig";

export const ONE_RESOURCE_PER_SERVER = "flashduty-one-resource-per-server";

/** Program text in a violation message: an inert code span, as the other policies show platform text. */
function quoted(text: string): string {
  return markdownCode(text, { maxLength: 200 }) || '""';
}

/** `list` sorted by resource name: registration order varies from run to run; names do not. */
function byName<T extends { name: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `map[key]` with `value` appended. */
function add<T>(map: Map<string, T[]>, key: string, value: T): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

/**
 * Stack policy, one violation per server, naming the resources in name order. Reports: two
 * `McpServerDisablement` resources for one server id (the first destroyed would enable the
 * server the other still declares disabled), on the second of them; an `McpServer` and an
 * `McpServerDisablement` of one server id (`serverId` of both), on the `McpServer`: the
 * disablement wins, the server stays disabled; two `McpServer` resources of one server id, or
 * with one `serverName` (case-insensitively) in one scope (`teamId`, 0 or unset: account-wide),
 * on the second of them. Values not known at preview (a new server's id) are not matched.
 * Default enforcement: mandatory.
 */
export function oneResourcePerServerPolicy(options: PolicyOptions<Record<string, never>> = {}): StackValidationPolicy {
  return {
    name: ONE_RESOURCE_PER_SERVER,
    description: "Each MCP server may be managed by one resource only: one McpServerDisablement or one McpServer.",
    enforcementLevel: options.enforcementLevel ?? "mandatory",
    validateStack: (args, reportViolation) => {
      const disablements = new Map<string, DeclaredDisablement[]>();
      for (const d of declaredDisablements(args.resources)) if (d.serverId !== undefined) add(disablements, d.serverId, d);
      for (const [serverId, found] of disablements) {
        if (found.length < 2) continue;
        const list = byName(found);
        const names = list.map((d) => `"${d.name}"`).join(", ");
        reportViolation(`MCP server ${serverId} is managed by ${list.length} McpServerDisablement resources (${names}); keep one.`, list[1]!.urn);
      }
      for (const { message, urn } of mcpServerConflicts(declaredMcpServers(args.resources), disablements)) reportViolation(message, urn);
    },
  };
}

/** The violations about `McpServer` resources: against the disablements (by server id), and among themselves. */
function mcpServerConflicts(
  servers: readonly DeclaredMcpServer[],
  disablements: ReadonlyMap<string, DeclaredDisablement[]>,
): { message: string; urn: string }[] {
  const found: { message: string; urn: string }[] = [];
  const byId = new Map<string, DeclaredMcpServer[]>();
  const byScopedName = new Map<string, DeclaredMcpServer[]>();
  for (const s of servers) {
    if (s.serverId !== undefined) add(byId, s.serverId, s);
    if (s.serverName !== undefined && s.teamId !== undefined) add(byScopedName, `${s.teamId}\n${s.serverName.toLowerCase()}`, s);
  }
  const sortedIds = [...byId.keys()].sort();
  for (const serverId of sortedIds) {
    const declared = byName(byId.get(serverId)!);
    const disabled = disablements.get(serverId);
    if (disabled !== undefined) {
      const ons = declared.map((s) => quoted(s.name)).join(", ");
      const offs = byName(disabled)
        .map((d) => quoted(d.name))
        .join(", ");
      found.push({
        message:
          `MCP server ${quoted(serverId)} is declared by McpServer ${ons} and kept disabled by McpServerDisablement ${offs}: ` +
          "the disablement wins, so the server stays disabled and McpServer does not enable it. Keep one: remove the " +
          "McpServerDisablement to let McpServer manage the server (with enabled: false to keep it off), or remove the McpServer.",
        urn: declared[0]!.urn,
      });
    }
    if (declared.length > 1) {
      found.push({
        message: `MCP server ${quoted(serverId)} is declared by ${declared.length} McpServer resources (${declared.map((s) => quoted(s.name)).join(", ")}); keep one.`,
        urn: declared[1]!.urn,
      });
    }
  }
  const sortedNames = [...byScopedName.keys()].sort();
  for (const key of sortedNames) {
    const declared = byName(byScopedName.get(key)!);
    if (declared.length < 2) continue;
    // Already reported by id when they all name one server id.
    const ids = new Set(declared.map((s) => s.serverId));
    if (ids.size === 1 && !ids.has(undefined)) continue;
    const teamId = declared[0]!.teamId!;
    const scope = teamId === 0 ? "account-wide" : `in team ${teamId}`;
    const names = declared.map((s) => `${quoted(s.name)} (${quoted(s.serverName!)})`).join(", ");
    found.push({
      message: `${declared.length} McpServer resources declare the same server name ${scope} (${names}; names compare case-insensitively); keep one.`,
      urn: declared[1]!.urn,
    });
  }
  return found;
}
