/**
 * Implementation of the `McpServerDisablement` dynamic provider: the code the engine's
 * `pulumi-nodejs` plugin runs for check, diff, create, read, update and delete.
 *
 * This module is NOT serialized into state. The provider stored in state
 * (`mcpServerDisablement.ts`) only `require`s this module from the installed package at run
 * time, so the package version installed in the project decides the behaviour of `refresh` and
 * `destroy`, not the version that created the resource. Credentials are read here, at call
 * time, from the stack config that the engine hands to `configure` and from the environment.
 *
 * create, update and delete run under `untilSettled` (gracefulShutdown.ts): a SIGINT or SIGTERM
 * that reaches the plugin process while they call the platform lets them finish first, so the
 * engine, which cancels by waiting for the steps in flight, records what they did.
 *
 * @packageDocumentation
 */
import type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult } from "../engine/operations";
import type { FlashdutyClient, McpServer } from "../../sdk";
import { FlashdutyError, isFlashdutyApiError } from "../../sdk/errors";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { UNKNOWN_VALUE as UNKNOWN } from "../engine/unknown";
import { stackSettings } from "../client/stackSettings";
import { describeAccessDenied } from "../mcpServerControl/accessDenied";
import { declareServer, enabledByMcpServer, holdServer, otherClaim } from "../mcpServerControl/serverClaims";
import { untilSettled } from "../engine/gracefulShutdown";
import { beginRateLimitNotice } from "../client/rateLimitNotice";
import { ownerNoun } from "../engine/frontDoor";
/** The operation shapes these functions answer (`../engine/operations.ts`). */
export type { CheckFailure, CheckResult, ConfigureRequest, CreateResult, DiffResult, ReadResult, UpdateResult, ConfigSettings } from "../engine/operations";

/** Inputs after `check`: what the engine stores as the resource's inputs. */
export interface McpServerDisablementInputs {
  serverId: string;
  restoreOnDelete: RestoreOnDelete;
  /**
   * The Pulumi resource name, set by the resource class: tells this resource's own
   * delete-before-replace from another resource that keeps the server. Absent in state written
   * by 0.1.
   */
  resourceName?: string;
}

/** Outputs (state) of the resource; see `McpServerDisablement` for the meaning of each. */
export interface McpServerDisablementOutputs extends McpServerDisablementInputs {
  serverName: string;
  teamId: number;
  status: "enabled" | "disabled";
  disabledByThisResource: boolean;
  /** Epoch ms; absent when the server was adopted (already disabled). */
  disabledAt?: number;
  /**
   * When create found the server already disabled and adopted it, epoch ms; absent when this
   * resource disabled it, and in state written by earlier versions. The resource class warns, in the run
   * that adopted, when this falls after the program started.
   */
  adoptedAt?: number;
}

/**
 * What destroy does with the server: `true` enables it again if this resource disabled it
 * (`disabledByThisResource`); `"always"` also enables a server the resource adopted (found
 * already disabled); `false` leaves it disabled.
 */
export type RestoreOnDelete = boolean | "always";

/** Whether destroy should enable the server that `props` records (before looking at the platform). */
function restores(props: Pick<McpServerDisablementOutputs, "restoreOnDelete" | "disabledByThisResource">): boolean {
  const mode = props.restoreOnDelete ?? true;
  return mode === "always" || (mode === true && props.disabledByThisResource);
}

const settings = stackSettings();

/**
 * Receives the stack config (secrets decrypted). The engine's dynamic-provider process calls it
 * once per provider text, when that text is first used, so it may come in the middle of an
 * update (after an `McpServer`, or another version's text, has run): it must not reset what the
 * update's other resources recorded in `serverClaims.ts`. The process lives for one update, so
 * the claims need no reset.
 */
export async function configure(req: ConfigureRequest): Promise<void> {
  settings.configure(req);
}

const client = () => settings.client();

