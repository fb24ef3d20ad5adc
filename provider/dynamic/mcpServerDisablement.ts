import { suspendStackTraces } from "../engine/stackTraces";
import { STORED_PROVIDER_KEY, storedProviderText } from "../engine/storedProviderText";
import { declareServerInProgram } from "./programClaims";
import * as pulumi from "@pulumi/pulumi";
import { escapeTerminalControls } from "../../sdk/terminalText";
import { checkGetSupported } from "./resourceGet";
import { MCP_SERVER_DISABLEMENT_TYPE } from "../engine/typeToken";

/** Arguments of {@link McpServerDisablement}. */
export interface McpServerDisablementArgs {
  /** Id of the MCP server to disable, e.g. `mcp_grafana`. Required, non-empty. Changing it replaces the resource (delete before create). */
  serverId: pulumi.Input<string>;
  /**
   * What destroy does with the server. `true` (default): enables it again if this resource disabled
   * it (`disabledByThisResource`); a server found already disabled is adopted and stays disabled,
   * with a warning at create. `"always"`: enables it whenever it is still disabled, also when the
   * resource adopted it: the way to state that this stack owns the server's disabled state, e.g.
   * after an interrupted run. `false`: leaves it disabled. Changing it is an update with no API
   * call.
   */
  restoreOnDelete?: pulumi.Input<boolean | "always">;
}

/**
 * The state of an {@link McpServerDisablement} as the stack records it: its outputs, each
 * optional. The third argument of {@link McpServerDisablement.get}, as in generated Pulumi SDKs.
 */
export interface McpServerDisablementState {
  /**
   * Id of the MCP server to disable, e.g. `mcp_grafana`. Required, non-empty. Changing it replaces
   * the resource (delete before create). For `get`, the id argument names the server and this is
   * ignored.
   */
  serverId?: pulumi.Input<string>;
  /** Display name of the server, as last read. */
  serverName?: pulumi.Input<string>;
  /** Team that owns the server; 0 for an account-wide server. */
  teamId?: pulumi.Input<number>;
  /** Status as last read: `disabled`, or `enabled` when refresh found drift (or for a server read by `get` that is enabled). */
  status?: pulumi.Input<"enabled" | "disabled">;
  /** True if this resource switched the server off; false if it found it off and adopted it (and for a server read by `get`). */
  disabledByThisResource?: pulumi.Input<boolean>;
  /** When this resource switched the server off, epoch milliseconds; absent for an adopted server. */
  disabledAt?: pulumi.Input<number>;
  /** When this resource found the server already disabled and adopted it, epoch milliseconds; absent when it disabled it. */
  adoptedAt?: pulumi.Input<number>;
  /**
   * What destroy does with the server. `true` (default): enables it again if this resource disabled
   * it (`disabledByThisResource`); a server found already disabled is adopted and stays disabled,
   * with a warning at create. `"always"`: enables it whenever it is still disabled, also when the
   * resource adopted it: the way to state that this stack owns the server's disabled state, e.g.
   * after an interrupted run. `false`: leaves it disabled. Changing it is an update with no API
   * call.
   */
  restoreOnDelete?: pulumi.Input<boolean | "always">;
}

/**
 * The provider stored in state (`__provider`): a CommonJS module whose `handler()` returns the
 * provider object, which is what the engine's dynamic provider loads (`require-from-string`, then
 * `.handler()`). It captures nothing: no key, no client, no configuration. Each method loads the
 * implementation from the package installed in the project at run time, so upgrading the package
 * also fixes `refresh` and `destroy` of stacks created by older versions (the engine runs the
 * provider text kept in state for those). The module name resolves from the Pulumi project's
 * folder, where the package is installed.
 *
 * Written out here rather than produced by Pulumi's closure serialization (what
 * `pulumi.dynamic.Resource` does with a provider object): the same seven calls take 0.5 KB
 * instead of 2.3 KB. The text is stored twice per resource (inputs and outputs), and the engine
 * rewrites the whole state at every step of an `up`, so its size is paid per resource per step;
 * the program also no longer loads Pulumi's closure serializer.
 *
 * FROZEN CONTRACT: every existing stack keeps its provider text in its state and runs it for
 * refresh and destroy: this text, and the closure-serialized one of 0.1.0, which calls the
 * same module and names. The module path `pulumi-flashduty/provider/mcpServerDisablementProvider`
 * (the package's one deep export) and the names called there (`configure`, `check`, `diff`,
 * `create`, `read`, `update`, `deleteResource`) must never change or disappear; the arguments they
 * receive are the engine's. test/engine/providerContract.engine.test.ts runs the text recorded by
 * 0.1.0 against the current build; every other engine test runs this one.
 *
 * @internal
 */
export const STORED_PROVIDER_TEXT = storedProviderText("pulumi-flashduty/provider/mcpServerDisablementProvider");

/** When this program run started (epoch ms): tells an adoption made by this run from one recorded earlier. */
const PROGRAM_STARTED_AT = Date.now();

