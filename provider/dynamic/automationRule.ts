import { suspendStackTraces } from "../engine/stackTraces";
import { checkGetSupported } from "./resourceGet";
import { fieldsNotWhere } from "../engine/declaration";
import { STORED_PROVIDER_KEY, storedProviderText } from "../engine/storedProviderText";
import { AUTOMATION_RULE_TYPE } from "../engine/typeToken";
import * as pulumi from "@pulumi/pulumi";
import type { Equal } from "../../wire/typeAssert";
import { AUTOMATION_RULE } from "../automationRule/declaration";

/** Arguments of {@link AutomationRule}: the rule's fields in camelCase, as the platform names them. */
export interface AutomationRuleArgs {
  /** Rule name, 1-255 characters. Names are not unique on the platform. */
  name: pulumi.Input<string>;
  /** Instruction text the rule runs; non-empty. */
  prompt: pulumi.Input<string>;
  /**
   * Cron in the platform's dialect: 5 fields `minute hour day-of-month month day-of-week` or 4
   * (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number (at most one run
   * an hour); no seconds field; not both day-of-month and day-of-week. Required even for a rule
   * with only an HTTP POST trigger: use the placeholder `"0 0 * * *"` with `scheduleTriggerEnabled:
   * false`.
   */
  cronExpr: pulumi.Input<string>;
  /**
   * IANA time zone of `cronExpr`, sent explicitly, so the rule never takes the caller's member time
   * zone. Left out, it is `"UTC"` at create and not managed afterwards (a change made in the
   * console stays).
   */
  timezone?: pulumi.Input<string>;
  /**
   * Team of the rule; 0 = a personal rule of the app key's member. Changing it replaces the rule.
   * Left out, it is `0` at create and not managed afterwards (a change made in the console stays).
   */
  teamId?: pulumi.Input<number>;
  /** Whether the rule runs. Left out, it is `true` at create and not managed afterwards (a change made in the console stays). */
  enabled?: pulumi.Input<boolean>;
  /** Whether the schedule trigger fires on `cronExpr`. Left out, it is `true` at create and not managed afterwards (a change made in the console stays). */
  scheduleTriggerEnabled?: pulumi.Input<boolean>;
  /**
   * Whether the rule has an enabled HTTP POST trigger (see `httpPostTriggerUrl`, `httpPostToken`).
   * Left out, it is `false` at create and not managed afterwards (a change made in the console
   * stays).
   */
  httpPostTriggerEnabled?: pulumi.Input<boolean>;
  /**
   * Whether on-call incidents trigger the rule; needs at least one channel id and one severity.
   * Left out, it is `false` at create and not managed afterwards (a change made in the console
   * stays).
   */
  oncallIncidentTriggerEnabled?: pulumi.Input<boolean>;
  /** On-call integration (channel) ids, positive integers. Default `[]`. */
  oncallIncidentChannelIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. Default `[]`. */
  oncallIncidentSeverities?: pulumi.Input<pulumi.Input<"Critical" | "Warning" | "Info">[]>;
  /** `""` (chosen by the platform), `cloud` or `byoc`. Left out, it is `""` at create and not managed afterwards (a change made in the console stays). */
  environmentKind?: pulumi.Input<"" | "cloud" | "byoc">;
  /** BYOC runner id; only with `environmentKind: byoc`. Left out, it is `""` at create and not managed afterwards (a change made in the console stays). */
  environmentId?: pulumi.Input<string>;
  /** Any string; changing it rotates the HTTP POST token (the old one stops working). */
  httpPostTokenRotation?: pulumi.Input<string>;
  /**
   * Adopts an existing rule instead of creating one: create reads it and updates it to the declared
   * fields. Its `teamId` must match. Naming another rule replaces the resource. (The dynamic
   * resource cannot be imported: adopt a rule made in the console, or left by a lost create, with
   * this.)
   */
  ruleId?: pulumi.Input<string>;
}

/**
 * The state of an {@link AutomationRule} as the stack records it: its outputs, each optional. The
 * third argument of {@link AutomationRule.get}, as in generated Pulumi SDKs.
 */