/** Validates inputs before any API call; each failure names the property and the rule. */
export async function check(_olds: Partial<McpServerDisablementInputs>, news: Record<string, unknown>): Promise<CheckResult<McpServerDisablementInputs>> {
  const failures: CheckFailure[] = [];
  const serverId = news.serverId;
  if (serverId !== UNKNOWN) {
    if (typeof serverId !== "string") {
      failures.push({
        property: "serverId",
        reason: `serverId must be a string (an MCP server id such as 'mcp_grafana'), got ${describe(serverId)}`,
      });
    } else if (serverId.trim() === "") {
      failures.push({ property: "serverId", reason: "serverId must be a non-empty string (got an empty or blank string)" });
    }
  }
  const restoreOnDelete = news.restoreOnDelete ?? true;
  if (restoreOnDelete !== UNKNOWN && typeof restoreOnDelete !== "boolean" && restoreOnDelete !== "always") {
    failures.push({
      property: "restoreOnDelete",
      reason: `restoreOnDelete must be true, false or "always", got ${describe(restoreOnDelete)}`,
    });
  }
  if (failures.length === 0 && typeof serverId === "string" && typeof news.resourceName === "string") {
    declareServer(serverId, news.resourceName);
  }
  return { inputs: { ...news, restoreOnDelete } as McpServerDisablementInputs, failures };
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * A new `serverId` replaces the resource, delete before create: the old resource enables its
 * server (if it disabled it) before the new one disables its own, so no step adopts a server
 * that the next step enables. `restoreOnDelete` and the recorded resource name (after a rename
 * with `aliases`, or on state written by 0.1) change in place with no API call; a server that
 * refresh found `enabled` again is an update (drift), which disables it again.
 */
export async function diff(_id: string, olds: McpServerDisablementOutputs, news: McpServerDisablementInputs): Promise<DiffResult> {
  if (typeof news.serverId === "string") declareServer(news.serverId, news.resourceName);
  const replaces = news.serverId !== olds.serverId ? ["serverId"] : [];
  // An McpServer of this update that enabled the server counts as drift too: the disablement wins.
  const drifted = olds.status === "enabled" || (typeof news.serverId === "string" && enabledByMcpServer(news.serverId));
  const restoreChanged = (news.restoreOnDelete ?? true) !== (olds.restoreOnDelete ?? true);
  const renamed = news.resourceName !== undefined && news.resourceName !== olds.resourceName;
  return { changes: replaces.length > 0 || drifted || restoreChanged || renamed, replaces, deleteBeforeReplace: true };
}

/**
 * Disables the server, or adopts it when it is already disabled (no write call then; records
 * `adoptedAt`, from which the resource class warns under `restoreOnDelete: true`: destroy will
 * leave that server disabled, and nothing tells a server this stack's interrupted run disabled
 * from one someone else did; see the README, "Interrupted runs").
 * Calls `POST /safari/mcp/server/get`, then `POST /safari/mcp/server/disable` if needed.
 *
 * @throws Error "MCP server '<id>' not found" for an unknown server (nothing is recorded)
 */
export function create(inputs: McpServerDisablementInputs): Promise<CreateResult<McpServerDisablementOutputs>> {
  return untilSettled(() => disable(inputs));
}

async function disable(inputs: McpServerDisablementInputs): Promise<CreateResult<McpServerDisablementOutputs>> {
  beginRateLimitNotice(subject(inputs.resourceName, inputs.serverId));
  const api = await client();
  const server = await getServer(api, inputs.serverId);
  const base = {
    serverId: inputs.serverId,
    restoreOnDelete: inputs.restoreOnDelete ?? true,
    ...(inputs.resourceName === undefined ? {} : { resourceName: inputs.resourceName }),
    serverName: server.serverName,
    teamId: server.teamId,
    status: "disabled" as const,
  };
  const byUs = server.status === "disabled" ? false : await switchServer(api, server, "disable");
  const outs: McpServerDisablementOutputs = byUs
    ? { ...base, disabledByThisResource: true, disabledAt: Date.now() }
    : { ...base, disabledByThisResource: false, adoptedAt: Date.now() };
  holdServer(inputs.serverId, inputs.resourceName, outs.disabledAt);
  return { id: inputs.serverId, outs };
}

/**
 * Reads the server's real status so drift shows in `pulumi preview --refresh`. A server that
 * no longer exists drops the resource from the stack. Calls `POST /safari/mcp/server/get`, or
 * `server/list` pages shared with the other reads arriving together (`getBatched`).
 *
 * Also serves `McpServerDisablement.get`, where `props` holds only what the program passed (no
 * `serverId`: the id names the server): a server this resource never disabled, so
 * `disabledByThisResource` is false and `restoreOnDelete` the default unless given (refresh
 * always finds both in state). An unknown server fails the `get` with "MCP server '<id>' not
 * found" (the engine would record an empty resource for a read that finds nothing).
 */
export async function read(id: string, props: Partial<McpServerDisablementOutputs>): Promise<ReadResult<McpServerDisablementOutputs>> {
  const serverId = props.serverId ?? id;
  beginRateLimitNotice(subject(props.resourceName, serverId));
  const api = await client();
  let server: McpServer;
  if (props.serverId === undefined) server = await getServer(api, serverId);
  else {
    try {
      server = await api.mcpServers.getBatched({ serverId });
    } catch (err) {
      if (isFlashdutyApiError(err) && err.isNotFound) return {};
      throw err;
    }
  }
  return {
    id,
    props: {
      ...props,
      serverId,
      serverName: server.serverName,
      teamId: server.teamId,
      status: server.status,
      restoreOnDelete: props.restoreOnDelete ?? true,
      disabledByThisResource: props.disabledByThisResource ?? false,
    },
  };
}

/**
 * Disables the server again when refresh found it enabled (drift); otherwise (only
 * `restoreOnDelete` changed) makes no API call.
 */
export function update(_id: string, olds: McpServerDisablementOutputs, news: McpServerDisablementInputs): Promise<UpdateResult<McpServerDisablementOutputs>> {
  return untilSettled(() => redisable(olds, news));
}

async function redisable(olds: McpServerDisablementOutputs, news: McpServerDisablementInputs): Promise<UpdateResult<McpServerDisablementOutputs>> {
  const outs: McpServerDisablementOutputs = {
    ...olds,
    restoreOnDelete: news.restoreOnDelete ?? true,
    ...(news.resourceName === undefined ? {} : { resourceName: news.resourceName }),
  };
  if (olds.status !== "enabled" && !enabledByMcpServer(olds.serverId)) {
    holdServer(olds.serverId, outs.resourceName, outs.disabledAt);
    return { outs };
  }
  beginRateLimitNotice(subject(outs.resourceName, olds.serverId));
  const api = await client();
  const byUs = await switchServer(api, { serverId: olds.serverId, teamId: olds.teamId }, "disable");
  // `disabledByThisResource` keeps recording what destroy restores: an adopted server was
  // disabled before this stack existed, so it stays disabled on destroy even after drift.
  const updated: McpServerDisablementOutputs = { ...outs, status: "disabled", ...(byUs ? { disabledAt: Date.now() } : {}) };
  holdServer(olds.serverId, updated.resourceName, updated.disabledAt);
  return { outs: updated };
}

/**
 * Puts back what this resource changed: when the server is still disabled and either
 * `restoreOnDelete` is `true` and `disabledByThisResource`, or `restoreOnDelete` is `"always"`,
 * enables it. A server that is gone or already enabled, or an adopted one under `true`, needs no
 * call. Calls `POST /safari/mcp/server/get` and `POST /safari/mcp/server/enable`.
 *
 * Never enables a server that another resource of the stack keeps disabled in this update (a
 * rename without `aliases`, a server moved to another resource, a duplicate in an older stack):
 * it leaves the server disabled and warns, naming the `aliases` resource option.
 */
export function deleteResource(_id: string, props: McpServerDisablementOutputs): Promise<void> {
  return untilSettled(() => restore(props));
}

async function restore(props: McpServerDisablementOutputs): Promise<void> {
  if (!restores(props)) return;
  const other = otherClaim(props.serverId, props.resourceName, props.disabledAt);
  if (other !== undefined) {
    console.error(escapeTerminalControls(leftDisabledWarning(props, other.resourceName)));
    return;
  }
  beginRateLimitNotice(subject(props.resourceName, props.serverId));
  const api = await client();
  let server: McpServer;
  try {
    server = await api.mcpServers.get({ serverId: props.serverId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) return;
    throw err;
  }
  if (server.status === "enabled") return;
  await switchServer(api, server, "enable");
}

/** How the rate-limit line names a resource: `McpServerDisablement "web" (mcp_grafana)`. */
function subject(resourceName: string | undefined, serverId: string): string {
  return `McpServerDisablement ${resourceName === undefined ? "" : `"${resourceName}" `}(${serverId})`;
}

/** The warning of a delete that leaves its server to another resource (shown by the CLI). */
function leftDisabledWarning(props: McpServerDisablementOutputs, other: string): string {
  const self = props.resourceName === undefined ? "An McpServerDisablement" : `McpServerDisablement "${props.resourceName}"`;
  return (
    `warning: ${self} was deleted but MCP server '${props.serverId}' stays disabled: resource "${other}" of this ${ownerNoun()} ` +
    `declares it now. Its restore-on-destroy intent is not carried over ("${other}" adopted the server, so destroying it ` +
    `will leave the server disabled). To rename a resource without losing that intent, keep its old name in the ` +
    `"aliases" resource option, e.g. { aliases: [{ name: "${props.resourceName ?? "<old name>"}" }] }.`
  );
}

async function getServer(api: FlashdutyClient, serverId: string): Promise<McpServer> {
  try {
    return await api.mcpServers.get({ serverId });
  } catch (err) {
    if (isFlashdutyApiError(err) && err.isNotFound) {
      throw new Error(escapeTerminalControls(`MCP server '${serverId}' not found (${err.operation}, ${err.code}, request id ${err.requestId ?? "none"})`));
    }
    throw err;
  }
}

/**
 * Calls disable or enable once (the client retries safe failures itself) and reconciles when
 * the outcome is unclear: after an ambiguous failure (the request may have been applied) or an
 * `InvalidParameter` (already in that state; these operations are not idempotent), it reads the
 * server again and accepts the target state as success.
 *
 * @returns true when this call (or its lost earlier attempt) switched the server, false when
 *   someone else had already put it in the target state
 */
async function switchServer(api: FlashdutyClient, server: Pick<McpServer, "serverId" | "teamId">, action: "disable" | "enable"): Promise<boolean> {
  const target = action === "disable" ? "disabled" : "enabled";
  try {
    await api.mcpServers[action]({ serverId: server.serverId });
    return true;
  } catch (err) {
    const ambiguous = err instanceof FlashdutyError && err.mayHaveApplied;
    if (ambiguous || (isFlashdutyApiError(err) && err.isInvalidParameter)) {
      const now = await api.mcpServers.get({ serverId: server.serverId });
      if (now.status === target) return ambiguous;
    }
    if (isFlashdutyApiError(err) && err.isAccessDenied) throw new Error(describeAccessDenied(err, server, action));
    throw err;
  }
}
