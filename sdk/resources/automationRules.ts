/**
 * Automation rules: `POST /safari/automation/rule/{list,get,create,update,delete}`.
 *
 * The resource class; the camelCase model, params, field checks and wire mapping are in
 * `automationRuleModel.ts`.
 */
import { z } from "zod";
import { FlashdutyAmbiguousCreateError, FlashdutyValidationError } from "../errors";
import { createExactlyOnce } from "../exactlyOnceCreate";
import { BatchedGets } from "../batchedGets";
import { collectAll, PAGE_CONCURRENCY, type PageAllOptions, pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import { checkBoolean, checkEnum, checkId, checkIntegerArray, checkLimit, checkPage, checkParams, checkString } from "../validation";
import { LIMITS, PATHS, RULE_SCOPES, wireAutomationRuleSchema, wireAutomationRuleWithTokenSchema, wireRuleListDataSchema } from "../../wire/wire";
import {
  automationRuleFieldsToWire,
  automationRuleFromWire,
  automationRuleListFromWire,
  automationRuleWithTokenFromWire,
  listAutomationRulesToWire,
  ruleFieldProblems,
  ruleIdToWire,
  updateAutomationRuleToWire,
  type AutomationRule,
  type AutomationRuleFields,
  type AutomationRuleIdParams,
  type AutomationRuleList,
  type AutomationRuleWithToken,
  type CreateAutomationRuleParams,
  type ListAutomationRulesParams,
  type UpdateAutomationRuleParams,
} from "./automationRuleModel";

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
  #batched: BatchedGets<AutomationRule> | undefined;

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
   * Reads one of many rules at once: like {@link get}, but the calls made within a few
   * milliseconds of each other are answered together, from a complete listing of
   * `POST /safari/automation/rule/list` (the same object as get; never the HTTP POST token) when each of its pages replaces at least two gets, otherwise each by a get (calls arriving one by one go as gets at once). An id
   * the listing does not hold (gone, moved out of its view) is always a get, so the result and
   * the errors are the get's. No answer is older than a get sent at the call.
   * What a refresh of many resources uses (`sdk/batchedGets.ts` has the rules).
   *
   * @throws FlashdutyValidationError if `ruleId` is empty, before anything is sent.
   * @throws the errors of {@link get}.
   */
  async getBatched(params: AutomationRuleIdParams): Promise<AutomationRule> {
    const { ruleId } = checkRuleId(GET.name, params);
    this.#batched ??= new BatchedGets({ get: (id) => this.get({ ruleId: id }), listing: this.#walk(undefined, undefined) });
    return this.#batched.get(ruleId);
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
   *   {@link listAll}, which reads past a capped `total`.
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
