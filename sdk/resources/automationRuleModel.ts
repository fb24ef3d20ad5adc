import { cronDialectProblem as dialectProblem, isKnownTimezone as knownTimezone } from "../../wire/cronDialect";
import { charLength, show } from "../validation";
import { RULE_ENVIRONMENT_KINDS, RULE_LIMITS, RULE_SEVERITIES, type RuleEnvironmentKind, type RuleScope, type RuleSeverity } from "../../wire/protocol";
import type { Equal } from "../../wire/typeAssert";
import type {
  WireAutomationRule,
  WireAutomationRuleWithToken,
  WireRuleCreateRequest,
  WireRuleUpdateRequest,
  WireRuleListData,
  WireRuleListRequest,
} from "../../wire/wire";
import { withoutUndefined, type Camelized } from "../wireMapping";

export type { RuleEnvironmentKind, RuleScope, RuleSeverity };

/**
 * An automation rule (element of `rules` of `POST /safari/automation/rule/list`). The trigger
 * fields a rule does not have are left out of the object (never set to `undefined`).
 */
export interface AutomationRule {
  /** Rule id, `arule_...`. */
  ruleId: string;
  /** Owning account. */
  accountId: number;
  /** Team of the rule (0 for a personal rule). */
  teamId: number;
  /** Member id of the owner. */
  ownerId: number;
  /** Rule name. */
  name: string;
  /** Whether the rule is enabled. */
  enabled: boolean;
  /** `person` or `team`. */
  runScope: string;
  /** Five-field cron expression (minute hour day-of-month month day-of-week); `0 0 * * *` as a placeholder on rules with only an HTTP POST trigger. */
  cronExpr: string;
  /** IANA time zone of `cronExpr`; `""` on old rules (also when the platform omits it), meaning UTC. */
  timezone: string;
  /** Instruction text the rule runs. */
  prompt: string;
  /** `""`, `cloud` or `byoc`. */
  environmentKind: string;
  /** Environment id; may be `""`. */
  environmentId: string;
  /** Schedule trigger id, `atrig_...`; absent when the rule has no schedule trigger. */
  scheduleTriggerId?: string;
  /** Whether the schedule trigger is enabled. */
  scheduleTriggerEnabled: boolean;
  /** HTTP POST trigger id, `atrig_...`; absent when the rule has no HTTP POST trigger. */
  httpPostTriggerId?: string;
  /** Relative path `/safari/automation/triggers/<trigger_id>/fire`; absent with `httpPostTriggerId`. */
  httpPostTriggerUrl?: string;
  /** Whether the HTTP POST trigger is enabled. */
  httpPostTriggerEnabled: boolean;
  /** Whether the caller may edit the rule. */
  canEdit: boolean;
  /** Creation time, epoch milliseconds. */
  createdAt: number;
  /** Last update time, epoch milliseconds. */
  updatedAt: number;
  /** Next scheduled run, epoch milliseconds; 0 when nothing is scheduled. */
  scheduleNextFireAtMs: number;
  /** On-call incident trigger id, `atrig_...`; absent when the rule has no on-call trigger. */
  oncallIncidentTriggerId?: string;
  /** Whether the on-call incident trigger is enabled. */
  oncallIncidentTriggerEnabled: boolean;
  /** Channel ids the incident trigger applies to; absent without an on-call trigger (`null` reads as `[]`). */
  oncallIncidentChannelIds?: number[];
  /** Severities the incident trigger applies to (`Critical`, `Warning`, `Info`); absent without an on-call trigger (`null` reads as `[]`). */
  oncallIncidentSeverities?: string[];
}

/** Filters of `automationRules.list` (and, without `page`, of `listAll`). All optional. */
export interface ListAutomationRulesParams {
  /** Page number, 1-based (wire `p`); server default 1. `page * limit` may not exceed 10000. */
  page?: number;
  /** Page size 1..100. `list`: server default 20; `listAll`: default 100. */
  limit?: number;
  /** `all` (own personal + accessible team rules, the server default), `personal` or `team`. */
  scope?: RuleScope;
  /** Only rules of these teams (wire `team_ids`); narrows, never widens. */
  teamIds?: number[];
  /** Compatibility flag (wire `include_person`): with no `scope`, `false` behaves as `scope: "team"`. */
  includePerson?: boolean | null;
  /** `true`: only enabled rules; `false`: only disabled; `null`/absent: both. */
  enabled?: boolean | null;
  /** Filter on the rule name, at most 64 characters. */
  keyword?: string;
}

/** One page of `automationRules.list`. */
export interface AutomationRuleList {
  /** Number of matching rules (may be capped by the server; do not page on it alone). */
  total: number;
  /** The rules of this page. */
  rules: AutomationRule[];
}

