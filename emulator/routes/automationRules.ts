/**
 * Automation rule operations (docs/platform-api.md "Rule list request" and "Automation rule write
 * operations"): `/safari/automation/rule/{list,get,create,update,delete,run}`
 * and the HTTP POST trigger's fire endpoint `/safari/automation/triggers/<id>/fire`.
 */
import { randomBytes } from "node:crypto";
import {
  HTTP_POST_TOKEN_PREFIX,
  LIMITS,
  PATHS,
  RULE_ENVIRONMENT_KINDS,
  RULE_LIMITS,
  RULE_SCOPES,
  RULE_SEVERITIES,
  httpPostTriggerPath,
} from "../../wire/protocol";
import {
  cronDialectProblem,
  isKnownTimezone,
  wireRuleCreateRequestSchema,
  wireRuleIdRequestSchema,
  wireRuleListRequestSchema,
  wireRuleUpdateRequestSchema,
  wireTriggerFireRequestSchema,
  type WireAutomationRuleWithToken,
  type WireRuleRunData,
  type WireTriggerFireData,
} from "../../wire/wire";
import { canEditRule, isAccountAdmin, requireAiSre } from "../auth";
import { parseBody } from "../http/body";
import { ApiError, RawJson } from "../http/envelope";
import { nextFireAtMs } from "../nextFire";
import type { Operation, OperationContext, World } from "../operation";
import { pageOf, readPage } from "../paging";
import { effectiveScope } from "../ruleVisibility";
import { addRule, changeRule, removeRule, tokenDigest } from "../ruleWrites";
import { SEED_TEAMS } from "../seed";
import type { AuditEntry, RuleChanges, SeedUser, StoredRule } from "../types";

const END_RULES = Buffer.from("]}");

/**
 * The rules the caller sees (see `RuleVisibility`), filtered, `total` = all matches, one page
 * in the documented order (`created_at` descending, then `rule_id` ascending), as `RawJson` of
 * `WireRuleListData` (the rules' JSON is cached, see `RuleVisibility.jsonChunks`). 400
 * `InvalidParameter` for an unknown `scope`, a `keyword` over 64 characters, or a bad page.
 */
export const listRules: Operation = {
  name: "automationRule.list",
  path: PATHS.automationRuleList,
  handle(context): RawJson {
    const request = parseBody(wireRuleListRequestSchema, context.body);
    if (effectiveScope(request.scope, request.include_person) === undefined) {
      throw new ApiError("InvalidParameter", (m) => m.paramOneOf("scope", RULE_SCOPES));
    }
    if (request.keyword !== undefined && [...request.keyword].length > LIMITS.maxKeywordLength) {
      throw new ApiError("InvalidParameter", (m) => m.paramTooLong("keyword", LIMITS.maxKeywordLength));
    }
    const page = readPage(request.p, request.limit);
    const { caller, world } = context;
    const matches = world.rules.query(caller, {
      scope: request.scope,
      includePerson: request.include_person,
      teamIds: request.team_ids,
      enabled: request.enabled,
      keyword: request.keyword,
    });
    const rules = world.rules.jsonChunks(caller, pageOf(matches, page));
    return new RawJson([Buffer.from(`{"total":${matches.length},"rules":[`), ...rules, END_RULES]);
  },
};

// ---------------------------------------------------------------- helpers

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

/** The rule as `caller` receives it: a copy, `can_edit` computed for them, never a token. */
function answer(caller: SeedUser, rule: StoredRule, token?: string): WireAutomationRuleWithToken {
  const copy = { ...structuredClone(rule), can_edit: canEditRule(caller, rule), timezone: rule.timezone ?? "" };
  return token === undefined ? copy : { ...copy, http_post_token: token };
}

/** The caller's rule `ruleId`: 400 `ResourceNotFound` when it does not exist in their account or they cannot see it. */
function findRule(context: OperationContext, ruleId: string): StoredRule {
  const rule = context.world.rules.visibleTo(context.caller, ruleId);
  if (rule === undefined) throw new ApiError("ResourceNotFound", (m) => m.ruleNotFound(ruleId));
  return rule;
}

