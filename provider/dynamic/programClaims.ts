/**
 * Which resources of this program run declare which MCP server: the warnings a preview shows,
 * before any API call, when two resources of the stack declare one server. One registry for
 * `McpServerDisablement` and `McpServer`, so that each pair is seen whichever is declared first.
 */
import * as pulumi from "@pulumi/pulumi";
import { escapeTerminalControls } from "../../sdk/terminalText";

/** The kinds of resource that declare an MCP server. */
export type ServerDeclarer = "McpServerDisablement" | "McpServer";

interface Declaration {
  kind: ServerDeclarer;
  name: string;
}

/** Server ids declared so far in this program run (id -> first declaration of each kind), per stack resource (a new one each run). */
const declaredServers = new WeakMap<object, Map<string, Declaration[]>>();
const noStack = {};

/**
 * Records that resource `name` of `kind` declares `serverId` (once known) and warns on the
 * resource when another resource of the stack already declared it:
 * - two `McpServerDisablement`: the stack stays correct, but one resource per server is the intent;
 * - an `McpServer` and an `McpServerDisablement`: the disablement wins;
 * - two `McpServer`: both would manage one server; keep one.
 * The policy `flashduty-one-resource-per-server` (`pulumi-flashduty/policy`) can enforce all three.
 */
export function declareServerInProgram(kind: ServerDeclarer, name: string, serverId: pulumi.Input<string> | undefined, resource: pulumi.Resource): void {
  const run = pulumi.runtime.getStackResource() ?? noStack;
  let servers = declaredServers.get(run);
  if (servers === undefined) {
    servers = new Map();
    declaredServers.set(run, servers);
  }
  const seen = servers;
  pulumi.output(serverId).apply((id) => {
    if (typeof id !== "string") return;
    const earlier = seen.get(id) ?? [];
    const other = earlier.find((d) => d.name !== name || d.kind !== kind);
    if (!earlier.some((d) => d.kind === kind)) seen.set(id, [...earlier, { kind, name }]);
    if (other === undefined) return;
    void pulumi.log.warn(escapeTerminalControls(duplicateMessage(other, { kind, name }, id)), resource);
  });
}

function duplicateMessage(first: Declaration, second: Declaration, id: string): string {
  if (first.kind === "McpServerDisablement" && second.kind === "McpServerDisablement") {
    return (
      `McpServerDisablement resources "${first.name}" and "${second.name}" both declare MCP server '${id}'. The server stays ` +
      `disabled while either exists and is restored once when the one that disabled it is destroyed, but declare each ` +
      `server once (to rename a resource, give the new name the old one in the "aliases" resource option; the policy ` +
      `flashduty-one-resource-per-server of pulumi-flashduty/policy can enforce it).`
    );
  }
  if (first.kind !== second.kind) {
    const server = first.kind === "McpServer" ? first.name : second.name;
    const disablement = first.kind === "McpServer" ? second.name : first.name;
    return (
      `McpServer "${server}" and McpServerDisablement "${disablement}" both declare MCP server '${id}': the disablement wins ` +
      `(the server stays disabled), but "pulumi preview --refresh" keeps showing the McpServer's enabled as drift. ` +
      `To keep a declared server off, set enabled: false on the McpServer and remove the disablement.`
    );
  }
  return `McpServer resources "${first.name}" and "${second.name}" both declare MCP server '${id}': keep one of them (each would write the server).`;
}