/** @internal */
export function automationRuleFromWire(w: WireAutomationRule): AutomationRule {
  return withoutUndefined({
    ruleId: w.rule_id,
    accountId: w.account_id,
    teamId: w.team_id,
    ownerId: w.owner_id,
    name: w.name,
    enabled: w.enabled,
    runScope: w.run_scope,
    cronExpr: w.cron_expr,
    timezone: w.timezone,
    prompt: w.prompt,
    environmentKind: w.environment_kind,
    environmentId: w.environment_id,
    scheduleTriggerId: w.schedule_trigger_id,
    scheduleTriggerEnabled: w.schedule_trigger_enabled,
    httpPostTriggerId: w.http_post_trigger_id,
    httpPostTriggerUrl: w.http_post_trigger_url,
    httpPostTriggerEnabled: w.http_post_trigger_enabled,
    canEdit: w.can_edit,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    scheduleNextFireAtMs: w.schedule_next_fire_at_ms,
    oncallIncidentTriggerId: w.oncall_incident_trigger_id,
    oncallIncidentTriggerEnabled: w.oncall_incident_trigger_enabled,
    oncallIncidentChannelIds: w.oncall_incident_channel_ids === undefined ? undefined : [...w.oncall_incident_channel_ids],
    oncallIncidentSeverities: w.oncall_incident_severities === undefined ? undefined : [...w.oncall_incident_severities],
  });
}

/** @internal */
export function automationRuleListFromWire(w: WireRuleListData): AutomationRuleList {
  return { total: w.total, rules: w.rules.map(automationRuleFromWire) };
}

/** @internal Body of `/safari/automation/rule/list`; fields the caller left out are not sent. */
export function listAutomationRulesToWire(p: ListAutomationRulesParams): WireRuleListRequest {
  return withoutUndefined({
    p: p.page,
    limit: p.limit,
    scope: p.scope,
    team_ids: p.teamIds,
    include_person: p.includePerson,
    enabled: p.enabled,
    keyword: p.keyword,
  });
}

/**
 * The fields of a rule a caller declares (`automationRules.create`; every one optional on
 * `update`). Times in the rule's `timezone`; ids as the platform issues them.
 */
export interface AutomationRuleFields {
  /** Rule name, 1-255 characters. Names are not unique: a name does not identify a rule. */
  name: string;
  /** Instruction text the rule runs, at least 1 character. */
  prompt: string;
  /**
   * Cron in the platform's dialect: 5 fields (`minute hour day-of-month month day-of-week`) or 4
   * (`hour day-of-month month day-of-week`, minute 0); the minute one fixed number; no seconds;
   * not both day-of-month and day-of-week. Required even for a rule with only an HTTP POST
   * trigger: send the placeholder `0 0 * * *` with `scheduleTriggerEnabled: false`.
   */
  cronExpr: string;
  /** IANA time zone of `cronExpr`. Omitted on create: the caller's member time zone, then the account's, then UTC. */
  timezone?: string;
  /** Team of the rule; 0 or omitted = a personal rule of the caller. Cannot change after creation. */
  teamId?: number;
  /** Whether the rule runs at all. Omitted on create: **false** (the platform's default). */
  enabled?: boolean;
  /** Whether the schedule trigger fires. Omitted on create: true. */
  scheduleTriggerEnabled?: boolean;
  /** Whether the HTTP POST trigger exists and fires; true on create (or update) makes one and returns its token. */
  httpPostTriggerEnabled?: boolean;
  /** Whether the on-call incident trigger fires; enabling it needs at least one channel id and one severity. */
  oncallIncidentTriggerEnabled?: boolean;
  /** On-call integration (channel) ids, positive integers. */
  oncallIncidentChannelIds?: number[];
  /** Severities the on-call trigger fires for: `Critical`, `Warning`, `Info`. */
  oncallIncidentSeverities?: RuleSeverity[];
  /** `""` (chosen automatically), `cloud` or `byoc`. */
  environmentKind?: RuleEnvironmentKind;
  /** BYOC runner id; only with `environmentKind: "byoc"`. */
  environmentId?: string;
}

/** Argument of `automationRules.create`: the declared fields (`name`, `prompt`, `cronExpr` required). */
export type CreateAutomationRuleParams = AutomationRuleFields;

/**
 * Argument of `automationRules.update`: the rule and only the fields to change (an omitted
 * field is left as it is). `teamId` may only repeat the rule's current team.
 */
export interface UpdateAutomationRuleParams extends Partial<AutomationRuleFields> {
  /** Rule id, `arule_...`. */
  ruleId: string;
  /** `true` issues a new HTTP POST trigger token (the old one stops working) and returns it as `httpPostToken`. */
  rotateHttpPostTriggerToken?: boolean;
}

