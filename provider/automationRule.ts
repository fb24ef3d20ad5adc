import { storedProviderText } from "./storedProviderText";
import { AUTOMATION_RULE_TYPE } from "./typeToken";
import * as pulumi from "@pulumi/pulumi";

/** Arguments of {@link AutomationRule}: the rule's fields in camelCase, as the platform names them. */
export interface AutomationRuleArgs {
  /** Rule name, 1-255 characters. Names are not unique on the platform. */
  name: pulumi.Input<string>;
  /** Instruction text the rule runs; non-empty. */
  prompt: pulumi.Input<string>;
  /**
   * Cron in the platform's dialect: 5 fields `minute hour day-of-month month day-of-week` or 4
   * (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number (at most one
   * run an hour); no seconds field; not both day-of-month and day-of-week. Required even for a
   * rule with only an HTTP POST trigger: use the placeholder `"0 0 * * *"` with
   * `scheduleTriggerEnabled: false`.
   */
  cronExpr: pulumi.Input<string>;
  /** IANA time zone of `cronExpr`. Default `"UTC"` (sent explicitly, so the rule never takes the caller's member time zone). */
  timezone?: pulumi.Input<string>;
  /** Team of the rule; 0 (default) = a personal rule of the app key's member. Changing it replaces the rule. */
  teamId?: pulumi.Input<number>;
  /** Whether the rule runs. Default true. */
  enabled?: pulumi.Input<boolean>;
  /** Whether the schedule trigger fires on `cronExpr`. Default true. */
  scheduleTriggerEnabled?: pulumi.Input<boolean>;
  /** Whether the rule has an enabled HTTP POST trigger (see `httpPostTriggerUrl`, `httpPostToken`). Default false. */
  httpPostTriggerEnabled?: pulumi.Input<boolean>;
  /** Whether on-call incidents trigger the rule; needs at least one channel id and one severity. Default false. */
  oncallIncidentTriggerEnabled?: pulumi.Input<boolean>;
  /** On-call integration (channel) ids, positive integers. Default `[]`. */
  oncallIncidentChannelIds?: pulumi.Input<pulumi.Input<number>[]>;
  /** Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. Default `[]`. */
  oncallIncidentSeverities?: pulumi.Input<pulumi.Input<"Critical" | "Warning" | "Info">[]>;
  /** `""` (default: chosen by the platform), `cloud`, or `byoc`. */
  environmentKind?: pulumi.Input<"" | "cloud" | "byoc">;
  /** BYOC runner id; only with `environmentKind: "byoc"`. Default `""`. */
  environmentId?: pulumi.Input<string>;
  /** Any string; changing it rotates the HTTP POST token (the old one stops working). */
  httpPostTokenRotation?: pulumi.Input<string>;
  /**
   * Adopts an existing rule (made in the console, or left by a lost create) instead of creating
   * one: create reads it and updates it to the declared fields. Its `teamId` must match.
   * (`pulumi import` does not work for dynamic resources.)
   */
  ruleId?: pulumi.Input<string>;
}


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
 *
 * Credentials: stack config `flashduty:appKey` (secret) or `FLASHDUTY_APP_KEY`; base URL
 * `flashduty:baseUrl` or `FLASHDUTY_BASE_URL`, read when the provider runs.
 */
export class AutomationRule extends pulumi.CustomResource {
  /** Rule id (`arule_...`). */
  declare public readonly ruleId: pulumi.Output<string>;
  declare public readonly name: pulumi.Output<string>;
  declare public readonly prompt: pulumi.Output<string>;
  declare public readonly cronExpr: pulumi.Output<string>;
  declare public readonly timezone: pulumi.Output<string>;
  /** 0 for a personal rule. */
  declare public readonly teamId: pulumi.Output<number>;
  declare public readonly enabled: pulumi.Output<boolean>;
  declare public readonly scheduleTriggerEnabled: pulumi.Output<boolean>;
  declare public readonly httpPostTriggerEnabled: pulumi.Output<boolean>;
  declare public readonly oncallIncidentTriggerEnabled: pulumi.Output<boolean>;
  declare public readonly oncallIncidentChannelIds: pulumi.Output<number[]>;
  declare public readonly oncallIncidentSeverities: pulumi.Output<string[]>;
  declare public readonly environmentKind: pulumi.Output<string>;
  declare public readonly environmentId: pulumi.Output<string>;
  declare public readonly httpPostTokenRotation: pulumi.Output<string | undefined>;
  /** Member id of the rule's owner. */
  declare public readonly ownerId: pulumi.Output<number>;
  /** `person` or `team`. */
  declare public readonly runScope: pulumi.Output<string>;
  declare public readonly scheduleTriggerId: pulumi.Output<string | undefined>;
  declare public readonly httpPostTriggerId: pulumi.Output<string | undefined>;
  declare public readonly oncallIncidentTriggerId: pulumi.Output<string | undefined>;
  /** Full URL to fire the HTTP POST trigger (base URL + the platform's path; holds no secret). */
  declare public readonly httpPostTriggerUrl: pulumi.Output<string | undefined>;
  /** SECRET: `Authorization: Bearer <token>` for `httpPostTriggerUrl`. */
  declare public readonly httpPostToken: pulumi.Output<string | undefined>;
  /** Next scheduled run, epoch ms; 0 when the rule or its schedule trigger is disabled. */
  declare public readonly scheduleNextFireAtMs: pulumi.Output<number>;
  /** Epoch ms. */
  declare public readonly createdAt: pulumi.Output<number>;
  /** Epoch ms. */
  declare public readonly updatedAt: pulumi.Output<number>;

  /**
   * @param name the Pulumi resource name (unique in the stack)
   * @param args the rule's fields (`name`, `prompt`, `cronExpr` required)
   * @param opts standard resource options; `additionalSecretOutputs` always includes `httpPostToken`
   */
  constructor(name: string, args: AutomationRuleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      AUTOMATION_RULE_TYPE,
      name,
      {
        __provider: STORED_PROVIDER_TEXT,
        ...args,
        ruleId: args?.ruleId,
        ownerId: undefined,
        runScope: undefined,
        scheduleTriggerId: undefined,
        httpPostTriggerId: undefined,
        oncallIncidentTriggerId: undefined,
        httpPostTriggerUrl: undefined,
        httpPostToken: undefined,
        scheduleNextFireAtMs: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      },
      { ...opts, additionalSecretOutputs: [...new Set([...(opts?.additionalSecretOutputs ?? []), "httpPostToken"])] },
    );
  }
}
