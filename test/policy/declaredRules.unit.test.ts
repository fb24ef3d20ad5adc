/**
 * The automation rule guardrails applied to declared `AutomationRule` resources, from their
 * inputs as a preview gives them (before anything is created; unknown values pass).
 */
import fc from "fast-check";
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
import { DIALECT_TIMEZONES, fourFieldCron } from "../support/dialectCrons";

const DEFAULTS = readConfig<AutomationRuleGuardrailsConfig>(automationRuleGuardrailsPolicy().configSchema as DefaultedSchema, {});
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const resource = (name: string, props: Record<string, unknown>) => ({
  type: AUTOMATION_RULE_TYPE,
  name,
  props: { name: `Rule ${name}`, prompt: "p", cronExpr: "0 9 * * *", ...props },
});

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
  const unknown = declaredRules([
    resource("u", { cronExpr: UNKNOWN, teamId: UNKNOWN, httpPostTriggerEnabled: true, oncallIncidentTriggerEnabled: true, oncallIncidentSeverities: UNKNOWN }),
  ]);
  expect(declaredRuleViolations(unknown, DEFAULTS)).toEqual([]);
  const off = declaredRules([resource("off", { enabled: false, httpPostTriggerEnabled: true })]);
  expect(declaredRuleViolations(off, DEFAULTS)).toEqual([]);
  expect(declaredRuleViolations(off, { ...DEFAULTS, includeDisabledRules: true })).toHaveLength(1);
});

test("declared crons are read in the platform's dialect: 4 fields at minute 0, and nothing the platform would refuse", () => {
  const now = Date.UTC(2026, 0, 5);
  const rules = declaredRules([
    resource("daily", { cronExpr: "9 * * *", teamId: 1 }),
    resource("office", { cronExpr: "9-18 * * 1-5", timezone: "Asia/Shanghai", teamId: 1 }),
  ]);
  // Daily at 09:00 and hourly 09:00-18:00 on weekdays pass the default 15 minutes.
  expect(declaredRuleViolations(rules, DEFAULTS, now)).toEqual([]);
  expect(declaredRuleViolations(rules, { ...DEFAULTS, minScheduleIntervalMinutes: 61 }, now)).toEqual([
    'AutomationRule resource "office" (rule "Rule office"): schedule `9-18 * * 1-5` (`Asia/Shanghai`) fires every 60 minutes, more often than minScheduleIntervalMinutes (61)',
  ]);
  expect(declaredRuleViolations(rules, { ...DEFAULTS, minScheduleIntervalMinutes: 1441 }, now)).toEqual([
    'AutomationRule resource "daily" (rule "Rule daily"): schedule `9 * * *` (`UTC`) fires every 1440 minutes, more often than minScheduleIntervalMinutes (1441)',
    'AutomationRule resource "office" (rule "Rule office"): schedule `9-18 * * 1-5` (`Asia/Shanghai`) fires every 60 minutes, more often than minScheduleIntervalMinutes (1441)',
  ]);
  // A declared cron is about to be written: the whole dialect applies, as in the provider's check.
  const refused = declaredRules([
    resource("minutes", { cronExpr: "*/5 * * * *", teamId: 1 }),
    resource("seconds", { cronExpr: "*/30 * * * * *", teamId: 1 }),
    resource("days", { cronExpr: "0 9 1 * 1", teamId: 1 }),
  ]);
  expect(declaredRuleViolations(refused, DEFAULTS, now)).toEqual([
    'AutomationRule resource "days" (rule "Rule days"): schedule `0 9 1 * 1` (`UTC`) cannot be evaluated: `invalid cron expression "0 9 1 * 1" in the platform\'s dialect: day-of-month ("1") and day-of-week ("1") cannot both be restricted: set one of them to *`',
    'AutomationRule resource "minutes" (rule "Rule minutes"): schedule `*/5 * * * *` (`UTC`) cannot be evaluated: `invalid cron expression "*/5 * * * *" in the platform\'s dialect: the minute must be one fixed number from 0 to 59, so the rule fires at most once an hour (got "*/5")`',
    'AutomationRule resource "seconds" (rule "Rule seconds"): schedule `*/30 * * * * *` (`UTC`) cannot be evaluated: `invalid cron expression "*/30 * * * * *" in the platform\'s dialect: a seconds field is not supported: use 5 fields (minute hour day-of-month month day-of-week) or 4 (hour day-of-month month day-of-week)`',
  ]);
});