function readRuleId(body: Record<string, unknown>): string {
  const { rule_id } = parseBody(wireRuleIdRequestSchema, body);
  if (rule_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("rule_id"));
  return rule_id;
}

function invalid(name: string, detail: string): ApiError {
  return new ApiError("InvalidParameter", (m) => m.paramInvalid(name, detail));
}

/** The declared fields as a create or update sends them (null = absent). */
interface DeclaredFields {
  name?: string | null;
  prompt?: string | null;
  cron_expr?: string | null;
  team_id?: number | null;
  enabled?: boolean | null;
  timezone?: string | null;
  schedule_trigger_enabled?: boolean | null;
  http_post_trigger_enabled?: boolean | null;
  oncall_incident_trigger_enabled?: boolean | null;
  oncall_incident_channel_ids?: number[] | null;
  oncall_incident_severities?: string[] | null;
  environment_kind?: string | null;
  environment_id?: string | null;
}

/** 400 `InvalidParameter` naming the first field that breaks the platform's rules (the same checks on create and update). */
function checkFields(f: DeclaredFields): void {
  if (f.name !== undefined && f.name !== null && ([...f.name].length < 1 || [...f.name].length > RULE_LIMITS.maxNameLength)) {
    throw invalid("name", `must be 1 to ${RULE_LIMITS.maxNameLength} characters`);
  }
  if (f.prompt !== undefined && f.prompt !== null && f.prompt.length < 1) throw invalid("prompt", "must not be empty");
  if (f.cron_expr !== undefined && f.cron_expr !== null) {
    const problem = cronDialectProblem(f.cron_expr);
    if (problem !== undefined) throw invalid("cron_expr", problem);
  }
  if (f.timezone !== undefined && f.timezone !== null && f.timezone !== "" && !isKnownTimezone(f.timezone)) {
    throw invalid("timezone", `unknown time zone ${JSON.stringify(f.timezone.slice(0, 64))}`);
  }
  (f.oncall_incident_channel_ids ?? []).forEach((id, i) => {
    if (id < 1) throw invalid(`oncall_incident_channel_ids[${i}]`, "must be a positive integration id");
  });
  (f.oncall_incident_severities ?? []).forEach((s, i) => {
    if (!(RULE_SEVERITIES as readonly string[]).includes(s))
      throw new ApiError("InvalidParameter", (m) => m.paramOneOf(`oncall_incident_severities[${i}]`, RULE_SEVERITIES));
  });
  if (f.environment_kind !== undefined && f.environment_kind !== null && !(RULE_ENVIRONMENT_KINDS as readonly string[]).includes(f.environment_kind)) {
    throw new ApiError("InvalidParameter", (m) =>
      m.paramOneOf(
        "environment_kind",
        RULE_ENVIRONMENT_KINDS.map((k) => JSON.stringify(k)),
      ),
    );
  }
}

/** After a create or update: an enabled on-call trigger needs at least one channel and one severity. */
function checkOncall(rule: StoredRule): void {
  if (!rule.oncall_incident_trigger_enabled) return;
  if ((rule.oncall_incident_channel_ids ?? []).length === 0)
    throw invalid("oncall_incident_channel_ids", "at least one channel id is required when the on-call incident trigger is enabled");
  if ((rule.oncall_incident_severities ?? []).length === 0)
    throw invalid("oncall_incident_severities", "at least one severity is required when the on-call incident trigger is enabled");
}

/** Runs `body`, writing one audit entry with its outcome (the rule id once known). */
function audited<T>(context: OperationContext, operation: AuditEntry["operation"], ruleId: string, body: (setRuleId: (id: string) => void) => T): T {
  const { caller, world, requestId, now } = context;
  let id = ruleId;
  const entry = () => ({ time: now, accountId: caller.accountId, actorMemberId: caller.memberId, operation, ruleId: id, requestId });
  try {
    const result = body((newId) => (id = newId));
    world.store.appendAudit({ ...entry(), outcome: "success" });
    return result;
  } catch (error) {
    world.store.appendAudit({ ...entry(), outcome: error instanceof ApiError ? error.code : "InternalError" });
    throw error;
  }
}

