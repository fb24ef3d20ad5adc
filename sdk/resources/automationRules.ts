/**
 * Automation rules: `POST /safari/automation/rule/{list,get,create,update,delete}`.
 *
 * The resource class, and beside it the noun's camelCase model and params with their one mapping to
 * and from the snake_case wire (`wire/wire.ts`).
 */
import { z } from "zod";
import { cronDialectProblem, isKnownTimezone } from "../../wire/cronDialect";
import { FlashdutyAmbiguousCreateError, FlashdutyValidationError } from "../errors";
import { createExactlyOnce } from "../exactlyOnceCreate";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { charLength, checkBoolean, checkEnum, checkId, checkIntegerArray, checkLimit, checkPage, checkParams, checkString, show } from "../validation";
import { LIMITS, PATHS, RULE_SCOPES, wireAutomationRuleSchema, wireAutomationRuleWithTokenSchema, wireRuleListDataSchema } from "../../wire/wire";
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

const LIST = defineOperation(PATHS.automationRuleList, wireRuleListDataSchema, { nonIdempotent: false });
const GET = defineOperation(PATHS.automationRuleGet, wireAutomationRuleSchema, { nonIdempotent: false });
// create has no client token: its retries are driven by `create` below, never blindly.
const CREATE = defineOperation(PATHS.automationRuleCreate, wireAutomationRuleWithTokenSchema, { nonIdempotent: true });
// update sets fields to values (repeating it changes nothing more); a repeated rotation leaves the newest token working.
const UPDATE = defineOperation(PATHS.automationRuleUpdate, wireAutomationRuleWithTokenSchema, { nonIdempotent: false });
// `data` is documented as null; anything else is tolerated. A repeat answers ResourceNotFound.
const DELETE = defineOperation(PATHS.automationRuleDelete, z.unknown(), { nonIdempotent: false });

/**
 * How far before the create began a rule's `created_at` may lie and still be taken for the
 * create's own (the client's and the platform's clocks differ; both count epoch ms), in ms.
 */
export const CREATE_CLOCK_SKEW_MS = 5_000;

/** Filters of {@link AutomationRules.listAll}: those of `list` without `page`. */
export type ListAllAutomationRulesParams = Omit<ListAutomationRulesParams, "page">;

/** Automation rules visible to the caller. Reach it as `client.automationRules`. */
export class AutomationRules {
  readonly #transport: Transport;

  readonly #maxRetries: number;

  /** @internal Built by `FlashdutyClient`; use `client.mcpServers` etc. */
  constructor(transport: Transport, maxRetries: number) {
    this.#transport = transport;
    this.#maxRetries = maxRetries;
  }

  /**
   * Reads one rule. `POST /safari/automation/rule/get`, body `{ rule_id }`. Never returns the
   * HTTP POST token.
   *
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError if `ruleId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound` (HTTP 400) for an unknown rule or one the caller
   *   cannot see (`isNotFound`), and the other request errors.
   */
  async get(params: AutomationRuleIdParams, options?: RequestOptions): Promise<AutomationRule> {
    const wire = await this.#transport.call(GET, ruleIdToWire(checkRuleId(GET.name, params)), checkRequestOptions(GET.name, options));
    return automationRuleFromWire(wire);
  }

