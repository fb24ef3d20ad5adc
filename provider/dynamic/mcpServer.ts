import * as pulumi from "@pulumi/pulumi";
import type { Equal } from "../../wire/typeAssert";
import { suspendStackTraces } from "../engine/stackTraces";
import { checkGetSupported } from "./resourceGet";
import { fieldsNotWhere } from "../engine/declaration";
import { STORED_PROVIDER_KEY, storedProviderText } from "../engine/storedProviderText";
import { MCP_SERVER_TYPE } from "../engine/typeToken";
import { declareServerInProgram } from "./programClaims";
import { MCP_SERVER } from "../mcpServer/declaration";
import { SECRET_FIELDS } from "../mcpServer/fields";

/** A JSON value, as `secretSchema` and `oauthMetadata` are written in a program. */
export type McpServerJson = string | number | boolean | null | McpServerJson[] | { [key: string]: McpServerJson };

/** Arguments of {@link McpServer}: the server's fields in camelCase (timeouts in seconds). */
export interface McpServerArgs {
  /** A letter, then letters, digits, `-` and `_`; at most 64 characters; unique in its scope (account-wide, or one team), case-insensitively. */
  serverName: pulumi.Input<string>;
  /**
   * Free text, at most 1024 characters. The platform cannot clear a description once set: check
   * refuses `""` then (as it refuses a timeout set back to 0, or an emptied `command`, `url`,
   * `secretSchema` or `oauthMetadata`); leave the field out to stop managing it. Left out, it is
   * `""` at create and not managed afterwards (a change made in the console stays).
   */
  description?: pulumi.Input<string>;
  /** `stdio` (a command the runner starts) or `sse` / `streamable-http` (a URL). */
  transport: pulumi.Input<"stdio" | "sse" | "streamable-http">;
  /** stdio only (required for it): the command. */
  command?: pulumi.Input<string>;
  /** stdio only: its arguments. Default `[]`. */
  args?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * stdio only: environment variables. Secret, and write-only: the outputs hold a salted digest of
   * each value (`scrypt:<salt>:<hash>`), never the value (docs/reliability.md#secrets-in-logs).
   * Default `{}`.
   */
  env?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** sse / streamable-http only (required for them): the server URL. */
  url?: pulumi.Input<string>;
  /**
   * sse / streamable-http only: HTTP headers. Secret, and write-only: the outputs hold a salted
   * digest of each value (`scrypt:<salt>:<hash>`), never the value
   * (docs/reliability.md#secrets-in-logs). Default `{}`.
   */
  headers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /**
   * 0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the
   * server in place. Left out, it is `0` at create and not managed afterwards (a change made in the
   * console stays).
   */
  teamId?: pulumi.Input<number>;
  /** Runner environments (`cloud`, BYOC runner ids). Default `[]` = every environment. */
  environments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Seconds, 0..300; 0 = the platform default (10 s). Left out, it is `0` at create and not managed afterwards (a change made in the console stays). */
  connectTimeoutSeconds?: pulumi.Input<number>;
  /** Seconds, 0..3600; 0 = the platform default (60 s). Left out, it is `0` at create and not managed afterwards (a change made in the console stays). */
  callTimeoutSeconds?: pulumi.Input<number>;
  /**
   * `shared`, `per_user_secret` (needs `secretSchema`) or `per_user_oauth`. Left out, it is
   * `"shared"` at create and not managed afterwards (a change made in the console stays).
   */
  authMode?: pulumi.Input<"shared" | "per_user_secret" | "per_user_oauth">;
  /** The per-user secrets the server needs, as a structured value (sent as JSON text); JSON text of an object or array is read as that value. */
  secretSchema?: pulumi.Input<McpServerJson>;
  /** OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text). */
  oauthMetadata?: pulumi.Input<McpServerJson>;
  /** Testing only: allow OAuth over plain HTTP. Left out, it is `false` at create and not managed afterwards (a change made in the console stays). */
  allowInsecureOauthHttp?: pulumi.Input<boolean>;
  /** Testing only: skip TLS certificate checks. Left out, it is `false` at create and not managed afterwards (a change made in the console stays). */
  allowInsecureTlsSkipVerify?: pulumi.Input<boolean>;
  /**
   * Whether the server is enabled. An `McpServerDisablement` of the same server wins over `true`.
   * Left out, it is `true` at create and not managed afterwards (a change made in the console
   * stays).
   */
  enabled?: pulumi.Input<boolean>;
  /**
   * Adopts an existing server instead of creating one: create reads it and updates it to the
   * declared fields. Naming another server replaces the resource. (The dynamic resource cannot be
   * imported: adopt a server made in the console with this.)
   */
  serverId?: pulumi.Input<string>;
}

/** The state of an {@link McpServer} as the stack records it; the third argument of {@link McpServer.get}. */
export interface McpServerState {
  /** Server id (`mcp_...`). For `get`, the id argument names the server and this is ignored. */
  serverId?: pulumi.Input<string>;
  /** A letter, then letters, digits, `-` and `_`; at most 64 characters; unique in its scope (account-wide, or one team), case-insensitively. */
  serverName?: pulumi.Input<string>;
  /**
   * Free text, at most 1024 characters. The platform cannot clear a description once set: check
   * refuses `""` then (as it refuses a timeout set back to 0, or an emptied `command`, `url`,
   * `secretSchema` or `oauthMetadata`); leave the field out to stop managing it. Default `""`.
   */
  description?: pulumi.Input<string>;
  /** `stdio` (a command the runner starts) or `sse` / `streamable-http` (a URL). */
  transport?: pulumi.Input<string>;
  /** stdio only (required for it): the command. */
  command?: pulumi.Input<string>;
  /** stdio only: its arguments. Default `[]`. */
  args?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * stdio only: environment variables. Secret, and write-only: the outputs hold a salted digest of
   * each value (`scrypt:<salt>:<hash>`), never the value (docs/reliability.md#secrets-in-logs).
   * Default `{}`.
   */
  env?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** sse / streamable-http only (required for them): the server URL. */
  url?: pulumi.Input<string>;
  /**
   * sse / streamable-http only: HTTP headers. Secret, and write-only: the outputs hold a salted
   * digest of each value (`scrypt:<salt>:<hash>`), never the value
   * (docs/reliability.md#secrets-in-logs). Default `{}`.
   */
  headers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** 0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the server in place. Default `0`. */
  teamId?: pulumi.Input<number>;
  /** Runner environments (`cloud`, BYOC runner ids). Default `[]` = every environment. */
  environments?: pulumi.Input<pulumi.Input<string>[]>;
  /** Seconds, 0..300; 0 = the platform default (10 s). */
  connectTimeoutSeconds?: pulumi.Input<number>;
  /** Seconds, 0..3600; 0 = the platform default (60 s). */
  callTimeoutSeconds?: pulumi.Input<number>;
  /** `shared`, `per_user_secret` (needs `secretSchema`) or `per_user_oauth`. Default `"shared"`. */
  authMode?: pulumi.Input<string>;
  /** The per-user secrets the server needs, as a structured value (sent as JSON text); JSON text of an object or array is read as that value. */
  secretSchema?: pulumi.Input<McpServerJson>;
  /** OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text). */
  oauthMetadata?: pulumi.Input<McpServerJson>;
  /** Testing only: allow OAuth over plain HTTP. Default `false`. */
  allowInsecureOauthHttp?: pulumi.Input<boolean>;
  /** Testing only: skip TLS certificate checks. Default `false`. */
  allowInsecureTlsSkipVerify?: pulumi.Input<boolean>;
  /** Whether the server is enabled. An `McpServerDisablement` of the same server wins over `true`. Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Owning account. */
  accountId?: pulumi.Input<number>;
  /** Creation time, epoch milliseconds. */
  createdAt?: pulumi.Input<number>;
  /** Last update time, epoch milliseconds. */
  updatedAt?: pulumi.Input<number>;
  /** Member id of the creator. */
  createdBy?: pulumi.Input<number>;
  /** Whether the app key's member may edit the server. */
  canEdit?: pulumi.Input<boolean>;
  /** The description the platform wrote for the AI agent. */
  aiDescription?: pulumi.Input<string>;
  /** The proxy the platform reaches the server through (set by the platform). */
  proxyUrl?: pulumi.Input<string>;
  /** The marketplace template the server was made from, or `""`. */
  sourceTemplateName?: pulumi.Input<string>;
  /** The keys of `env`, sorted: not secret, so drift reports can name a key added or removed in the console. */
  envKeys?: pulumi.Input<pulumi.Input<string>[]>;
  /** The keys of `headers`, sorted: not secret, so drift reports can name a key added or removed in the console. */
  headersKeys?: pulumi.Input<pulumi.Input<string>[]>;
}

/**
 * The outputs of {@link McpServer}: every field of its declaration but its bookkeeping
 * (`adoptedServerId`), checked against the class's state type at compile time.
 *
 * @internal
 */
export const STATE_KEYS = fieldsNotWhere(MCP_SERVER.fields, { bookkeeping: true }) satisfies readonly (keyof McpServerState)[];
true satisfies Equal<(typeof STATE_KEYS)[number], keyof McpServerState>;

/**
 * The provider stored in state (`__provider`), as the other resources store theirs.
 *
 * FROZEN CONTRACT: the module path `pulumi-flashduty/provider/mcpServerProvider` and the names
 * called there must never change or disappear; every stack keeps this text in its state.
 *
 * @internal
 */
export const STORED_PROVIDER_TEXT = storedProviderText("pulumi-flashduty/provider/mcpServerProvider");

/**
 * An MCP server (connector) of the Flashduty AI SRE platform, declared whole. A dynamic resource:
 * type token `pulumi-nodejs:dynamic/flashduty:McpServer`.
 *
 * - check (preview, before any call): name syntax, the transport's own fields (a `url` on stdio,
 *   a `command` on sse fail), `secretSchema` for `per_user_secret`, timeouts in range, enums.
 * - create: one `POST /safari/mcp/server/create`, exactly once (a lost answer is found by name in
 *   its scope before any retry). A name already taken in the scope fails naming the server and
 *   how to adopt it with `serverId`.
 * - refresh: `server/get`; a console edit shows as an update naming the fields, which the next
 *   `up` puts back. Secret values come back masked (`******`): a masked value reads as the value
 *   in state, so no phantom drift, and a console edit of a secret value is invisible; a key added
 *   or removed is not. A server deleted on the platform leaves the stack.
 * - update: one partial `server/update` with only the changed fields (`teamId` moves the server
 *   in place); `enabled` goes through `server/disable` / `server/enable`.
 * - delete: `server/delete`; a server already gone is success.
 * - secrets: `env` and `headers` are always Pulumi secrets.
 * - with an `McpServerDisablement` of the same server in the stack: the disablement wins (this
 *   resource never enables a server it holds, and does not report `enabled` drift for it); the
 *   policy `flashduty-one-resource-per-server` reports the pair.
 * - reading a server without managing it: {@link McpServer.get}.
 */
export class McpServer extends pulumi.CustomResource {
  /**
   * Reads an existing MCP server into the program by its id (`POST /safari/mcp/server/get`): a
   * read-only resource of the stack that no `up` or `destroy` changes. Needs `@pulumi/pulumi`
   * 3.268.0 or later; throws at once with an earlier one. An unknown server fails the preview
   * with "MCP server '<id>' not found".
   *
   * @param name the Pulumi resource name
   * @param id the server id (`mcp_...`)
   * @param state extra state the read starts from
   * @param opts resource options; `id` is set from `id`
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: McpServerState, opts?: pulumi.CustomResourceOptions): McpServer {
    checkGetSupported("McpServer");
    return new McpServer(name, state as unknown as McpServerArgs, { ...opts, id });
  }

  /** The type token. @internal */
  public static readonly __pulumiType: string = MCP_SERVER_TYPE;