/** A new HTTP POST trigger token: `sat_` + 48 hex digits (saved with the rule change, as a digest). */
function newToken(): string {
  return `${HTTP_POST_TOKEN_PREFIX}${hex(24)}`;
}

function newTriggerId(): string {
  return `atrig_${hex(8)}`;
}

// ---------------------------------------------------------------- get, create, update, delete, run

/** Get one rule the caller can see (never its token). 400 `ResourceNotFound` otherwise. */
export const getRule: Operation = {
  name: "automationRule.get",
  path: PATHS.automationRuleGet,
  handle(context): WireAutomationRuleWithToken {
    return answer(context.caller, findRule(context, readRuleId(context.body)));
  },
};

/**
 * Create a rule. Checks in order: body shape, `ai-sre` (403), the fields (400 naming the
 * field: name, prompt, cron dialect, time zone, severities, channel ids, environment kind, the
 * on-call lists), the team (400 unknown, 403 not a member nor an admin). Omitted fields take the
 * platform's defaults (`enabled` false, `timezone` UTC here: the seed members have no time zone,
 * `schedule_trigger_enabled` true). An HTTP POST trigger comes with its token, in this answer
 * only. Audited.
 */
export const createRule: Operation = {
  name: "automationRule.create",
  path: PATHS.automationRuleCreate,
  handle(context): WireAutomationRuleWithToken {
    const f = parseBody(wireRuleCreateRequestSchema, context.body);
    return audited(context, "rule.create", "", (setRuleId) => {
      const { caller, world, now } = context;
      requireAiSre(caller);
      checkFields(f);
      const teamId = f.team_id ?? 0;
      if (teamId < 0) throw invalid("team_id", "must be 0 (personal) or a team id");
      if (teamId > 0) {
        const team = SEED_TEAMS.find((t) => t.teamId === teamId && t.accountId === caller.accountId);
        if (team === undefined) throw invalid("team_id", `no team ${teamId} in this account`);
        if (!isAccountAdmin(caller) && !caller.teamIds.includes(teamId)) throw new ApiError("AccessDenied", (m) => m.teamNotEditable(teamId));
      }
      const ruleId = `arule_${hex(7)}`;
      const httpPost = f.http_post_trigger_enabled === true;
      const oncallLists = (f.oncall_incident_channel_ids ?? []).length > 0 || (f.oncall_incident_severities ?? []).length > 0;
      const oncall = f.oncall_incident_trigger_enabled === true || oncallLists;
      const httpPostId = httpPost ? newTriggerId() : undefined;
      const kind = f.environment_kind ?? "";
      const rule: StoredRule = {
        rule_id: ruleId,
        account_id: caller.accountId,
        team_id: teamId,
        owner_id: caller.memberId,
        name: f.name,
        enabled: f.enabled ?? false,
        run_scope: teamId === 0 ? "person" : "team",
        cron_expr: f.cron_expr,
        timezone: f.timezone ?? "UTC",
        prompt: f.prompt,
        environment_kind: kind,
        environment_id: f.environment_id ?? "",
        schedule_trigger_id: newTriggerId(),
        schedule_trigger_enabled: f.schedule_trigger_enabled ?? true,
        ...(httpPostId !== undefined ? { http_post_trigger_id: httpPostId, http_post_trigger_url: httpPostTriggerPath(httpPostId) } : {}),
        http_post_trigger_enabled: httpPost,
        can_edit: false,
        created_at: now,
        updated_at: now,
        schedule_next_fire_at_ms: 0,
        ...(oncall ? { oncall_incident_trigger_id: newTriggerId() } : {}),
        oncall_incident_trigger_enabled: f.oncall_incident_trigger_enabled ?? false,
        ...(oncall
          ? { oncall_incident_channel_ids: [...(f.oncall_incident_channel_ids ?? [])], oncall_incident_severities: [...(f.oncall_incident_severities ?? [])] }
          : {}),
      };
      rule.schedule_next_fire_at_ms = nextFireAtMs(rule, now);
      checkOncall(rule);
      const token = httpPostId === undefined ? undefined : newToken();
      addRule(world, rule, httpPostId === undefined || token === undefined ? {} : { [httpPostId]: token });
      setRuleId(ruleId);
      return answer(caller, rule, token);
    });
  },
};

