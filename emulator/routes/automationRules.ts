/** `/safari/automation/rule/list` (docs/platform-api.md "Rule list request"). */
import { LIMITS, PATHS, RULE_SCOPES } from "../../wire/protocol";
import { wireRuleListRequestSchema } from "../../wire/wire";
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