export interface AutomationRuleState {
  /** Rule id (`arule_...`). For `get`, the id argument names the rule and this is ignored. */
  ruleId?: pulumi.Input<string>;
  /** Rule name, 1-255 characters. Names are not unique on the platform. */
  name?: pulumi.Input<string>;
  /** Instruction text the rule runs; non-empty. */
  prompt?: pulumi.Input<string>;
  /**
   * Cron in the platform's dialect: 5 fields `minute hour day-of-month month day-of-week` or 4
   * (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number (at most one run
   * an hour); no seconds field; not both day-of-month and day-of-week. Required even for a rule
   * with only an HTTP POST trigger: use the placeholder `"0 0 * * *"` with `scheduleTriggerEnabled:
   * false`.
   */
  cronExpr?: pulumi.Input<string>;
  /** IANA time zone of `cronExpr`, sent explicitly, so the rule never takes the caller's member time zone. Default `"UTC"`. */
  timezone?: pulumi.Input<string>;
  /** Team of the rule; 0 = a personal rule of the app key's member. Changing it replaces the rule. Default `0`. */
  teamId?: pulumi.Input<number>;
  /** Whether the rule runs. Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Whether the schedule trigger fires on `cronExpr`. Default `true`. */
  scheduleTriggerEnabled?: pulumi.Input<boolean>;
  /** Whether the rule has an enabled HTTP POST trigger (see `httpPostTriggerUrl`, `httpPostToken`). Default `false`. */
  httpPostTriggerEnabled?: pulumi.Input<boolean>;
  /** Whether on-call incidents trigger the rule; needs at least one channel id and one severity. Default `false`. */
  oncallIncidentTriggerEnabled?: pulumi.Input<boolean>;
  /** On-call integration (channel) ids, positive integers. Default `[]`. */
  oncallIncidentChannelIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. Default `[]`. */
  oncallIncidentSeverities?: pulumi.Input<pulumi.Input<string>[]>;
  /** `""` (chosen by the platform), `cloud` or `byoc`. Default `""`. */
  environmentKind?: pulumi.Input<string>;
  /** BYOC runner id; only with `environmentKind: byoc`. Default `""`. */
  environmentId?: pulumi.Input<string>;
  /** Any string; changing it rotates the HTTP POST token (the old one stops working). */
  httpPostTokenRotation?: pulumi.Input<string>;
  /** Member id of the rule's owner. */
  ownerId?: pulumi.Input<number>;
  /** `person` or `team`. */
  runScope?: pulumi.Input<string>;
  /** Id of the schedule trigger (`atrig_...`), if the rule has one. */
  scheduleTriggerId?: pulumi.Input<string>;
  /** Id of the HTTP POST trigger, if the rule has one. */
  httpPostTriggerId?: pulumi.Input<string>;
  /** Id of the on-call incident trigger, if the rule has one. */
  oncallIncidentTriggerId?: pulumi.Input<string>;
  /** Full URL to fire the HTTP POST trigger: the API base URL joined with the platform's path; it holds no secret. */
  httpPostTriggerUrl?: pulumi.Input<string>;
  /**
   * The HTTP POST trigger's Bearer token, kept from the create or rotation that returned it (no
   * read returns it). Secret: encrypted in state, never shown. For `get`, a token known from
   * elsewhere (the `state` argument) is kept here.
   */
  httpPostToken?: pulumi.Input<string>;
  /** Next scheduled run, epoch milliseconds; 0 when the rule or its schedule trigger is disabled. */
  scheduleNextFireAtMs?: pulumi.Input<number>;
  /** Creation time, epoch milliseconds. */
  createdAt?: pulumi.Input<number>;
  /** Last update time, epoch milliseconds. */
  updatedAt?: pulumi.Input<number>;
}

/**
 * The outputs of {@link AutomationRule}: every field of its declaration but its bookkeeping
 * (`adoptedRuleId`), checked against the class's state type at compile time.
 *
 * @internal
 */
export const STATE_KEYS = fieldsNotWhere(AUTOMATION_RULE.fields, { bookkeeping: true }) satisfies readonly (keyof AutomationRuleState)[];
true satisfies Equal<(typeof STATE_KEYS)[number], keyof AutomationRuleState>;

/**
 * The provider stored in state (`__provider`), as `McpServerDisablement` stores its own: a
 * CommonJS module that captures nothing (no key, no client, no configuration) and loads the
 * implementation from the package installed in the project when it runs, so upgrading the
 * package also fixes `refresh` and `destroy` of existing stacks.
 *
 * FROZEN CONTRACT: the module path `pulumi-flashduty/provider/automationRuleProvider` and the
 * names called there (`configure`, `check`, `diff`, `create`, `read`, `update`,
 * `deleteResource`) must never change or disappear; every stack keeps this text in its state.
 *
 * @internal
 */
export const STORED_PROVIDER_TEXT = storedProviderText("pulumi-flashduty/provider/automationRuleProvider");