/**
 * Warns under the resource, in the run whose create adopted its server (found it already
 * disabled) while `restoreOnDelete` is `true`: destroy will leave that server disabled, and
 * nothing the platform or the engine offers tells a server this stack's own interrupted run
 * disabled from one someone else did. Names the server and how to state the intent. Later runs,
 * which read the adoption from state, stay quiet.
 */
function warnOnAdoption(name: string, resource: McpServerDisablement): void {
  pulumi.all([resource.adoptedAt, resource.restoreOnDelete, resource.serverId, resource.serverName]).apply(([adoptedAt, mode, serverId, serverName]) => {
    if (typeof adoptedAt !== "number" || adoptedAt < PROGRAM_STARTED_AT || mode !== true) return;
    void pulumi.log.warn(
      // The server name is platform text: quoted, and no control character passes (JSON.stringify leaves C1 and bidi controls).
      escapeTerminalControls(
        `McpServerDisablement "${name}" adopted MCP server '${serverId}' (${JSON.stringify(serverName)}): it was already disabled, ` +
          `so destroy will leave it disabled. If this stack disabled it in an interrupted run (a killed or cancelled "pulumi up"), ` +
          `or should enable it on destroy anyway, set restoreOnDelete: "always" on this resource (an update with no API call).`,
      ),
      resource,
    );
  });
}

/**
 * Disables one MCP server of the Flashduty AI SRE platform for as long as the resource exists.
 * A dynamic resource: type token `pulumi-nodejs:dynamic/flashduty:McpServerDisablement`, run by
 * Pulumi's Node.js dynamic provider from the provider text it stores in state (`__provider`). It
 * extends `pulumi.CustomResource` directly, as `pulumi.dynamic.Resource` does, so that it can
 * store a compact, hand-written provider text (see the notes in the source).
 *
 * - create: reads the server (`POST /safari/mcp/server/get`); an unknown server fails with
 *   "MCP server '<id>' not found" and nothing is recorded. An enabled server is disabled
 *   (`POST /safari/mcp/server/disable`); an already disabled one is adopted with no write
 *   (`disabledByThisResource: false`). A lost or ambiguous response is reconciled by reading
 *   the server again, so the disable happens exactly once.
 * - refresh: reads the real status; a server someone enabled again shows as drift
 *   (`pulumi preview --refresh`), and the next `up` disables it again. A deleted server
 *   leaves the stack.
 * - destroy: when `restoreOnDelete` (default true) and this resource disabled the server,
 *   enables it again (`POST /safari/mcp/server/enable`). Adopted servers stay disabled, unless
 *   `restoreOnDelete` is `"always"`; create warns when it adopts under `true`.
 * - an interrupted run (the CLI killed mid-`up`): the next `up` finds the servers whose disable
 *   landed already disabled and adopts them, with that warning; nothing the engine or the
 *   platform offers tells them apart from servers someone else disabled (README, "Interrupted
 *   runs", has the recovery steps).
 * - replacement (a new `serverId`, `pulumi up --replace`): delete before create, so the old
 *   resource restores its server before the new one disables its own (see `diff`).
 * - a rename without `aliases`, or a server moved to another resource: the new resource adopts
 *   the server and the old one's delete leaves it disabled, with a warning naming `aliases`.
 * - two resources for one server id in one program: a warning during preview; the first disables
 *   the server, the second adopts it, and neither delete enables it while the other remains.
 * - `pulumi import` does not work for dynamic resources; declaring the resource for a server
 *   that is already disabled adopts it, which covers the same need. To read a server without
 *   managing it, use {@link McpServerDisablement.get}.
 *
 * Credentials: stack config `flashduty:appKey` (secret) or `FLASHDUTY_APP_KEY`; base URL
 * `flashduty:baseUrl` or `FLASHDUTY_BASE_URL`. They are read when the provider runs; nothing of
 * this resource (inputs, outputs, the serialized provider) holds them. (Pulumi itself keeps the
 * stack config, secrets encrypted, as the inputs of the default dynamic provider.)
 *
 * Errors: 401 and 403 fail with the platform's code and request id; a 403 names the missing
 * permission (MCP management `ai-sre`, or edit rights on the server's team).
 */
export class McpServerDisablement extends pulumi.CustomResource {
  /**
   * Reads an existing MCP server into the program by its id (`POST /safari/mcp/server/get`, in
   * preview and update), as generated Pulumi SDKs' `get` does: a read-only resource of the stack
   * that no `up` or `destroy` changes (the server is neither disabled nor enabled). Its outputs
   * are the server's name, team and real `status` (`enabled` or `disabled`);
   * `disabledByThisResource` is false and `restoreOnDelete` true unless `state` says otherwise.
   * An unknown server fails the preview or update with "MCP server '<id>' not found".
   *
   * Needs `@pulumi/pulumi` 3.268.0 or later in the project, whose dynamic provider can read a
   * resource for `get`; with an earlier one it throws at once, naming both versions.
   *
   * @param name the Pulumi resource name (unique in the stack)
   * @param id the server id, e.g. `mcp_grafana`
   * @param state extra state the read starts from (`serverId` is taken from `id`)
   * @param opts resource options (`parent`, `dependsOn`, `additionalSecretOutputs`...); `id` is set from `id`
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: McpServerDisablementState, opts?: pulumi.CustomResourceOptions): McpServerDisablement {
    checkGetSupported("McpServerDisablement");
    // The constructor's `opts.id` path reads `state` (the one public signature takes args).
    return new McpServerDisablement(name, state as unknown as McpServerDisablementArgs, { ...opts, id });
  }

  /** The type token, as generated SDKs keep it; every instance carries it as `__pulumiType`. @internal */
  public static readonly __pulumiType: string = MCP_SERVER_DISABLEMENT_TYPE;

