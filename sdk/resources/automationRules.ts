/**
 * Automation rules: `POST /safari/automation/rule/list`, one page (`list`) or all (`listAll`).
 */
import {
  automationRuleListFromWire,
  listAutomationRulesToWire,
  type AutomationRule,
  type AutomationRuleList,
  type ListAutomationRulesParams,
} from "../models";
import { FlashdutyValidationError } from "../errors";
import { pageAll } from "../pagination";
import { checkRequestOptions, type RequestOptions } from "../requestOptions";
import { defineOperation, type Transport } from "../transport";
import {
  checkBoolean,
  checkEnum,
  checkIntegerArray,
  checkLimit,
  checkPage,
  checkParams,
  checkString,
} from "../validation";
import { LIMITS, PATHS, RULE_SCOPES, wireRuleListDataSchema } from "../../wire/wire";

const LIST = defineOperation(PATHS.automationRuleList, wireRuleListDataSchema, { nonIdempotent: false });

/** Filters of {@link AutomationRules.listAll}: those of `list` without `page`. */
export type ListAllAutomationRulesParams = Omit<ListAutomationRulesParams, "page">;

/** Automation rules visible to the caller. Reach it as `client.automationRules`. */
export class AutomationRules {
  readonly #transport: Transport;

  /** @internal Built by `FlashdutyClient`; use `client.mcpServers` etc. */
  constructor(transport: Transport) {
    this.#transport = transport;
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
    const checked = checkRuleFilters(LIST.name, params, false);
    const perPage = checkRequestOptions(LIST.name, options);
    const limit = checked.limit ?? LIMITS.maxPageSize;
    // Each iteration walks afresh, so the same iterable can be read more than once.
    return {
      [Symbol.asyncIterator]: () =>
        pageAll({
          operation: LIST.name,
          noun: "rules",
          limit,
          fetchPage: async (page) => {
            const result = await this.list({ ...checked, page, limit }, perPage);
            return { total: result.total, items: result.rules };
          },
          idOf: (rule) => rule.ruleId,
        }),
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