  /**
   * Creates a rule. `POST /safari/automation/rule/create` with the given fields only (an
   * omitted field takes the platform's default: `enabled` false, `timezone` the caller's,
   * `scheduleTriggerEnabled` true). Rate limit 20/s and 300/min.
   *
   * Exactly once: a rule has no client token and names are not unique, so a create is never
   * repeated blindly. When an attempt's answer is lost (reset or timeout after sending, 5xx,
   * unreadable answer), before any retry (and before giving up) the client lists the rules
   * named like this one in its team (`keyword` = the name's first 64 characters) created since
   * the create began (less {@link CREATE_CLOCK_SKEW_MS}) whose declared fields all equal these:
   * one match is taken as this create's rule (when an HTTP POST trigger was declared, its token,
   * lost with the answer, is rotated once to get a usable one); none: the create is retried;
   * several: {@link FlashdutyAmbiguousCreateError} naming them. An attempt refused outright (429,
   * refused connection) is retried without that check. A timed-out attempt the platform
   * applies only after that listing cannot be seen; the list is read as late as possible.
   *
   * @returns the rule, with `httpPostToken` (a secret) when an HTTP POST trigger was made.
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (attempts of the create itself),
   *   `deadlineMs` (for the whole create, its 429s and retries together; no retry starts past it).
   * @throws FlashdutyValidationError naming the field and the rule it breaks (name 1-255
   *   characters, non-empty prompt, the cron dialect, IANA time zone, severities, channel ids,
   *   on-call lists, environmentId only with byoc), before anything is sent.
   * @throws FlashdutyAmbiguousCreateError (see above); FlashdutyApiError `InvalidParameter`,
   *   `AccessDenied` (not a member of `teamId`), and the other request errors.
   */
  async create(params: CreateAutomationRuleParams, options?: RequestOptions): Promise<AutomationRuleWithToken> {
    const fields = checkRuleFields(CREATE.name, params, true) as AutomationRuleFields;
    const request = checkRequestOptions(CREATE.name, options);
    const body = automationRuleFieldsToWire(fields);
    return createExactlyOnce({
      operation: CREATE.name,
      request,
      defaultMaxRetries: this.#maxRetries,
      defaultDeadlineMs: this.#transport.deadlineMs,
      attempt: async (deadlineMs) => automationRuleWithTokenFromWire(await this.#transport.call(CREATE, body, { ...request, maxRetries: 0, deadlineMs })),
      findApplied: (startedAt, attempts) => this.#findApplied(fields, startedAt, attempts, request),
    });
  }

  /**
   * The rule an earlier attempt of {@link create} made, if the platform has one: see `create`.
   * A match with a declared HTTP POST trigger has its token rotated (one `rule/update`), since
   * the token came only in the lost answer.
   */
  async #findApplied(fields: AutomationRuleFields, startedAt: number, attempts: number, request: RequestOptions): Promise<AutomationRuleWithToken | undefined> {
    const teamId = fields.teamId ?? 0;
    const perCall = { ...(request.signal ? { signal: request.signal } : {}), ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}) };
    const candidates: AutomationRule[] = [];
    const listing = this.listAll(
      { keyword: [...fields.name].slice(0, LIMITS.maxKeywordLength).join(""), ...(teamId > 0 ? { scope: "team", teamIds: [teamId] } : { scope: "personal" }) },
      perCall,
    );
    for await (const rule of listing) {
      if (rule.createdAt >= startedAt - CREATE_CLOCK_SKEW_MS && matchesDeclared(rule, fields)) candidates.push(rule);
    }
    if (candidates.length === 0) return undefined;
    if (candidates.length > 1) {
      throw new FlashdutyAmbiguousCreateError({ operation: CREATE.name, attempts, name: fields.name, candidateRuleIds: candidates.map((r) => r.ruleId) });
    }
    const [rule] = candidates as [AutomationRule];
    if (fields.httpPostTriggerEnabled === true && rule.httpPostTriggerId !== undefined) {
      return this.update({ ruleId: rule.ruleId, rotateHttpPostTriggerToken: true }, perCall);
    }
    return rule;
  }

  /**
   * Changes the given fields of a rule, leaving the others as they are.
   * `POST /safari/automation/rule/update`, body `{ rule_id, ...only the given fields }`. Safe to
   * retry (it sets values). Rate limit 20/s and 300/min.
   *
   * @param params `ruleId`, the fields to change (`teamId` only its current value), and
   *   `rotateHttpPostTriggerToken: true` to issue a new HTTP POST token.
   * @returns the rule; `httpPostToken` (a secret) only when rotated or when `httpPostTriggerEnabled: true`
   *   made a new trigger.
   * @throws FlashdutyValidationError as {@link create}, for the fields given.
   * @throws FlashdutyApiError `ResourceNotFound`, `AccessDenied` (a personal rule of another
   *   member; a team the caller is not in), `InvalidParameter`, and the other request errors.
   */
  async update(params: UpdateAutomationRuleParams, options?: RequestOptions): Promise<AutomationRuleWithToken> {
    const op = UPDATE.name;
    const p = checkParams(op, params);
    const ruleId = checkId(op, "ruleId", p.ruleId);
    const fields = checkRuleFields(op, p, false);
    const rotate = checkBoolean(op, "rotateHttpPostTriggerToken", p.rotateHttpPostTriggerToken, false) ?? undefined;
    const body = updateAutomationRuleToWire({ ...fields, ruleId, ...(rotate === undefined ? {} : { rotateHttpPostTriggerToken: rotate }) });
    return automationRuleWithTokenFromWire(await this.#transport.call(UPDATE, body, checkRequestOptions(op, options)));
  }

  /**
   * Deletes a rule and its three triggers; its HTTP POST token stops working.
   * `POST /safari/automation/rule/delete`, body `{ rule_id }`. Safe to retry: a repeat answers
   * `ResourceNotFound`, which a caller deleting a rule may treat as done. Rate limit 20/s and 300/min.
   *
   * @throws FlashdutyValidationError if `ruleId` is empty.
   * @throws FlashdutyApiError `ResourceNotFound` (already gone), `AccessDenied`, and the other request errors.
   */
  async delete(params: AutomationRuleIdParams, options?: RequestOptions): Promise<void> {
    await this.#transport.call(DELETE, ruleIdToWire(checkRuleId(DELETE.name, params)), checkRequestOptions(DELETE.name, options));
  }

  /**
   * Lists one page of the automation rules visible to the caller.
   * `POST /safari/automation/rule/list`, body `{ p, limit, scope, team_ids, include_person,
   * enabled, keyword }` with only the given fields (`null` is sent as `null`).
   *
   * @param params page (1-based, server default 1), limit (1..100, server default 20), scope
   *   (`all` default | `personal` | `team`), teamIds, includePerson, enabled, keyword (<= 64 chars).
   *   `page * limit` may not exceed 10000.
   * @returns `{ total, rules }`. `total` may be capped by the server: to read everything use
   *   {@link listAll}, which stops on a short page.
   * @param options per-call `signal`, `timeoutMs`, `maxRetries` (see `RequestOptions`).
   * @throws FlashdutyValidationError for an out-of-range argument, before anything is sent.
   * @throws FlashdutyApiError, FlashdutyResponseError, FlashdutyConnectionError on failure.
   */
  async list(params?: ListAutomationRulesParams, options?: RequestOptions): Promise<AutomationRuleList> {
    const checked = checkRuleFilters(LIST.name, params, true);
    const wire = await this.#transport.call(LIST, listAutomationRulesToWire(checked), checkRequestOptions(LIST.name, options));
    return automationRuleListFromWire(wire);
  }

  /**
   * Every automation rule matching the filters, each once, over as many
   * `POST /safari/automation/rule/list` pages as needed (`limit` default 100). After page 1 the
   * rest are fetched concurrently within the client's rate limit. Rules are yielded only once a
   * complete, consistent walk is in hand (see `sdk/pagination.ts`); ordering is the server's.
   *
   * Arguments are checked when `listAll` is called (it throws synchronously); requests start
   * when iteration starts, and every iteration of the returned iterable reads the list afresh.
   *
   * @throws FlashdutyValidationError for an out-of-range filter (synchronously).
   * @throws FlashdutyPagingError `reason: "window"` when more than 10000 rules match (narrow the
   *   filters), `reason: "unstable"` when the total kept changing over 3 walks.
   * @param options per-call options for every page request; `signal` aborts the whole walk.
   * @throws FlashdutyApiError and the other request errors of {@link list}.
   */
  listAll(params?: ListAllAutomationRulesParams, options?: RequestOptions): AsyncIterable<AutomationRule> {
    const walk = this.#walk(params, options);
    // Each iteration walks afresh, so the same iterable can be read more than once.
    return { [Symbol.asyncIterator]: () => pageAll(walk) };
  }

  /**
   * @internal What {@link listAll} yields, as one array (the `getAutomationRules` data source's
   * path: no `await` per rule). Same checks, requests and errors as `listAll`.
   */
  async listAllAsArray(params?: ListAllAutomationRulesParams, options?: RequestOptions): Promise<AutomationRule[]> {
    return collectAll(this.#walk(params, options));
  }

  /** The checked filters of `listAll` as the pager's options (throws FlashdutyValidationError). */
  #walk(params: ListAllAutomationRulesParams | undefined, options: RequestOptions | undefined): PageAllOptions<AutomationRule> {
    const checked = checkRuleFilters(LIST.name, params, false);
    const perPage = checkRequestOptions(LIST.name, options);
    const limit = checked.limit ?? LIMITS.maxPageSize;
    return {
      operation: LIST.name,
      noun: "rules",
      limit,
      fetchPage: async (page) => {
        const result = await this.list({ ...checked, page, limit }, perPage);
        return { total: result.total, items: result.rules };
      },
      idOf: (rule) => rule.ruleId,
      pagesInFlight: (pagesLeft) => this.#transport.rateLimiter(LIST.path)?.pagesInFlight(pagesLeft) ?? PAGE_CONCURRENCY,
    };
  }
}