/** Argument of `automationRules.get` and `delete`. */
export interface AutomationRuleIdParams {
  /** Rule id, `arule_...`. */
  ruleId: string;
}

/**
 * A rule as `create` and `update` return it. `httpPostToken` (`sat_...`, a SECRET: keep it as
 * one, never log it) is present only after a create that made an HTTP POST trigger or an
 * update that rotated the token: no read returns it again.
 */
export interface AutomationRuleWithToken extends AutomationRule {
  httpPostToken?: string;
}

/** @internal */
export function automationRuleWithTokenFromWire(w: WireAutomationRuleWithToken): AutomationRuleWithToken {
  const rule: AutomationRuleWithToken = automationRuleFromWire(w);
  if (w.http_post_token !== undefined) rule.httpPostToken = w.http_post_token;
  return rule;
}

/** @internal Body of `rule/create` (or the field part of `rule/update`); fields left out are not sent. */
export function automationRuleFieldsToWire(p: Partial<AutomationRuleFields>): WireRuleCreateRequest {
  return withoutUndefined({
    name: p.name,
    prompt: p.prompt,
    cron_expr: p.cronExpr,
    team_id: p.teamId,
    enabled: p.enabled,
    timezone: p.timezone,
    schedule_trigger_enabled: p.scheduleTriggerEnabled,
    http_post_trigger_enabled: p.httpPostTriggerEnabled,
    oncall_incident_trigger_enabled: p.oncallIncidentTriggerEnabled,
    oncall_incident_channel_ids: p.oncallIncidentChannelIds,
    oncall_incident_severities: p.oncallIncidentSeverities,
    environment_kind: p.environmentKind,
    environment_id: p.environmentId,
  } as WireRuleCreateRequest);
}

/** @internal Body of `rule/update`. */
export function updateAutomationRuleToWire(p: UpdateAutomationRuleParams): WireRuleUpdateRequest {
  return withoutUndefined({
    rule_id: p.ruleId,
    ...automationRuleFieldsToWire(p),
    rotate_http_post_trigger_token: p.rotateHttpPostTriggerToken,
  });
}

/** @internal Body of `rule/get` and `rule/delete`. */
export function ruleIdToWire(p: AutomationRuleIdParams): { rule_id: string } {
  return { rule_id: p.ruleId };
}

// Compile-time parity with the wire: the model has exactly the wire object's fields.
true satisfies Equal<AutomationRule, Camelized<WireAutomationRule>>;

// ---------------------------------------------------------------- field checks
// The checks of a rule's declared fields (docs/platform-api.md "Automation rule write
// operations" and "Cron and next fire time"), in one place for the SDK (create and update refuse
// bad fields before sending) and the provider (AutomationRule's check, so `pulumi preview` fails
// before any call). The cron dialect itself is wire/cronDialect.ts, shared with the emulator.

/** One broken rule: the field (camelCase) and a sentence naming the field and the rule it breaks. */
export interface RuleFieldProblem {
  field: keyof AutomationRuleFields;
  problem: string;
}

/** Most distinct texts {@link remembered} keeps per function; past it the memory starts over. */
const MEMO_LIMIT = 1_000;

/**
 * `compute` remembered by its text argument. For pure checks that cost 0.1 to 0.3 ms a call
 * (cron-parser's parse, an `Intl.DateTimeFormat` per zone) that an account repeats over
 * thousands of rules: a provider's `check` judges each rule up to four times (values in state and
 * the program's), and `import-file` runs it on every rule of the account.
 */
function remembered<T>(compute: (text: string) => T): (text: string) => T {
  const memory = new Map<string, T>();
  return (text) => {
    if (memory.has(text)) return memory.get(text) as T;
    if (memory.size >= MEMO_LIMIT) memory.clear();
    const value = compute(text);
    memory.set(text, value);
    return value;
  };
}

const cronDialectProblem = remembered(dialectProblem);
const isKnownTimezone = remembered(knownTimezone);

/**
 * Every problem of `fields`. Only the fields present (not `undefined`) are checked, so a caller
 * may leave out values it does not know yet (the provider at preview) or does not change
 * (`update`). Cross-field rules apply when both sides are present: an enabled on-call trigger
 * needs at least one channel id and one severity (when `requireAll`, i.e. on create, the lists
 * must be present); `environmentId` only with `environmentKind: "byoc"`.
 *
 * @param requireAll on create: `name`, `prompt` and `cronExpr` must be present.
 */