/** 403 unless `caller` may write `rule` (after `findRule`): the owner of a personal rule; a member of its team or an admin. */
function requireEditable(caller: SeedUser, rule: StoredRule): void {
  requireAiSre(caller);
  if (!canEditRule(caller, rule)) throw new ApiError("AccessDenied", (m) => m.ruleNotEditable(rule.rule_id, rule.run_scope === "person" ? 0 : rule.team_id));
}

/**
 * Update any subset of a rule's fields (omitted or null: unchanged). `team_id` only its current
 * value. `http_post_trigger_enabled: true` makes the trigger (and a token) when missing;
 * `rotate_http_post_trigger_token: true` replaces the token (the old one stops working). The
 * token is in the answer only on a rotation, as the vendor documents: a trigger made by an update
 * without one has a token no answer shows. The next fire time is computed again. Audited.
 */
export const updateRule: Operation = {
  name: "automationRule.update",
  path: PATHS.automationRuleUpdate,
  handle(context): WireAutomationRuleWithToken {
    const f = parseBody(wireRuleUpdateRequestSchema, context.body);
    if (f.rule_id === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("rule_id"));
    return audited(context, "rule.update", f.rule_id, () => {
      const { caller, world, now } = context;
      const current = findRule(context, f.rule_id);
      requireEditable(caller, current);
      checkFields(f);
      if (f.team_id !== undefined && f.team_id !== null && f.team_id !== current.team_id) {
        throw invalid("team_id", `a rule's team cannot change (it is ${current.team_id})`);
      }
      const next: StoredRule = structuredClone(current);
      const set = <K extends keyof StoredRule>(key: K, value: StoredRule[K] | null | undefined) => {
        if (value !== undefined && value !== null) next[key] = value;
      };
      set("name", f.name);
      set("prompt", f.prompt);
      set("cron_expr", f.cron_expr);
      set("enabled", f.enabled);
      set("timezone", f.timezone);
      set("schedule_trigger_enabled", f.schedule_trigger_enabled);
      set("http_post_trigger_enabled", f.http_post_trigger_enabled);
      set("oncall_incident_trigger_enabled", f.oncall_incident_trigger_enabled);
      set("environment_kind", f.environment_kind);
      set("environment_id", f.environment_id);
      if (f.oncall_incident_channel_ids != null) next.oncall_incident_channel_ids = [...f.oncall_incident_channel_ids];
      if (f.oncall_incident_severities != null) next.oncall_incident_severities = [...f.oncall_incident_severities];
      const wantsOncall = next.oncall_incident_trigger_enabled || f.oncall_incident_channel_ids != null || f.oncall_incident_severities != null;
      if (wantsOncall && next.oncall_incident_trigger_id === undefined) {
        next.oncall_incident_trigger_id = newTriggerId();
        next.oncall_incident_channel_ids ??= [];
        next.oncall_incident_severities ??= [];
      }
      checkOncall(next);
      // The stored token, and the one the answer shows: only a rotation's (the vendor documents
      // "the token only when rotated"), so a trigger made here without one has a token no answer
      // ever shows.
      let token: string | undefined;
      let shown: string | undefined;
      if (f.http_post_trigger_enabled === true && next.http_post_trigger_id === undefined) {
        const id = newTriggerId();
        next.http_post_trigger_id = id;
        next.http_post_trigger_url = httpPostTriggerPath(id);
        token = newToken();
      }
      if (f.rotate_http_post_trigger_token === true) {
        if (next.http_post_trigger_id === undefined) throw invalid("rotate_http_post_trigger_token", "the rule has no HTTP POST trigger");
        token = newToken();
        shown = token;
      }
      next.schedule_next_fire_at_ms = nextFireAtMs(next, now);
      const { rule_id: _id, account_id: _a, owner_id: _o, team_id: _t, run_scope: _r, can_edit: _c, created_at: _ca, ...changes } = next;
      const tokens = token === undefined ? {} : { [next.http_post_trigger_id!]: token };
      const updated = changeRule(world, current.rule_id, changes as RuleChanges, now, tokens)!;
      return answer(caller, updated, shown);
    });
  },
};