/**
 * An automation rule of the Flashduty AI SRE platform, declared in code. A dynamic resource:
 * type token `pulumi-nodejs:dynamic/flashduty:AutomationRule`.
 *
 * - check (preview, before any call): name 1-255 characters, non-empty prompt, the cron
 *   dialect, an IANA time zone, severities, positive channel ids, at least one of each when
 *   the on-call trigger is enabled, `environmentId` only with `byoc`; each failure names the
 *   input and the rule. Values not known at preview are checked when they are.
 * - create: one `POST /safari/automation/rule/create`, exactly once: a lost answer is
 *   reconciled by listing before any retry; when several rules could be it, the error names
 *   their ids to adopt one with `ruleId`. With `ruleId`: adoption (get, then one update).
 * - refresh: `rule/get`; a console edit shows as an in-place update naming the fields, which the
 *   next `up` puts back (same `ruleId`); a rule deleted on the platform leaves the stack.
 * - update: one partial `rule/update` with only the changed fields; `teamId` replaces.
 * - delete: `rule/delete`; a rule already gone is success.
 * - secrets: `httpPostToken` is a Pulumi secret, kept in state from the create or rotation that
 *   returned it (no read returns it).
 * - permissions: a personal rule (teamId 0) is writable by its owner only; a team rule by the
 *   team's members and account admins; a 403 names what is missing.
 * - limits: the platform allows 20 writes/s and 300/min; the client paces itself to them.
 * - reading a rule without managing it: {@link AutomationRule.get}.
 *
 * Credentials: stack config `flashduty:appKey` (secret) or `FLASHDUTY_APP_KEY`; base URL
 * `flashduty:baseUrl` or `FLASHDUTY_BASE_URL`, read when the provider runs.
 */
export class AutomationRule extends pulumi.CustomResource {
  /**
   * Reads an existing automation rule into the program by its id (`POST
   * /safari/automation/rule/get`, in preview and update), as generated Pulumi SDKs' `get` does: a
   * read-only resource of the stack that no `up` or `destroy` changes. Its outputs are the rule as
   * the platform holds it; `httpPostToken` only if `state` gives it (no read returns a token).
   * An unknown rule, or one the app key's member cannot see, fails the preview or update with
   * "automation rule '<id>' not found".
   *
   * Needs `@pulumi/pulumi` 3.268.0 or later in the project, whose dynamic provider can read a
   * resource for `get`; with an earlier one it throws at once, naming both versions.
   *
   * @param name the Pulumi resource name (unique in the stack)
   * @param id the rule id (`arule_...`)
   * @param state extra state the read starts from (`ruleId` is taken from `id`)
   * @param opts resource options (`parent`, `dependsOn`...); `id` is set from `id`, and `httpPostToken` stays a secret
   */
  public static get(name: string, id: pulumi.Input<pulumi.ID>, state?: AutomationRuleState, opts?: pulumi.CustomResourceOptions): AutomationRule {
    checkGetSupported("AutomationRule");
    // The constructor's `opts.id` path reads `state` (the one public signature takes args).
    return new AutomationRule(name, state as unknown as AutomationRuleArgs, { ...opts, id });
  }

  /** The type token, as generated SDKs keep it; every instance carries it as `__pulumiType`. @internal */
  public static readonly __pulumiType: string = AUTOMATION_RULE_TYPE;

  /**
   * Whether `obj` is an `AutomationRule` resource, by its type token: true also for an instance
   * made by another copy of this package loaded in the same process (where `instanceof` says false).
   */
  public static override isInstance(obj: unknown): obj is AutomationRule {
    if (obj === undefined || obj === null) return false;
    return (obj as { __pulumiType?: unknown }).__pulumiType === AutomationRule.__pulumiType;
  }

