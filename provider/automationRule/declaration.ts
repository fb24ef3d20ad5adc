/**
 * AutomationRule's and getAutomationRules' one declaration: every field with its schema type, description, default, secret flag
 * and place (input, output; required; part of the declared state). The provider plugin's schema
 * (`plugin/schema.json`), the field lists in `fields.ts` and the reference page in
 * `docs/resources/` are made from it (`npm run schema`; docs/CONTRIBUTING.md "Adding a field").
 *
 * @packageDocumentation
 */
import type { FunctionDeclaration, ResourceDeclaration, TypeDeclaration } from "../engine/declaration";
import { AUTOMATION_RULE_PLUGIN_TYPE } from "../engine/typeToken";

/** flashduty:index:AutomationRule: Declares one automation rule: created by `pulumi up`, put back by `pulumi up --refresh` after a console edit, deleted by destroy. */
export const AUTOMATION_RULE = {
  token: AUTOMATION_RULE_PLUGIN_TYPE,
  description:
    "Declares one automation rule: created by `pulumi up`, put back by `pulumi up --refresh` after a console edit, deleted by destroy. Importable: `pulumi import flashduty:index:AutomationRule <name> <ruleId>`.",
  fields: {
    name: {
      type: "string",
      description: "Rule name, 1-255 characters. Names are not unique on the platform.",
      requiredInput: true,
      required: true,
      declared: true,
    },
    prompt: {
      type: "string",
      description: "Instruction text the rule runs; non-empty.",
      requiredInput: true,
      required: true,
      declared: true,
    },
    cronExpr: {
      type: "string",
      description:
        'Cron in the platform\'s dialect: 5 fields `minute hour day-of-month month day-of-week` or 4 (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number (at most one run an hour); no seconds field; not both day-of-month and day-of-week. Required even for a rule with only an HTTP POST trigger: use the placeholder `"0 0 * * *"` with `scheduleTriggerEnabled: false`.',
      requiredInput: true,
      required: true,
      declared: true,
    },
    timezone: {
      type: "string",
      description: "IANA time zone of `cronExpr`, sent explicitly, so the rule never takes the caller's member time zone.",
      default: "UTC",
      required: true,
      declared: true,
    },
    teamId: {
      type: "integer",
      description: "Team of the rule; 0 = a personal rule of the app key's member. Changing it replaces the rule.",
      default: 0,
      required: true,
      declared: true,
    },
    enabled: {
      type: "boolean",
      description: "Whether the rule runs.",
      default: true,
      required: true,
      declared: true,
    },
    scheduleTriggerEnabled: {
      type: "boolean",
      description: "Whether the schedule trigger fires on `cronExpr`.",
      default: true,
      required: true,
      declared: true,
    },
    httpPostTriggerEnabled: {
      type: "boolean",
      description: "Whether the rule has an enabled HTTP POST trigger (see `httpPostTriggerUrl`, `httpPostToken`).",
      default: false,
      required: true,
      declared: true,
    },
    oncallIncidentTriggerEnabled: {
      type: "boolean",
      description: "Whether on-call incidents trigger the rule; needs at least one channel id and one severity.",
      default: false,
      required: true,
      declared: true,
    },
    oncallIncidentChannelIds: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "On-call integration (channel) ids, positive integers. Default `[]`.",
      required: true,
      declared: true,
    },
    oncallIncidentSeverities: {
      type: "array",
      items: {
        type: "string",
      },
      description: "Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. Default `[]`.",
      required: true,
      declared: true,
    },
    environmentKind: {
      type: "string",
      description: '`""` (chosen by the platform), `cloud` or `byoc`.',
      default: "",
      required: true,
      declared: true,
    },
    environmentId: {
      type: "string",
      description: "BYOC runner id; only with `environmentKind: byoc`.",
      default: "",
      required: true,
      declared: true,
    },
    httpPostTokenRotation: {
      type: "string",
      description: "Any string; changing it rotates the HTTP POST token (the old one stops working).",
    },
    ruleId: {
      type: "string",
      description: "Rule id (`arule_...`).",
      required: true,
      input: {
        description:
          "Adopts an existing rule instead of creating one: create reads it and updates it to the declared fields. Its `teamId` must match. Naming another rule replaces the resource.",
      },
      typescript: {
        input: "(The dynamic resource cannot be imported: adopt a rule made in the console, or left by a lost create, with this.)",
        output: "For `get`, the id argument names the rule and this is ignored.",
      },
    },
    adoptedRuleId: {
      type: "string",
      description: "The `ruleId` input when the rule was adopted.",
      kind: "out",
      bookkeeping: true,
    },
    ownerId: {
      type: "integer",
      description: "Member id of the rule's owner.",
      kind: "out",
      required: true,
    },
    runScope: {
      type: "string",
      description: "`person` or `team`.",
      kind: "out",
      required: true,
    },
    scheduleTriggerId: {
      type: "string",
      description: "Id of the schedule trigger (`atrig_...`), if the rule has one.",
      kind: "out",
    },
    httpPostTriggerId: {
      type: "string",
      description: "Id of the HTTP POST trigger, if the rule has one.",
      kind: "out",
    },
    oncallIncidentTriggerId: {
      type: "string",
      description: "Id of the on-call incident trigger, if the rule has one.",
      kind: "out",
    },
    httpPostTriggerUrl: {
      type: "string",
      description: "Full URL to fire the HTTP POST trigger: the API base URL joined with the platform's path; it holds no secret.",
      kind: "out",
    },
    httpPostToken: {
      type: "string",
      description: "The HTTP POST trigger's Bearer token, kept from the create or rotation that returned it (no read returns it).",
      secret: true,
      kind: "out",
      typescript: { output: "For `get`, a token known from elsewhere (the `state` argument) is kept here." },
    },
    scheduleNextFireAtMs: {
      type: "number",
      description: "Next scheduled run, epoch milliseconds; 0 when the rule or its schedule trigger is disabled.",
      kind: "out",
      required: true,
    },
    createdAt: {
      type: "number",
      description: "Creation time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last update time, epoch milliseconds.",
      kind: "out",
      required: true,
    },
  },
} as const satisfies ResourceDeclaration;