/** Delete a rule and its triggers (its token stops working). `data` null. Audited. */
export const deleteRule: Operation = {
  name: "automationRule.delete",
  path: PATHS.automationRuleDelete,
  handle(context): null {
    const ruleId = readRuleId(context.body);
    return audited(context, "rule.delete", ruleId, () => {
      const rule = findRule(context, ruleId);
      requireEditable(context.caller, rule);
      removeRule(context.world, ruleId);
      return null;
    });
  },
};

/** Seconds a rule must wait between two manual runs. */
const RUN_INTERVAL_MS = 60_000;

/** One manual run: rate limit 5/s and 100/min, and one run per rule per minute (429). Audited. */
export const runRule: Operation = {
  name: "automationRule.run",
  path: PATHS.automationRuleRun,
  handle(context): WireRuleRunData {
    const ruleId = readRuleId(context.body);
    return audited(context, "rule.run", ruleId, () => {
      const { world, now } = context;
      const rule = findRule(context, ruleId);
      requireEditable(context.caller, rule);
      const last = world.lastRuns.get(ruleId);
      if (last !== undefined && now - last < RUN_INTERVAL_MS) {
        const seconds = Math.max(1, Math.ceil((last + RUN_INTERVAL_MS - now) / 1000));
        throw new ApiError("RequestTooFrequently", (m) => m.runTooSoon(ruleId, seconds), { "retry-after": String(seconds) });
      }
      world.lastRuns.set(ruleId, now);
      return { rule_id: ruleId, trigger_kind: "manual", run: { run_id: `arun_${hex(8)}`, status: "queued" }, preflight: { ok: true } };
    });
  },
};

// ---------------------------------------------------------------- fire

/** The rule whose HTTP POST trigger is `triggerId`, if any. */
function ruleOfTrigger(world: World, triggerId: string): StoredRule | undefined {
  for (const rule of world.rules.all()) if (rule.http_post_trigger_id === triggerId) return world.rules.get(rule.rule_id);
  return undefined;
}

/**
 * `POST /safari/automation/triggers/<trigger_id>/fire` with `Authorization: Bearer <token>` and
 * no `app_key`; optional body `{text}`. 401 `Unauthorized` for a missing or wrong token (or an
 * unknown trigger); 400 `InvalidParameter` when the trigger or its rule is disabled.
 */
export const fireTrigger: Operation = {
  name: "automationTrigger.fire",
  path: "/safari/automation/triggers/:trigger_id/fire",
  authenticate(world, headers, params): SeedUser {
    const header = headers.authorization;
    const value = Array.isArray(header) ? header[0] : header;
    const token = value !== undefined && /^Bearer\s+/i.test(value) ? value.replace(/^Bearer\s+/i, "").trim() : undefined;
    const expected = world.store.ruleState.tokens.get(params.trigger_id ?? "");
    if (token === undefined || expected === undefined || tokenDigest(token) !== expected) throw new ApiError("Unauthorized", (m) => m.triggerTokenInvalid());
    const rule = ruleOfTrigger(world, params.trigger_id!);
    const owner = rule === undefined ? undefined : world.users.find((u) => u.memberId === rule.owner_id);
    if (owner === undefined) throw new ApiError("Unauthorized", (m) => m.triggerTokenInvalid());
    return owner;
  },
  handle(context): WireTriggerFireData {
    parseBody(wireTriggerFireRequestSchema, context.body);
    const triggerId = context.params.trigger_id!;
    const rule = ruleOfTrigger(context.world, triggerId)!;
    if (!rule.enabled || !rule.http_post_trigger_enabled) throw new ApiError("InvalidParameter", (m) => m.triggerDisabled(triggerId));
    const sessionId = `sess_${hex(8)}`;
    return { type: "routine_fire", session_id: sessionId, session_url: `/safari/sessions/${sessionId}` };
  },
};
