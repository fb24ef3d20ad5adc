/**
 * The resources the provider plugin serves, each on the SAME implementation module the dynamic
 * resource of the npm package calls (`provider/<noun>/provider.ts`): one implementation, two
 * front doors. What the plugin adds per resource is only what the gRPC protocol asks for and the
 * dynamic provider protocol has no room for: which properties stay secret, and which fields a
 * diff names (`detailedDiff`).
 *
 * @packageDocumentation
 */
import type * as pulumi from "@pulumi/pulumi";
import * as automationRule from "../provider/automationRule/provider";
import * as mcpServer from "../provider/mcpServer/provider";
import { SECRET_FIELDS as MCP_SERVER_SECRET_FIELDS } from "../provider/mcpServer/fields";
import * as mcpServerDisablement from "../provider/mcpServerDisablement/provider";

/** Properties as the implementations take them (each module types its own). */
type Props = Record<string, unknown>;

/** The functions of one implementation module, as the dynamic provider calls them. */
export interface ResourceImplementation {
  configure(req: pulumi.dynamic.ConfigureRequest): Promise<void>;
  check(olds: Props, news: Props): Promise<pulumi.dynamic.CheckResult<Props>>;
  diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: Props): Promise<pulumi.dynamic.CreateResult<Props>>;
  read(id: string, props: Props): Promise<pulumi.dynamic.ReadResult<Props>>;
  update(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.UpdateResult<Props>>;
  deleteResource(id: string, props: Props): Promise<void>;
}

/** One resource of the plugin. */
export interface PluginResource {
  /** Type token, e.g. `flashduty:index:AutomationRule`. */
  token: string;
  implementation: ResourceImplementation;
  /** Inputs kept secret whatever the program sent (also in the inputs state records). */
  secretInputs: readonly string[];
  /** Outputs always returned as secrets. */
  secretOutputs: readonly string[];
  /**
   * The properties a diff that found changes names, given the state (`olds`), the checked inputs
   * (`news`) and the implementation's own diff; each one's kind is decided by the caller (a name
   * in `replaces` replaces). An output-only name (`outputOnly`) is marked as not an input diff.
   */
  changedProperties(olds: Record<string, unknown>, news: Record<string, unknown>, diff: pulumi.dynamic.DiffResult): string[];
  /** Changed properties that are outputs only (drift found by refresh). */
  outputOnly?: readonly string[];
  /** Sets what the dynamic resource class passes and the plugin learns from the URN (before check). */
  prepareInputs?(news: Record<string, unknown>, resourceName: string): Record<string, unknown>;
}

const DISABLEMENT: PluginResource = {
  token: "flashduty:index:McpServerDisablement",
  implementation: mcpServerDisablement as unknown as ResourceImplementation,
  secretInputs: [],
  secretOutputs: [],
  changedProperties(olds, news, result) {
    const names = new Set(result.replaces ?? []);
    if ((news.restoreOnDelete ?? true) !== (olds.restoreOnDelete ?? true)) names.add("restoreOnDelete");
    if (olds.status === "enabled") names.add("status");
    if (news.resourceName !== undefined && news.resourceName !== olds.resourceName) names.add("resourceName");
    return [...names];
  },
  outputOnly: ["status"],
  // The dynamic resource class passes its own name (a delete tells its own replacement from
  // another resource keeping the server by it); the plugin knows it from the URN.
  prepareInputs: (news, resourceName) => ({ ...news, resourceName }),
};

const AUTOMATION_RULE: PluginResource = {
  token: "flashduty:index:AutomationRule",
  implementation: automationRule as unknown as ResourceImplementation,
  secretInputs: [],
  secretOutputs: ["httpPostToken"],
  changedProperties(olds, news, result) {
    const names = new Set<string>(automationRule.changedFields(olds, news));
    if ((news.httpPostTokenRotation ?? "") !== (olds.httpPostTokenRotation ?? "")) names.add("httpPostTokenRotation");
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
};

const MCP_SERVER: PluginResource = {
  token: "flashduty:index:McpServer",
  implementation: mcpServer as unknown as ResourceImplementation,
  secretInputs: MCP_SERVER_SECRET_FIELDS,
  secretOutputs: MCP_SERVER_SECRET_FIELDS,
  changedProperties(olds, news, result) {
    const names = new Set<string>(mcpServer.changedFields(olds, news));
    for (const name of result.replaces ?? []) names.add(name);
    return [...names];
  },
};

/** Every resource of the plugin, by type token. */
export const RESOURCES: ReadonlyMap<string, PluginResource> = new Map([DISABLEMENT, AUTOMATION_RULE, MCP_SERVER].map((r) => [r.token, r]));
