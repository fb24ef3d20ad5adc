/** `flashduty-one-resource-per-server`: a server is kept off by one resource only. */
import type { StackValidationPolicy } from "@pulumi/policy";
import { declaredDisablements, type DeclaredDisablement } from "./mcpServerResources";
import type { PolicyOptions } from "./policyConfig";

export const ONE_RESOURCE_PER_SERVER = "flashduty-one-resource-per-server";

/**
 * Stack policy: no two `McpServerDisablement` resources for one server id (the first destroyed
 * would enable the server the other still declares disabled). One violation per server id,
 * naming the resources in name order, reported on the second of them. Default enforcement: mandatory.
 */
export function oneResourcePerServerPolicy(options: PolicyOptions<Record<string, never>> = {}): StackValidationPolicy {
  return {
    name: ONE_RESOURCE_PER_SERVER,
    description: "No two McpServerDisablement resources may manage the same MCP server.",
    enforcementLevel: options.enforcementLevel ?? "mandatory",
    validateStack: (args, reportViolation) => {
      const byServer = new Map<string, DeclaredDisablement[]>();
      for (const d of declaredDisablements(args.resources)) {
        if (d.serverId === undefined) continue;
        byServer.set(d.serverId, [...(byServer.get(d.serverId) ?? []), d]);
      }
      for (const [serverId, list] of byServer) {
        if (list.length < 2) continue;
        // Registration order varies from run to run; names do not.
        list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        const names = list.map((d) => `"${d.name}"`).join(", ");
        reportViolation(`MCP server ${serverId} is managed by ${list.length} McpServerDisablement resources (${names}); keep one.`, list[1]!.urn);
      }
    },
  };
}