  /** Whether `obj` is an `McpServer` resource, by its type token (also across copies of this package). */
  public static override isInstance(obj: unknown): obj is McpServer {
    if (obj === undefined || obj === null) return false;
    return (obj as { __pulumiType?: unknown }).__pulumiType === McpServer.__pulumiType;
  }

  /** Server id (`mcp_...`). For `get`, the id argument names the server and this is ignored. */
  declare public readonly serverId: pulumi.Output<string>;
  /** A letter, then letters, digits, `-` and `_`; at most 64 characters; unique in its scope (account-wide, or one team), case-insensitively. */
  declare public readonly serverName: pulumi.Output<string>;
  /**
   * Free text, at most 1024 characters. The platform cannot clear a description once set: check
   * refuses `""` then (as it refuses a timeout set back to 0, or an emptied `command`, `url`,
   * `secretSchema` or `oauthMetadata`); leave the field out to stop managing it. Default `""`.
   */
  declare public readonly description: pulumi.Output<string>;
  /** `stdio` (a command the runner starts) or `sse` / `streamable-http` (a URL). */
  declare public readonly transport: pulumi.Output<string>;
  /** stdio only (required for it): the command. */
  declare public readonly command: pulumi.Output<string | undefined>;
  /** stdio only: its arguments. Default `[]`. */
  declare public readonly args: pulumi.Output<string[]>;
  /**
   * stdio only: environment variables. Secret, and write-only: the outputs hold a salted digest of
   * each value (`scrypt:<salt>:<hash>`), never the value (docs/reliability.md#secrets-in-logs).
   * Default `{}`.
   */
  declare public readonly env: pulumi.Output<Record<string, string>>;
  /** sse / streamable-http only (required for them): the server URL. */
  declare public readonly url: pulumi.Output<string | undefined>;
  /**
   * sse / streamable-http only: HTTP headers. Secret, and write-only: the outputs hold a salted
   * digest of each value (`scrypt:<salt>:<hash>`), never the value
   * (docs/reliability.md#secrets-in-logs). Default `{}`.
   */
  declare public readonly headers: pulumi.Output<Record<string, string>>;
  /** 0 = account-wide (owners/admins edit it); otherwise the owning team. Changing it moves the server in place. Default `0`. */
  declare public readonly teamId: pulumi.Output<number>;
  /** Runner environments (`cloud`, BYOC runner ids). Default `[]` = every environment. */
  declare public readonly environments: pulumi.Output<string[]>;
  /** Seconds, 0..300; 0 = the platform default (10 s). */
  declare public readonly connectTimeoutSeconds: pulumi.Output<number>;
  /** Seconds, 0..3600; 0 = the platform default (60 s). */
  declare public readonly callTimeoutSeconds: pulumi.Output<number>;
  /** `shared`, `per_user_secret` (needs `secretSchema`) or `per_user_oauth`. Default `"shared"`. */
  declare public readonly authMode: pulumi.Output<string>;
  /** The per-user secrets the server needs, as a structured value (sent as JSON text); JSON text of an object or array is read as that value. */
  declare public readonly secretSchema: pulumi.Output<McpServerJson | undefined>;
  /** OAuth metadata for `per_user_oauth`, as a structured value (sent as JSON text). */
  declare public readonly oauthMetadata: pulumi.Output<McpServerJson | undefined>;
  /** Testing only: allow OAuth over plain HTTP. Default `false`. */
  declare public readonly allowInsecureOauthHttp: pulumi.Output<boolean>;
  /** Testing only: skip TLS certificate checks. Default `false`. */
  declare public readonly allowInsecureTlsSkipVerify: pulumi.Output<boolean>;
  /** Whether the server is enabled. An `McpServerDisablement` of the same server wins over `true`. Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** Owning account. */
  declare public readonly accountId: pulumi.Output<number>;
  /** Creation time, epoch milliseconds. */
  declare public readonly createdAt: pulumi.Output<number>;
  /** Last update time, epoch milliseconds. */
  declare public readonly updatedAt: pulumi.Output<number>;
  /** Member id of the creator. */
  declare public readonly createdBy: pulumi.Output<number>;
  /** Whether the app key's member may edit the server. */
  declare public readonly canEdit: pulumi.Output<boolean>;
  /** The description the platform wrote for the AI agent. */
  declare public readonly aiDescription: pulumi.Output<string>;
  /** The proxy the platform reaches the server through (set by the platform). */
  declare public readonly proxyUrl: pulumi.Output<string>;
  /** The marketplace template the server was made from, or `""`. */
  declare public readonly sourceTemplateName: pulumi.Output<string>;
  /** The keys of `env`, sorted: not secret, so drift reports can name a key added or removed in the console. */
  declare public readonly envKeys: pulumi.Output<string[]>;
  /** The keys of `headers`, sorted: not secret, so drift reports can name a key added or removed in the console. */
  declare public readonly headersKeys: pulumi.Output<string[]>;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args the server's fields (`serverName`, `transport` and its `command` or `url` required)
   * @param opts standard resource options; `env` and `headers` are always secret
   */
  constructor(name: string, args: McpServerArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, argsOrState?: McpServerArgs | McpServerState, opts?: pulumi.CustomResourceOptions) {
    const reading = Boolean(opts?.id);
    const args = argsOrState as McpServerArgs | undefined;
    const state = argsOrState as McpServerState | undefined;
    const outputs: Record<string, unknown> = Object.fromEntries(STATE_KEYS.map((key) => [key, undefined]));
    // Secret inputs, whatever the program passed: encrypted in state, masked in previews.
    const secrets = Object.fromEntries(SECRET_FIELDS.filter((key) => args?.[key] !== undefined).map((key) => [key, pulumi.secret(args?.[key])]));
    // No stack traces for the runtime to record while declaring (provider/engine/stackTraces.ts).
    const traces = suspendStackTraces();
    try {
      super(
        MCP_SERVER_TYPE,
        name,
        reading
          ? { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...state, serverId: undefined }
          : { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...args, ...secrets, serverId: args?.serverId },
        {
          ...opts,
          additionalSecretOutputs: [...new Set([...(opts?.additionalSecretOutputs ?? []), ...SECRET_FIELDS])],
          // Names are unique in their scope: a replacement (`--replace`, a new serverId) deletes first.
          ...(reading ? {} : { deleteBeforeReplace: opts?.deleteBeforeReplace ?? true }),
        },
      );
    } catch (err) {
      throw traces.restoredFor(err, McpServer);
    } finally {
      traces.restore();
    }
    if (!reading) declareServerInProgram("McpServer", name, this.serverId, this);
  }
}