test('property: a declared 4-field cron C the platform accepts is judged as "0 " + C', () => {
  fc.assert(
    fc.property(fourFieldCron(), fc.constantFrom(...DIALECT_TIMEZONES), fc.integer({ min: 0, max: 3000 }), (cron, timezone, minScheduleIntervalMinutes) => {
      const config = { ...DEFAULTS, minScheduleIntervalMinutes };
      const judge = (cronExpr: string) =>
        declaredRuleViolations(declaredRules([resource("r", { cronExpr, timezone, teamId: 1 })]), config, Date.UTC(2026, 0, 5));
      expect(judge(cron).map((m) => m.replace(`schedule \`${cron}\``, `schedule \`0 ${cron}\``))).toEqual(judge(`0 ${cron}`));
    }),
    // Each run evaluates two schedules over a year (cron-parser): fewer runs than pure properties.
    { numRuns: 40 },
  );
});

/**
 * @pulumi/policy's own proxy over a resource's props, as `validateStack` gets them at preview: a
 * value not known yet throws `UnknownValueError` when read (its members are internal, so not in
 * the typings).
 */
const engineProxy = (await import("@pulumi/policy/proxy")) as unknown as {
  unknownCheckingProxy<T>(props: T): T;
  unknownStringValue: string;
  unknownNumberValue: string;
  unknownBooleanValue: string;
  unknownArrayValue: string;
};

test("the engine's props at preview: unknown values throw when read, so every property goes through knownProp", () => {
  const { unknownCheckingProxy, unknownStringValue, unknownNumberValue, unknownBooleanValue, unknownArrayValue } = engineProxy;
  const props = (p: Record<string, unknown>): Record<string, unknown> => unknownCheckingProxy({ name: "Hook", prompt: "p", cronExpr: "0 9 * * *", ...p });
  expect(() => props({ httpPostTriggerId: unknownStringValue }).httpPostTriggerId).toThrow(/can't be known during preview/);
  const rules = declaredRules([
    // Created already: the trigger's id is known and named.
    { type: AUTOMATION_RULE_TYPE, name: "known", props: props({ teamId: 0, httpPostTriggerEnabled: true, ruleId: "arule_1", httpPostTriggerId: "atrig_1" }) },
    // A new rule: ruleId and the trigger's id are outputs not known yet.
    {
      type: AUTOMATION_RULE_TYPE,
      name: "new",
      props: props({ teamId: 0, httpPostTriggerEnabled: true, ruleId: unknownStringValue, httpPostTriggerId: unknownStringValue }),
    },
    // Every input unknown: nothing to report.
    {
      type: AUTOMATION_RULE_TYPE,
      name: "computed",
      props: props({
        name: unknownStringValue,
        cronExpr: unknownStringValue,
        teamId: unknownNumberValue,
        enabled: unknownBooleanValue,
        httpPostTriggerEnabled: true,
        oncallIncidentTriggerEnabled: true,
        oncallIncidentSeverities: unknownArrayValue,
      }),
    },
    // A list with one item not known yet is not "no severities".
    {
      type: AUTOMATION_RULE_TYPE,
      name: "item",
      props: props({ teamId: 1, oncallIncidentTriggerEnabled: true, oncallIncidentSeverities: [unknownStringValue] }),
    },
  ]);
  expect(rules.map((r) => [r.resourceName, r.ruleId, r.httpPostTriggerId])).toEqual([
    ["known", "arule_1", "atrig_1"],
    ["new", undefined, undefined],
    ["computed", undefined, undefined],
    ["item", undefined, undefined],
  ]);
  expect(declaredRuleViolations(rules, DEFAULTS, Date.UTC(2026, 0, 5))).toEqual([
    'AutomationRule resource "known" (rule "Hook"): personal rule with an enabled HTTP POST trigger (`atrig_1`); move the rule to a team or disable the trigger',
    'AutomationRule resource "new" (rule "Hook"): personal rule with an enabled HTTP POST trigger (no id); move the rule to a team or disable the trigger',
  ]);
});