function checkRuleFilters(operation: string, params: unknown, allowPage: boolean): ListAutomationRulesParams {
  const p = checkParams(operation, params);
  const limit = checkLimit(operation, p.limit);
  if (!allowPage && p.page !== undefined) {
    // listAll walks the pages itself; silently ignoring a page would surprise the caller.
    throw new FlashdutyValidationError({
      operation,
      field: "page",
      problem: "page is not accepted by listAll, which reads every page; use list for one page",
    });
  }
  return {
    page: allowPage ? checkPage(operation, p.page, limit) : undefined,
    limit,
    scope: checkEnum(operation, "scope", p.scope, RULE_SCOPES),
    teamIds: checkIntegerArray(operation, "teamIds", p.teamIds),
    includePerson: checkBoolean(operation, "includePerson", p.includePerson, true),
    enabled: checkBoolean(operation, "enabled", p.enabled, true),
    keyword: checkString(operation, "keyword", p.keyword, LIMITS.maxKeywordLength),
  };
}

function checkRuleId(operation: string, params: AutomationRuleIdParams): AutomationRuleIdParams {
  const p = checkParams(operation, params);
  return { ruleId: checkId(operation, "ruleId", p.ruleId) };
}

const FIELD_NAMES: readonly (keyof AutomationRuleFields)[] = [
  "name",
  "prompt",
  "cronExpr",
  "timezone",
  "teamId",
  "enabled",
  "scheduleTriggerEnabled",
  "httpPostTriggerEnabled",
  "oncallIncidentTriggerEnabled",
  "oncallIncidentChannelIds",
  "oncallIncidentSeverities",
  "environmentKind",
  "environmentId",
];