  /**
   * Whether `obj` is an `McpServerDisablement`, by its type token: true also for an instance made
   * by another copy of this package loaded in the same process (where `instanceof` says false).
   */
  public static override isInstance(obj: unknown): obj is McpServerDisablement {
    if (obj === undefined || obj === null) return false;
    return (obj as { __pulumiType?: unknown }).__pulumiType === McpServerDisablement.__pulumiType;
  }

  /**
   * Id of the MCP server to disable, e.g. `mcp_grafana`. Required, non-empty. Changing it replaces
   * the resource (delete before create). For `get`, the id argument names the server and this is
   * ignored.
   */
  declare public readonly serverId: pulumi.Output<string>;
  /** Display name of the server, as last read. */
  declare public readonly serverName: pulumi.Output<string>;
  /** Team that owns the server; 0 for an account-wide server. */
  declare public readonly teamId: pulumi.Output<number>;
  /** Status as last read: `disabled`, or `enabled` when refresh found drift (or for a server read by `get` that is enabled). */
  declare public readonly status: pulumi.Output<"enabled" | "disabled">;
  /** True if this resource switched the server off; false if it found it off and adopted it (and for a server read by `get`). */
  declare public readonly disabledByThisResource: pulumi.Output<boolean>;
  /** When this resource switched the server off, epoch milliseconds; absent for an adopted server. */
  declare public readonly disabledAt: pulumi.Output<number | undefined>;
  /** When this resource found the server already disabled and adopted it, epoch milliseconds; absent when it disabled it. */
  declare public readonly adoptedAt: pulumi.Output<number | undefined>;
  /**
   * What destroy does with the server. `true` (default): enables it again if this resource disabled
   * it (`disabledByThisResource`); a server found already disabled is adopted and stays disabled,
   * with a warning at create. `"always"`: enables it whenever it is still disabled, also when the
   * resource adopted it: the way to state that this stack owns the server's disabled state, e.g.
   * after an interrupted run. `false`: leaves it disabled. Changing it is an update with no API
   * call.
   */
  declare public readonly restoreOnDelete: pulumi.Output<boolean | "always">;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args `serverId` (required) and `restoreOnDelete` (`true`, `false` or `"always"`; default true)
   * @param opts standard resource options (`protect`, `dependsOn`, `retainOnDelete`, `aliases`...);
   *   `deleteBeforeReplace` defaults to true here (see the class notes)
   */
  constructor(name: string, args: McpServerDisablementArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, argsOrState?: McpServerDisablementArgs | McpServerDisablementState, opts?: pulumi.CustomResourceOptions) {
    // With `opts.id` (`get`) the engine reads the server instead of creating it: the properties
    // are the state to start from, and the id names the server.
    const reading = Boolean(opts?.id);
    const args = argsOrState as McpServerDisablementArgs | undefined;
    const state = argsOrState as McpServerDisablementState | undefined;
    // No stack traces for the runtime to record while declaring (provider/engine/stackTraces.ts).
    const traces = suspendStackTraces();
    try {
      // What pulumi.dynamic.Resource's constructor does, with the provider text above instead of
      // a closure-serialized provider object (that class offers no way to pass the text).
      super(
        MCP_SERVER_DISABLEMENT_TYPE,
        name,
        reading
          ? {
              [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT,
              serverId: undefined,
              restoreOnDelete: state?.restoreOnDelete,
              serverName: state?.serverName,
              teamId: state?.teamId,
              status: state?.status,
              disabledByThisResource: state?.disabledByThisResource,
              disabledAt: state?.disabledAt,
              adoptedAt: state?.adoptedAt,
            }
          : {
              [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT,
              serverId: args?.serverId,
              restoreOnDelete: args?.restoreOnDelete ?? true,
              resourceName: name,
              serverName: undefined,
              teamId: undefined,
              status: undefined,
              disabledByThisResource: undefined,
              disabledAt: undefined,
              adoptedAt: undefined,
            },
        // Delete before create on every replacement, also `pulumi up --replace` (which does not
        // ask the provider's diff): with create-before-delete the new resource would find the
        // server disabled by the old one and adopt it, and the old one's delete would then enable it.
        reading ? opts : { ...opts, deleteBeforeReplace: opts?.deleteBeforeReplace ?? true },
      );
    } catch (err) {
      throw traces.restoredFor(err, McpServerDisablement);
    } finally {
      traces.restore();
    }
    // A server read by `get` is not declared or adopted by this resource.
    if (reading) return;
    declareServerInProgram("McpServerDisablement", name, args?.serverId, this);
    warnOnAdoption(name, this);
  }
}
