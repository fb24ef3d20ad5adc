/**
 * Which `McpServerDisablement` resources of the running update declare or hold each MCP server,
 * so that a delete never enables a server another resource of the stack still keeps disabled.
 *
 * Why in memory: the engine runs every dynamic resource of a stack through ONE provider plugin
 * process per update, and this module is loaded once in it (Node's module cache), whatever
 * provider text a resource's state holds. The engine also orders the steps so that the check
 * (and diff) of every resource still in the program, and the create of a renamed or moved one,
 * run before the deletes of resources that left the program (those run last). So when such a
 * delete runs, this registry knows every other resource that keeps its server disabled.
 *
 * - `declare` (from check and diff): the resource named `resourceName` is in the program with
 *   this server id.
 * - `hold` (from create and update): a resource switched the server off or adopted it in this
 *   update; it now records the server as disabled.
 */

/** Who else keeps a server disabled, as far as this update has seen. */
export interface OtherClaim {
  /** Name of that resource. */
  resourceName: string;
  /** `held`: it was created (or updated) in this update and records the server as disabled;
   * `declared`: it is in the program with this server id. */
  kind: "held" | "declared";
}

/** A resource's state as created or updated in this update. */
interface Hold {
  resourceName: string | undefined;
  /** `disabledAt` of that state (epoch ms), which tells the state apart from an older one. */
  disabledAt: number | undefined;
}

const declared = new Map<string, Set<string>>();
const held = new Map<string, Hold[]>();

/**
 * Forgets everything, as a new plugin process (a new update) starts. Never called by the
 * providers (see ARCHITECTURE "Engine assumptions"): for tests that run several updates in one
 * process.
 *
 * @internal
 */
export function resetClaims(): void {
  declared.clear();
  held.clear();
  enabledByMcpServers.clear();
}

/** Servers an `McpServer` of this update enabled (or created enabled). */
const enabledByMcpServers = new Set<string>();

/**
 * Records that an `McpServer` of this update enabled `serverId`. An `McpServerDisablement` of the
 * same server that runs later in the update then disables it again, even though its state says
 * disabled: the disablement wins (README, "Resource: `McpServer`").
 */
export function noteEnabledByMcpServer(serverId: string): void {
  enabledByMcpServers.add(serverId);
}

/** Whether an `McpServer` of this update enabled `serverId` (see {@link noteEnabledByMcpServer}). */
export function enabledByMcpServer(serverId: string): boolean {
  return enabledByMcpServers.has(serverId);
}

/** Records that `resourceName` is in the program with `serverId` (check, diff). */
export function declareServer(serverId: string, resourceName: string | undefined): void {
  if (resourceName === undefined) return;
  let names = declared.get(serverId);
  if (names === undefined) {
    names = new Set();
    declared.set(serverId, names);
  }
  names.add(resourceName);
}

/** Records that a resource's new state (create, update) keeps `serverId` disabled. */
export function holdServer(serverId: string, resourceName: string | undefined, disabledAt: number | undefined): void {
  let holds = held.get(serverId);
  if (holds === undefined) {
    holds = [];
    held.set(serverId, holds);
  }
  holds.push({ resourceName, disabledAt });
}

/**
 * Another resource that keeps `serverId` disabled, if any, for the delete of the state
 * `resourceName`/`disabledAt` (the name is undefined in state written by 0.1):
 * - any state created or updated in this update other than the one being deleted (a rename
 *   without `aliases`, a move to another resource, or a create-before-delete replacement: the
 *   new holder runs first);
 * - any OTHER resource the program declares with it (the same name is this resource's own
 *   delete-before-replace, which must restore first and disable again in its create).
 */
export function otherClaim(serverId: string, resourceName: string | undefined, disabledAt: number | undefined): OtherClaim | undefined {
  const self = (h: Hold) => h.resourceName === resourceName && h.disabledAt !== undefined && h.disabledAt === disabledAt;
  const holder = held.get(serverId)?.find((h) => !self(h));
  if (holder !== undefined) return { resourceName: holder.resourceName ?? "(unnamed)", kind: "held" };
  for (const name of declared.get(serverId) ?? []) {
    if (name !== resourceName) return { resourceName: name, kind: "declared" };
  }
  return undefined;
}
