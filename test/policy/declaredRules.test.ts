/**
 * The automation rule guardrails applied to declared `AutomationRule` resources, from their
 * inputs as a preview gives them (before anything is created; unknown values pass).
 */
import { expect, test } from "vitest";
import {
  automationRuleGuardrailsPolicy,
  AUTOMATION_RULE_TYPE,
  declaredRules,
  declaredRuleViolations,
  type AutomationRuleGuardrailsConfig,
  type DefaultedSchema,
} from "../../policy";
import { readConfig } from "../../policy/policyConfig";

const DEFAULTS = readConfig<AutomationRuleGuardrailsConfig>(automationRuleGuardrailsPolicy().configSchema as DefaultedSchema, {});
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const resource = (name: string, props: Record<string, unknown>) => ({ type: AUTOMATION_RULE_TYPE, name, props: { name: `Rule ${name}`, prompt: "p", cronExpr: "0 9 * * *", ...props } });

test("schedule interval, personal HTTP POST trigger and on-call severities, naming the resource and the rule", () => {
  const rules = declaredRules([
    resource("hourly", { cronExpr: "0 * * * *", teamId: 1 }),
    resource("hook", { httpPostTriggerEnabled: true, scheduleTriggerEnabled: false }),
    resource("pager", { oncallIncidentTriggerEnabled: true, oncallIncidentChannelIds: [1], teamId: 1 }),
    resource("fine", { teamId: 2, httpPostTriggerEnabled: true }),
    { type: "other", name: "x", props: {} },
  ]);
  expect(rules.map((r) => r.resourceName)).toEqual(["hourly", "hook", "pager", "fine"]);
  const messages = declaredRuleViolations(rules, { ...DEFAULTS, minScheduleIntervalMinutes: 120 }, Date.UTC(2026, 0, 5));
  expect(messages).toEqual([
    'AutomationRule resource "hook" (rule "Rule hook"): personal rule with an enabled HTTP POST trigger (no id); move the rule to a team or disable the trigger',
    'AutomationRule resource "hourly" (rule "Rule hourly"): schedule `0 * * * *` (`UTC`) fires every 60 minutes, more often than minScheduleIntervalMinutes (120)',
    'AutomationRule resource "pager" (rule "Rule pager"): enabled on-call incident trigger with no severities (it would run on every incident); list the severities it is for',
  ]);
});

test("values not known at preview pass; disabled rules count only with includeDisabledRules", () => {
  const unknown = declaredRules([resource("u", { cronExpr: UNKNOWN, teamId: UNKNOWN, httpPostTriggerEnabled: true, oncallIncidentTriggerEnabled: true, oncallIncidentSeverities: UNKNOWN })]);
  expect(declaredRuleViolations(unknown, DEFAULTS)).toEqual([]);
  const off = declaredRules([resource("off", { enabled: false, httpPostTriggerEnabled: true })]);
  expect(declaredRuleViolations(off, DEFAULTS)).toEqual([]);
  expect(declaredRuleViolations(off, { ...DEFAULTS, includeDisabledRules: true })).toHaveLength(1);
});
