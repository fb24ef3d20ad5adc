/**
 * The `McpServerDisablement` and `McpServer` resources of a stack as policies see them: the
 * engine's type token (the dynamic resource's or the provider plugin's, provider/engine/typeToken.ts)
 * and the inputs, which have the same names and shapes in both forms (`__provider`, the
 * serialized dynamic provider, is stripped before policies run). Secret inputs arrive unwrapped, as plain values that cannot be told from
 * values the program did not make secret (docs/policy-pack.md, "What the policies see").
 */
import type { PolicyResource } from "@pulumi/policy";
import { isResourceType } from "../provider/engine/typeToken";

/** One declared disablement. */
export interface DeclaredDisablement {
  urn: string;
  /** The resource's name in the program. */
  name: string;
  /** The `serverId` input; undefined when not known yet (a preview of a computed value). */
  serverId?: string;
  /** The `restoreOnDelete` input (`true`, `false` or `"always"`); undefined means the default (true). */
  restoreOnDelete?: boolean | "always";
}

/**
 * True for an `McpServerDisablement`, by type token in either form: the dynamic resource's
 * (`pulumi-nodejs:dynamic/flashduty:McpServerDisablement`) or the provider plugin's
 * (`flashduty:index:McpServerDisablement`, a YAML, Python or Go program).
 */
export function isMcpServerDisablement(type: string): boolean {
  return isResourceType(type, "McpServerDisablement");
}

/** The disablements among `resources`, in stack order. */
export function declaredDisablements(resources: PolicyResource[]): DeclaredDisablement[] {
  return resources.filter((r) => isMcpServerDisablement(r.type)).map((r) => toDisablement(r.urn, r.name, r.props));
}

/** A disablement from one resource's URN, name and inputs. */
export function toDisablement(urn: string, name: string, props: Record<string, unknown>): DeclaredDisablement {
  const serverId = typeof props.serverId === "string" ? props.serverId : undefined;
  const restoreOnDelete = typeof props.restoreOnDelete === "boolean" || props.restoreOnDelete === "always" ? props.restoreOnDelete : undefined;
  return { urn, name, serverId, restoreOnDelete };
}

/** One declared `McpServer`, as far as its inputs (or, after an update, its outputs) are known. */
export interface DeclaredMcpServer {
  urn: string;
  /** The resource's name in the program. */
  name: string;
  /** `serverId`: the adopted server's id (input) or the server's id (output); undefined when absent or not known yet. */
  serverId?: string;
  /** `serverName`; undefined when not known yet. */
  serverName?: string;
  /** `teamId`, 0 for account-wide (absent or 0); undefined when not known yet. */
  teamId?: number;
}

/** True for an `McpServer`, by type token in either form (`pulumi-nodejs:dynamic/flashduty:McpServer`, `flashduty:index:McpServer`). */
export function isMcpServer(type: string): boolean {
  return isResourceType(type, "McpServer");
}

/** The `McpServer` resources among `resources`, in stack order. */
export function declaredMcpServers(resources: readonly PolicyResource[]): DeclaredMcpServer[] {
  return resources.filter((r) => isMcpServer(r.type)).map((r) => toMcpServer(r.urn, r.name, r.props));
}

/** An `McpServer` from one resource's URN, name and inputs. */
export function toMcpServer(urn: string, name: string, props: Record<string, unknown>): DeclaredMcpServer {
  const serverId = knownProp(props, "serverId");
  const serverName = knownProp(props, "serverName");
  const teamId = knownProp(props, "teamId");
  return {
    urn,
    name,
    ...(typeof serverId === "string" && serverId !== "" ? { serverId } : {}),
    ...(typeof serverName === "string" ? { serverName } : {}),
    ...(teamId === undefined || teamId === null ? { teamId: 0 } : typeof teamId === "number" ? { teamId } : {}),
  };
}

/** What {@link knownProp} gives for a value the engine does not know yet. */
export const UNKNOWN: unique symbol = Symbol("unknown at preview");

/** The engine's placeholder for a value not known at preview (it sends this one for every type). */
const UNKNOWN_SENTINEL = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * `props[key]`, or {@link UNKNOWN} when the engine does not know it yet (a preview of a computed
 * value). The engine's props throw `UnknownValueError` on such a value, which would turn the whole
 * policy into "can't run during preview"; plain objects carry the placeholder itself.
 */
export function knownProp(props: Record<string, unknown>, key: string): unknown {
  let value: unknown;
  try {
    value = props[key];
  } catch (err) {
    // @pulumi/policy's UnknownValueError (not imported: its module starts the policy server's gRPC code).
    if (err instanceof Error && "unknownTypeSentinel" in err) return UNKNOWN;
    throw err;
  }
  return value === UNKNOWN_SENTINEL ? UNKNOWN : value;
}