  /** Rule id (`arule_...`). For `get`, the id argument names the rule and this is ignored. */
  declare public readonly ruleId: pulumi.Output<string>;
  /** Rule name, 1-255 characters. Names are not unique on the platform. */
  declare public readonly name: pulumi.Output<string>;
  /** Instruction text the rule runs; non-empty. */
  declare public readonly prompt: pulumi.Output<string>;
  /**
   * Cron in the platform's dialect: 5 fields `minute hour day-of-month month day-of-week` or 4
   * (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number (at most one run
   * an hour); no seconds field; not both day-of-month and day-of-week. Required even for a rule
   * with only an HTTP POST trigger: use the placeholder `"0 0 * * *"` with `scheduleTriggerEnabled:
   * false`.
   */
  declare public readonly cronExpr: pulumi.Output<string>;
  /** IANA time zone of `cronExpr`, sent explicitly, so the rule never takes the caller's member time zone. Default `"UTC"`. */
  declare public readonly timezone: pulumi.Output<string>;
  /** Team of the rule; 0 = a personal rule of the app key's member. Changing it replaces the rule. Default `0`. */
  declare public readonly teamId: pulumi.Output<number>;
  /** Whether the rule runs. Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** Whether the schedule trigger fires on `cronExpr`. Default `true`. */
  declare public readonly scheduleTriggerEnabled: pulumi.Output<boolean>;
  /** Whether the rule has an enabled HTTP POST trigger (see `httpPostTriggerUrl`, `httpPostToken`). Default `false`. */
  declare public readonly httpPostTriggerEnabled: pulumi.Output<boolean>;
  /** Whether on-call incidents trigger the rule; needs at least one channel id and one severity. Default `false`. */
  declare public readonly oncallIncidentTriggerEnabled: pulumi.Output<boolean>;
  /** On-call integration (channel) ids, positive integers. Default `[]`. */
  declare public readonly oncallIncidentChannelIds: pulumi.Output<number[]>;
  /** Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. Default `[]`. */
  declare public readonly oncallIncidentSeverities: pulumi.Output<string[]>;
  /** `""` (chosen by the platform), `cloud` or `byoc`. Default `""`. */
  declare public readonly environmentKind: pulumi.Output<string>;
  /** BYOC runner id; only with `environmentKind: byoc`. Default `""`. */
  declare public readonly environmentId: pulumi.Output<string>;
  /** Any string; changing it rotates the HTTP POST token (the old one stops working). */
  declare public readonly httpPostTokenRotation: pulumi.Output<string | undefined>;
  /** Member id of the rule's owner. */
  declare public readonly ownerId: pulumi.Output<number>;
  /** `person` or `team`. */
  declare public readonly runScope: pulumi.Output<string>;
  /** Id of the schedule trigger (`atrig_...`), if the rule has one. */
  declare public readonly scheduleTriggerId: pulumi.Output<string | undefined>;
  /** Id of the HTTP POST trigger, if the rule has one. */
  declare public readonly httpPostTriggerId: pulumi.Output<string | undefined>;
  /** Id of the on-call incident trigger, if the rule has one. */
  declare public readonly oncallIncidentTriggerId: pulumi.Output<string | undefined>;
  /** Full URL to fire the HTTP POST trigger: the API base URL joined with the platform's path; it holds no secret. */
  declare public readonly httpPostTriggerUrl: pulumi.Output<string | undefined>;
  /**
   * The HTTP POST trigger's Bearer token, kept from the create or rotation that returned it (no
   * read returns it). Secret: encrypted in state, never shown. For `get`, a token known from
   * elsewhere (the `state` argument) is kept here.
   */
  declare public readonly httpPostToken: pulumi.Output<string | undefined>;
  /** Next scheduled run, epoch milliseconds; 0 when the rule or its schedule trigger is disabled. */
  declare public readonly scheduleNextFireAtMs: pulumi.Output<number>;
  /** Creation time, epoch milliseconds. */
  declare public readonly createdAt: pulumi.Output<number>;
  /** Last update time, epoch milliseconds. */
  declare public readonly updatedAt: pulumi.Output<number>;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args the rule's fields (`name`, `prompt`, `cronExpr` required)
   * @param opts standard resource options; `additionalSecretOutputs` always includes `httpPostToken`
   */
  constructor(name: string, args: AutomationRuleArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, argsOrState?: AutomationRuleArgs | AutomationRuleState, opts?: pulumi.CustomResourceOptions) {
    // With `opts.id` (`get`) the engine reads the rule instead of creating it: the properties
    // are the state to start from, and the id names the rule.
    const reading = Boolean(opts?.id);
    const args = argsOrState as AutomationRuleArgs | undefined;
    const state = argsOrState as AutomationRuleState | undefined;
    // Every output is a key of the properties (undefined until the engine answers): Pulumi makes
    // an output of each key it is given, and only of those.
    const outputs: Record<string, unknown> = Object.fromEntries(STATE_KEYS.map((key) => [key, undefined]));
    // No stack traces for the runtime to record while declaring (provider/engine/stackTraces.ts).
    const traces = suspendStackTraces();
    try {
      super(
        AUTOMATION_RULE_TYPE,
        name,
        reading
          ? { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...state, ruleId: undefined }
          : { [STORED_PROVIDER_KEY]: STORED_PROVIDER_TEXT, ...outputs, ...args, ruleId: args?.ruleId },
        { ...opts, additionalSecretOutputs: [...new Set([...(opts?.additionalSecretOutputs ?? []), "httpPostToken"])] },
      );
    } catch (err) {
      throw traces.restoredFor(err, AutomationRule);
    } finally {
      traces.restore();
    }
  }
}