export function ruleFieldProblems(fields: Partial<Record<keyof AutomationRuleFields, unknown>>, requireAll: boolean): RuleFieldProblem[] {
  const problems: RuleFieldProblem[] = [];
  const add = (field: keyof AutomationRuleFields, problem: string) => problems.push({ field, problem });
  const { name, prompt, cronExpr, timezone, teamId, environmentKind, environmentId } = fields;

  if (name !== undefined || requireAll) {
    if (typeof name !== "string" || charLength(name) < 1 || charLength(name) > RULE_LIMITS.maxNameLength) {
      add(
        "name",
        `name must be a string of 1 to ${RULE_LIMITS.maxNameLength} characters (got ${typeof name === "string" ? `${charLength(name)} characters` : show(name)})`,
      );
    }
  }
  if (prompt !== undefined || requireAll) {
    if (typeof prompt !== "string" || prompt.trim() === "") add("prompt", `prompt must be a non-empty string (got ${show(prompt)})`);
  }
  if (cronExpr !== undefined || requireAll) {
    if (typeof cronExpr !== "string") {
      add("cronExpr", `cronExpr must be a string (got ${show(cronExpr)})`);
    } else {
      const problem = cronDialectProblem(cronExpr);
      if (problem !== undefined) add("cronExpr", `cronExpr ${show(cronExpr)} is not in the platform's cron dialect: ${problem}`);
    }
  }
  if (timezone !== undefined && (typeof timezone !== "string" || !isKnownTimezone(timezone))) {
    add("timezone", `timezone must be an IANA time zone name such as "UTC" or "Asia/Shanghai" (got ${show(timezone)})`);
  }
  if (teamId !== undefined && (typeof teamId !== "number" || !Number.isSafeInteger(teamId) || teamId < 0)) {
    add("teamId", `teamId must be an integer >= 0 (0 = a personal rule) (got ${show(teamId)})`);
  }
  for (const flag of ["enabled", "scheduleTriggerEnabled", "httpPostTriggerEnabled", "oncallIncidentTriggerEnabled"] as const) {
    const v = fields[flag];
    if (v !== undefined && typeof v !== "boolean") add(flag, `${flag} must be a boolean (got ${show(v)})`);
  }

  const channels = fields.oncallIncidentChannelIds;
  if (channels !== undefined) {
    if (!Array.isArray(channels)) {
      add("oncallIncidentChannelIds", `oncallIncidentChannelIds must be an array of positive integers (got ${show(channels)})`);
    } else {
      channels.forEach((id: unknown, i) => {
        if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) {
          add("oncallIncidentChannelIds", `oncallIncidentChannelIds[${i}] must be a positive integer channel id (got ${show(id)})`);
        }
      });
    }
  }
  const severities = fields.oncallIncidentSeverities;
  if (severities !== undefined) {
    if (!Array.isArray(severities)) {
      add("oncallIncidentSeverities", `oncallIncidentSeverities must be an array of ${RULE_SEVERITIES.join(", ")} (got ${show(severities)})`);
    } else {
      severities.forEach((s: unknown, i) => {
        if (typeof s !== "string" || !(RULE_SEVERITIES as readonly string[]).includes(s)) {
          add("oncallIncidentSeverities", `oncallIncidentSeverities[${i}] must be one of ${RULE_SEVERITIES.join(", ")} (got ${show(s)})`);
        }
      });
    }
  }
  if (fields.oncallIncidentTriggerEnabled === true) {
    if ((channels !== undefined || requireAll) && (!Array.isArray(channels) || channels.length === 0)) {
      add("oncallIncidentChannelIds", "oncallIncidentChannelIds must list at least one channel id when oncallIncidentTriggerEnabled is true");
    }
    if ((severities !== undefined || requireAll) && (!Array.isArray(severities) || severities.length === 0)) {
      add(
        "oncallIncidentSeverities",
        `oncallIncidentSeverities must list at least one of ${RULE_SEVERITIES.join(", ")} when oncallIncidentTriggerEnabled is true`,
      );
    }
  }

  if (environmentKind !== undefined && (typeof environmentKind !== "string" || !(RULE_ENVIRONMENT_KINDS as readonly string[]).includes(environmentKind))) {
    add("environmentKind", `environmentKind must be "", "cloud" or "byoc" (got ${show(environmentKind)})`);
  }
  if (environmentId !== undefined) {
    if (typeof environmentId !== "string") {
      add("environmentId", `environmentId must be a string (got ${show(environmentId)})`);
    } else if (environmentId !== "" && environmentKind !== undefined && environmentKind !== "byoc") {
      add("environmentId", `environmentId (a BYOC runner id) is used only with environmentKind "byoc" (got environmentKind ${show(environmentKind)})`);
    }
  }
  return problems;
}
