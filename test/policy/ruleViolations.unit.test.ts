/**
 * The checks of flashduty-automation-rule-guardrails on rules built from the emulator's seed
 * (the engine test covers the same policy through the CLI; here each check and switch alone).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { seedRule } from "../../emulator/seedRules";
import { automationRuleGuardrailsPolicy, ruleViolations, type AutomationRuleGuardrailsConfig } from "../../policy/automationRuleGuardrails";
import { readConfig, type DefaultedSchema } from "../../policy/policyConfig";
import type { AutomationRule } from "../../sdk";
import { camelKeys } from "../support/camelKeys";
import { DIALECT_TIMEZONES, fourFieldCron } from "../support/dialectCrons";
import { GITHUB_LINKABLE, ISSUE_EXAMPLES, TERMINAL_CONTROL, comments, elements, hostileText, outsideCode, renderHtml } from "../support/hostileText";

const NOW = Date.UTC(2026, 0, 1);
const DEFAULTS = readConfig<AutomationRuleGuardrailsConfig>(automationRuleGuardrailsPolicy().configSchema as DefaultedSchema, {});

/** A quiet rule (team, enabled, hourly schedule, no HTTP POST or on-call trigger) with `overrides`. */
function rule(id: string, overrides: Partial<AutomationRule> = {}): AutomationRule {
  return {
    ...(camelKeys(seedRule(0, Date.UTC(2026, 0, 1)) as unknown as Record<string, unknown>) as unknown as AutomationRule),
    ruleId: id,
    name: `Rule ${id}`,
    teamId: 7,
    enabled: true,
    cronExpr: "0 * * * *",
    timezone: "Asia/Shanghai",
    scheduleTriggerEnabled: true,
    httpPostTriggerEnabled: false,
    oncallIncidentTriggerEnabled: false,
    oncallIncidentSeverities: [],
    ...overrides,
  };
}

