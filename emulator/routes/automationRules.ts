/**
 * `/safari/automation/rule/list` and `/safari/automation/rule/get` (docs/platform-api.md "Rule
 * list request" and "Automation rules: the write operations").
 */
import { LIMITS, PATHS, RULE_SCOPES } from "../../wire/protocol";
import { wireRuleIdRequestSchema, wireRuleListRequestSchema } from "../../wire/wire";
import type { WireAutomationRule } from "../../wire/wireTypes";
import { parseBody } from "../body";
import { ApiError, RawJson } from "../envelope";
import type { Operation } from "../operation";
import { pageOf, readPage } from "../paging";
import { effectiveScope } from "../ruleVisibility";

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
  limitBy: "account",
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

/**
 * One rule by `rule_id`: the full rule object (as in the list, `can_edit` for the caller; never a
 * trigger token). 400 `InvalidParameter` for an empty `rule_id`; 400 `ResourceNotFound` for an
 * unknown id and for a rule the caller does not see in the list (another account's, another
 * member's personal rule).
 */
export const getRule: Operation = {
  name: "automationRule.get",
  path: PATHS.automationRuleGet,
  limitBy: "account",
  handle(context): WireAutomationRule {
    const { rule_id: ruleId } = parseBody(wireRuleIdRequestSchema, context.body);
    if (ruleId === "") throw new ApiError("InvalidParameter", (m) => m.paramRequired("rule_id"));
    const entry = context.world.rules.find(context.caller, ruleId);
    if (entry === undefined) throw new ApiError("ResourceNotFound", (m) => m.ruleNotFound(ruleId));
    return context.world.rules.materialize(context.caller, entry);
  },
};