/** flashduty:index:getAutomationRules: Every automation rule visible to the configured app key that matches the filters (all pages of `POST /safari/automation/rule/list`), sorted by `ruleId`. */
export const GET_AUTOMATION_RULES = {
  token: "flashduty:index:getAutomationRules",
  description:
    "Every automation rule visible to the configured app key that matches the filters (all pages of `POST /safari/automation/rule/list`), sorted by `ruleId`.",
  inputs: {
    scope: {
      type: "string",
      description: "`all` (default), `personal` or `team`.",
    },
    teamIds: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "Only rules of these teams.",
    },
    includePerson: {
      type: "boolean",
      description: "Compatibility flag: with no `scope`, `false` behaves as `scope: team`.",
    },
    enabled: {
      type: "boolean",
      description: "true: only enabled rules; false: only disabled ones; absent: both.",
    },
    keyword: {
      type: "string",
      description: "Case-insensitive match on the rule name, at most 64 characters.",
    },
    pageSize: {
      type: "integer",
      description: "Rules per request, 1..100. Default 100.",
    },
  },
  outputs: {
    total: {
      type: "integer",
      description: "Number of rules returned.",
      required: true,
    },
    rules: {
      type: "array",
      items: {
        $ref: "#/types/flashduty:index:AutomationRuleInfo",
      },
      description: "The rules, sorted by `ruleId`.",
      required: true,
    },
  },
} as const satisfies FunctionDeclaration;

/** flashduty:index:AutomationRuleInfo: An automation rule as the platform lists it. */
export const AUTOMATION_RULE_INFO = {
  token: "flashduty:index:AutomationRuleInfo",
  description: "An automation rule as the platform lists it.",
  properties: {
    ruleId: {
      type: "string",
      description: "Rule id, `arule_...`.",
      required: true,
    },
    accountId: {
      type: "integer",
      description: "Owning account.",
      required: true,
    },
    teamId: {
      type: "integer",
      description: "Team of the rule (0 for a personal rule).",
      required: true,
    },
    ownerId: {
      type: "integer",
      description: "Member id of the owner.",
      required: true,
    },
    name: {
      type: "string",
      description: "Rule name.",
      required: true,
    },
    enabled: {
      type: "boolean",
      description: "Whether the rule is enabled.",
      required: true,
    },
    runScope: {
      type: "string",
      description: "`person` or `team`.",
      required: true,
    },
    cronExpr: {
      type: "string",
      description: "Cron expression in the platform's dialect.",
      required: true,
    },
    timezone: {
      type: "string",
      description: 'IANA time zone of `cronExpr`; `""` (UTC) on old rules.',
      required: true,
    },
    prompt: {
      type: "string",
      description: "Instruction text the rule runs.",
      required: true,
    },
    environmentKind: {
      type: "string",
      description: '`""`, `cloud` or `byoc`.',
      required: true,
    },
    environmentId: {
      type: "string",
      description: 'Environment id; may be `""`.',
      required: true,
    },
    scheduleTriggerId: {
      type: "string",
      description: "Schedule trigger id; absent without a schedule trigger.",
    },
    scheduleTriggerEnabled: {
      type: "boolean",
      description: "Whether the schedule trigger is enabled.",
      required: true,
    },
    httpPostTriggerId: {
      type: "string",
      description: "HTTP POST trigger id; absent without one.",
    },
    httpPostTriggerUrl: {
      type: "string",
      description: "Relative path of the HTTP POST trigger; absent without one.",
    },
    httpPostTriggerEnabled: {
      type: "boolean",
      description: "Whether the HTTP POST trigger is enabled.",
      required: true,
    },
    canEdit: {
      type: "boolean",
      description: "Whether the caller may edit the rule.",
      required: true,
    },
    createdAt: {
      type: "number",
      description: "Creation time, epoch milliseconds.",
      required: true,
    },
    updatedAt: {
      type: "number",
      description: "Last update time, epoch milliseconds.",
      required: true,
    },
    scheduleNextFireAtMs: {
      type: "number",
      description: "Next scheduled run, epoch milliseconds; 0 when the rule or its schedule trigger is disabled.",
      required: true,
    },
    oncallIncidentTriggerId: {
      type: "string",
      description: "On-call incident trigger id; absent without one.",
    },
    oncallIncidentTriggerEnabled: {
      type: "boolean",
      description: "Whether the on-call incident trigger is enabled.",
      required: true,
    },
    oncallIncidentChannelIds: {
      type: "array",
      items: {
        type: "integer",
      },
      description: "Channel ids the incident trigger applies to.",
    },
    oncallIncidentSeverities: {
      type: "array",
      items: {
        type: "string",
      },
      description: "Severities the incident trigger applies to.",
    },
  },
} as const satisfies TypeDeclaration;
