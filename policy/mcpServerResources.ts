/**
 * The `McpServerDisablement` resources of a stack as policies see them: the engine's type token
 * and the inputs (`__provider`, the serialized dynamic provider, is stripped before policies run).
 */
import type { PolicyResource } from "@pulumi/policy";
import { MCP_SERVER_DISABLEMENT_TYPE } from "../provider/engine/typeToken";

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

/** True for an `McpServerDisablement` (by type token). */
export function isMcpServerDisablement(type: string): boolean {
  return type === MCP_SERVER_DISABLEMENT_TYPE;
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