/** The declared fields of `params` (unknown keys dropped), checked; throws for the first problem. */
function checkRuleFields(operation: string, params: unknown, requireAll: boolean): Partial<AutomationRuleFields> {
  const p = checkParams(operation, params);
  const fields: Record<string, unknown> = {};
  for (const key of FIELD_NAMES) if (p[key] !== undefined) fields[key] = Array.isArray(p[key]) ? [...(p[key] as unknown[])] : p[key];
  const [first] = ruleFieldProblems(fields, requireAll);
  if (first !== undefined) throw new FlashdutyValidationError({ operation, field: first.field, problem: first.problem });
  return fields as Partial<AutomationRuleFields>;
}

/** Whether every declared field of `fields` equals `rule`'s (lists compared as sets). */
export function matchesDeclared(rule: AutomationRule, fields: Partial<AutomationRuleFields>): boolean {
  const sameSet = (a: readonly unknown[] | undefined, b: readonly unknown[]) => {
    const x = new Set(a ?? []);
    const y = new Set(b);
    return x.size === y.size && [...x].every((v) => y.has(v));
  };
  for (const key of FIELD_NAMES) {
    const want = fields[key];
    if (want === undefined) continue;
    if (key === "teamId") {
      if (rule.teamId !== want) return false;
    } else if (key === "timezone") {
      if ((rule.timezone || "UTC") !== (want || "UTC")) return false;
    } else if (Array.isArray(want)) {
      if (!sameSet(rule[key] as readonly unknown[] | undefined, want)) return false;
    } else if (rule[key] !== want) {
      return false;
    }
  }
  return true;
}