describe("ruleViolations", () => {
  test("defaults: 15 minutes, 100 enabled rules, every check on, disabled rules skipped", () => {
    expect(DEFAULTS).toEqual({
      scope: "all",
      teamIds: [],
      minScheduleIntervalMinutes: 15,
      maxEnabledRules: 100,
      checkScheduleInterval: true,
      checkPersonalHttpPostTriggers: true,
      checkOncallTriggerSeverities: true,
      checkMaxEnabledRules: true,
      includeDisabledRules: false,
    });
    expect(ruleViolations([rule("arule_a"), rule("arule_b", { cronExpr: "*/15 * * * *" })], DEFAULTS, NOW)).toEqual([]);
  });

  test("schedules: too frequent (in the rule's timezone), invalid, or switched off", () => {
    const rules = [
      rule("arule_2", { cronExpr: "*/5 * * * *" }),
      rule("arule_1", { cronExpr: "0 */6 * * *", timezone: "Australia/Sydney" }),
      rule("arule_3", { cronExpr: "*/5 * * * *", scheduleTriggerEnabled: false }),
      rule("arule_4", { cronExpr: "*/5 * * * *", enabled: false }),
      rule("arule_5", { cronExpr: "not a cron" }),
    ];
    expect(ruleViolations(rules, { ...DEFAULTS, minScheduleIntervalMinutes: 330 }, NOW)).toEqual([
      "rule `Rule arule_1` (`arule_1`): schedule `0 */6 * * *` (`Australia/Sydney`) fires every 300 minutes, more often than minScheduleIntervalMinutes (330)",
      "rule `Rule arule_2` (`arule_2`): schedule `*/5 * * * *` (`Asia/Shanghai`) fires every 5 minutes, more often than minScheduleIntervalMinutes (330)",
      expect.stringMatching(
        /^rule `Rule arule_5` \(`arule_5`\): schedule `not a cron` \(`Asia\/Shanghai`\) cannot be evaluated: `invalid cron expression "not a cron"/,
      ),
    ]);
    expect(ruleViolations(rules, { ...DEFAULTS, minScheduleIntervalMinutes: 330, includeDisabledRules: true }, NOW)).toHaveLength(4);
    expect(ruleViolations(rules, { ...DEFAULTS, checkScheduleInterval: false }, NOW)).toEqual([]);
    // A legacy rule with no timezone is read in UTC.
    expect(ruleViolations([rule("arule_6", { cronExpr: "*/1 * * * *", timezone: "" })], DEFAULTS, NOW)).toEqual([
      "rule `Rule arule_6` (`arule_6`): schedule `*/1 * * * *` (`UTC`) fires every 1 minute, more often than minScheduleIntervalMinutes (15)",
    ]);
  });

  test("schedules are read as the platform fires them: 4 fields at minute 0, legacy minutes, no seconds or macros", () => {
    const rules = [
      rule("arule_daily", { cronExpr: "9 * * *", timezone: "UTC" }),
      rule("arule_office", { cronExpr: "9-18 * * 1-5" }),
      rule("arule_legacy", { cronExpr: "*/5 9-18 * * 1-5" }),
      rule("arule_seconds", { cronExpr: "*/30 * * * * *" }),
      rule("arule_macro", { cronExpr: "@daily" }),
    ];
    const evaluated = rules.slice(0, 3);
    // Daily at 09:00 and hourly 09:00-18:00 on weekdays pass the default 15 minutes; the legacy row does not.
    expect(ruleViolations(evaluated, DEFAULTS, NOW)).toEqual([
      "rule `Rule arule_legacy` (`arule_legacy`): schedule `*/5 9-18 * * 1-5` (`Asia/Shanghai`) fires every 5 minutes, more often than minScheduleIntervalMinutes (15)",
    ]);
    // Just above each reading's gap: hourly (60) and daily (1440).
    expect(ruleViolations(evaluated, { ...DEFAULTS, minScheduleIntervalMinutes: 61 }, NOW)).toEqual([
      "rule `Rule arule_legacy` (`arule_legacy`): schedule `*/5 9-18 * * 1-5` (`Asia/Shanghai`) fires every 5 minutes, more often than minScheduleIntervalMinutes (61)",
      "rule `Rule arule_office` (`arule_office`): schedule `9-18 * * 1-5` (`Asia/Shanghai`) fires every 60 minutes, more often than minScheduleIntervalMinutes (61)",
    ]);
    expect(ruleViolations(evaluated, { ...DEFAULTS, minScheduleIntervalMinutes: 1441 }, NOW)).toEqual([
      "rule `Rule arule_daily` (`arule_daily`): schedule `9 * * *` (`UTC`) fires every 1440 minutes, more often than minScheduleIntervalMinutes (1441)",
      "rule `Rule arule_legacy` (`arule_legacy`): schedule `*/5 9-18 * * 1-5` (`Asia/Shanghai`) fires every 5 minutes, more often than minScheduleIntervalMinutes (1441)",
      "rule `Rule arule_office` (`arule_office`): schedule `9-18 * * 1-5` (`Asia/Shanghai`) fires every 60 minutes, more often than minScheduleIntervalMinutes (1441)",
    ]);
    // A seconds field or a macro has no reading in the dialect: reported like any invalid schedule
    // (the word joiner after `@` keeps it from being a mention).
    expect(ruleViolations(rules.slice(3), DEFAULTS, NOW)).toEqual([
      'rule `Rule arule_macro` (`arule_macro`): schedule `@\u2060daily` (`Asia/Shanghai`) cannot be evaluated: `invalid cron expression "@\u2060daily" in the platform\'s dialect: it must have 5 fields (minute hour day-of-month month day-of-week) or 4 (hour day-of-month month day-of-week), got 1`',
      'rule `Rule arule_seconds` (`arule_seconds`): schedule `*/30 * * * * *` (`Asia/Shanghai`) cannot be evaluated: `invalid cron expression "*/30 * * * * *" in the platform\'s dialect: a seconds field is not supported: use 5 fields (minute hour day-of-month month day-of-week) or 4 (hour day-of-month month day-of-week)`',
    ]);
  });

  test('property: a rule whose cron is a 4-field C the platform accepts is judged as with "0 " + C', () => {
    fc.assert(
      fc.property(fourFieldCron(), fc.constantFrom(...DIALECT_TIMEZONES), fc.integer({ min: 0, max: 3000 }), (cron, timezone, minScheduleIntervalMinutes) => {
        const config = { ...DEFAULTS, minScheduleIntervalMinutes };
        const four = ruleViolations([rule("arule_c", { cronExpr: cron, timezone })], config, NOW);
        const five = ruleViolations([rule("arule_c", { cronExpr: `0 ${cron}`, timezone })], config, NOW);
        expect(four.map((m) => m.replace(`schedule \`${cron}\``, `schedule \`0 ${cron}\``))).toEqual(five);
      }),
      // Each run evaluates two schedules over a year (cron-parser): fewer runs than pure properties.
      { numRuns: 40 },
    );
  });

  test("HTTP POST triggers on personal rules", () => {
    const rules = [
      rule("arule_p", { teamId: 0, runScope: "person", httpPostTriggerEnabled: true, httpPostTriggerId: "atrig_1" }),
      rule("arule_t", { httpPostTriggerEnabled: true }),
      rule("arule_off", { teamId: 0, httpPostTriggerEnabled: false }),
    ];
    expect(ruleViolations(rules, DEFAULTS, NOW)).toEqual([
      "rule `Rule arule_p` (`arule_p`): personal rule with an enabled HTTP POST trigger (`atrig_1`); move the rule to a team or disable the trigger",
    ]);
    expect(ruleViolations(rules, { ...DEFAULTS, checkPersonalHttpPostTriggers: false }, NOW)).toEqual([]);
  });

  test("on-call incident triggers with no severities (null read as none)", () => {
    const rules = [
      rule("arule_none", { oncallIncidentTriggerEnabled: true, oncallIncidentSeverities: [] }),
      rule("arule_null", { oncallIncidentTriggerEnabled: true, oncallIncidentSeverities: null as unknown as string[] }),
      rule("arule_some", { oncallIncidentTriggerEnabled: true, oncallIncidentSeverities: ["Critical"] }),
      rule("arule_off", { oncallIncidentTriggerEnabled: false, oncallIncidentSeverities: [] }),
    ];
    expect(ruleViolations(rules, DEFAULTS, NOW)).toEqual([
      "rule `Rule arule_none` (`arule_none`): enabled on-call incident trigger with no severities (it would run on every incident); list the severities it is for",
      "rule `Rule arule_null` (`arule_null`): enabled on-call incident trigger with no severities (it would run on every incident); list the severities it is for",
    ]);
    expect(ruleViolations(rules, { ...DEFAULTS, checkOncallTriggerSeverities: false }, NOW)).toEqual([]);
  });

  test("more than maxEnabledRules enabled rules: one violation with the count and the rules", () => {
    const rules = [rule("arule_c"), rule("arule_a"), rule("arule_b"), rule("arule_d", { enabled: false })];
    expect(ruleViolations(rules, { ...DEFAULTS, maxEnabledRules: 3 }, NOW)).toEqual([]);
    expect(ruleViolations(rules, { ...DEFAULTS, maxEnabledRules: 2 }, NOW)).toEqual([
      "3 automation rules are enabled, more than maxEnabledRules (2): `Rule arule_a` (`arule_a`), `Rule arule_b` (`arule_b`), `Rule arule_c` (`arule_c`)",
    ]);
    const many = Array.from({ length: 12 }, (_, i) => rule(`arule_${String(i).padStart(2, "0")}`));
    expect(ruleViolations(many, { ...DEFAULTS, maxEnabledRules: 0 }, NOW)[0]).toMatch(/^12 automation rules .*`Rule arule_09` \(`arule_09`\) and 2 more$/);
    expect(ruleViolations(rules, { ...DEFAULTS, maxEnabledRules: 0, checkMaxEnabledRules: false }, NOW)).toEqual([]);
  });

  test("property: rules the platform named with hostile text give messages with no control character and nothing alive as Markdown", () => {
    const hostileRule = fc.record({
      name: hostileText(),
      ruleId: hostileText(6),
      cronExpr: fc.oneof(hostileText(6), fc.constant("* * * * *")),
      timezone: fc.oneof(hostileText(4), fc.constant("UTC")),
      trigger: hostileText(6),
    });
    fc.assert(
      fc.property(fc.array(hostileRule, { minLength: 1, maxLength: 4 }), (specs) => {
        const rules = specs.map((s, i) =>
          rule(`${s.ruleId}${i}`, {
            name: s.name,
            cronExpr: s.cronExpr,
            timezone: s.timezone,
            teamId: i % 2 === 0 ? 0 : 7,
            httpPostTriggerEnabled: true,
            httpPostTriggerId: s.trigger,
            oncallIncidentTriggerEnabled: true,
          }),
        );
        const messages = ruleViolations(rules, { ...DEFAULTS, maxEnabledRules: 0 }, NOW);
        expect(messages.length).toBeGreaterThan(rules.length);
        for (const message of messages) {
          expect(message).not.toMatch(TERMINAL_CONTROL);
          const html = renderHtml(message);
          expect(elements(html).filter((e) => e !== "p" && e !== "code")).toEqual([]);
          expect(comments(html)).toEqual([]);
          expect(outsideCode(html)).not.toMatch(GITHUB_LINKABLE);
        }
      }),
      // Each run evaluates schedules (cron-parser): fewer runs than the pure-text properties.
      { numRuns: 50 },
    );
    expect(ruleViolations([rule("arule_x", { name: ISSUE_EXAMPLES[2]!, cronExpr: "*/1 * * * *" })], DEFAULTS, NOW)[0]).toBe(
      "rule `N3 \\u001b[2J\\u001b]8;;https://evil.example/\\u0007click\\u001b]8;;\\u0007 done` (`arule_x`): schedule `*/1 * * * *` (`Asia/Shanghai`) fires every 1 minute, more often than minScheduleIntervalMinutes (15)",
    );
  });
});
