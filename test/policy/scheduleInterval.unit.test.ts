/**
 * The shortest gap between fire times of a cron schedule, in the rule's timezone (the check
 * behind minScheduleIntervalMinutes), the cron read in the platform's dialect
 * (wire/cronDialect.ts). Evaluated from fixed instants so daylight-saving transitions fall where
 * the expectations say.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { InvalidScheduleError, minScheduleGapMinutes } from "../../policy/scheduleInterval";
import { DIALECT_TIMEZONES, fourFieldCron } from "../support/dialectCrons";

const JAN_2026 = Date.UTC(2026, 0, 1);

describe("minScheduleGapMinutes", () => {
  test.each([
    ["*/5 9-18 * * 1-5", "Asia/Shanghai", 5],
    ["*/15 * * * *", "", 15],
    ["* * * * *", "UTC", 1],
    ["10 */2 * * *", "Asia/Tokyo", 120],
    ["10 */2 * * *", "Europe/London", 60], // 00:10 GMT to 02:10 BST on 2026-03-29 is one real hour
    ["0 9 * * 1-5", "America/Los_Angeles", 1440], // the clocks change on a Sunday: weekday gaps stay 24 h
  ])("%s in %s fires at most every %s minutes", (cron, tz, expected) => {
    expect(minScheduleGapMinutes(cron, tz, { from: JAN_2026 })).toBe(expected);
  });

  test("the timezone decides across daylight-saving transitions", () => {
    // Every 6 hours: Sydney's clocks go forward on 2026-10-04, so 00:00 to 06:00 is 5 real hours.
    expect(minScheduleGapMinutes("0 */6 * * *", "UTC", { from: JAN_2026 })).toBe(360);
    expect(minScheduleGapMinutes("0 */6 * * *", "Asia/Shanghai", { from: JAN_2026 })).toBe(360);
    expect(minScheduleGapMinutes("0 */6 * * *", "Australia/Sydney", { from: JAN_2026 })).toBe(300);
    // Daily at 01:30: 24 h in UTC and in legacy rules (empty timezone), 23 h in New York in March.
    expect(minScheduleGapMinutes("30 1 * * *", "", { from: JAN_2026 })).toBe(1440);
    expect(minScheduleGapMinutes("30 1 * * *", "UTC", { from: JAN_2026 })).toBe(1440);
    expect(minScheduleGapMinutes("30 1 * * *", "America/New_York", { from: JAN_2026 })).toBe(1380);
    // Twice a day: 12 h in Tokyo (no DST), 11 h in Berlin across the spring transition.
    expect(minScheduleGapMinutes("0 8,20 * * *", "Asia/Tokyo", { from: JAN_2026 })).toBe(720);
    expect(minScheduleGapMinutes("0 8,20 * * *", "Europe/Berlin", { from: JAN_2026 })).toBe(660);
  });

  test("a transition late in the horizon still counts (the whole year is looked at)", () => {
    // From December, New York's next spring-forward is in March, past the first 200 fire times.
    expect(minScheduleGapMinutes("30 1 * * *", "America/New_York", { from: Date.UTC(2025, 11, 1) })).toBe(1380);
  });

  test("monthly and rarer schedules", () => {
    // The 1st of each month: February is the shortest month.
    expect(minScheduleGapMinutes("0 0 1 * *", "UTC", { from: JAN_2026 })).toBe(28 * 1440);
    // February 29 fires at most once in a year: no gap.
    expect(minScheduleGapMinutes("0 0 29 2 *", "UTC", { from: JAN_2026 })).toBeUndefined();
    expect(minScheduleGapMinutes("0 0 29 2 *", "UTC", { from: Date.UTC(2027, 5, 1) })).toBeUndefined();
  });

  test("defaults to now", () => {
    expect(minScheduleGapMinutes("*/10 * * * *", "Europe/London")).toBe(10);
  });

  test("four fields are hour, day of month, month and day of week, at minute 0, as the platform reads them", () => {
    // Daily at 09:00 (cron-parser alone reads `9 * * *` as something firing every minute).
    expect(minScheduleGapMinutes("9 * * *", "UTC", { from: JAN_2026 })).toBe(1440);
    expect(minScheduleGapMinutes("9 * * *", "", { from: JAN_2026 })).toBe(1440);
    // Hourly at minute 0 from 09:00 to 18:00 on weekdays.
    expect(minScheduleGapMinutes("9-18 * * 1-5", "Asia/Shanghai", { from: JAN_2026 })).toBe(60);
    // Daily at 01:00 in New York: 23 real hours across the spring transition, as `0 1 * * *`.
    expect(minScheduleGapMinutes("1 * * *", "America/New_York", { from: JAN_2026 })).toBe(1380);
    // Blanks around and between fields do not change the reading.
    expect(minScheduleGapMinutes("  9   * *\t* ", "UTC", { from: JAN_2026 })).toBe(1440);
    // The whole dialect (a create or update) reads them the same way.
    expect(minScheduleGapMinutes("9 * * *", "UTC", { from: JAN_2026, dialect: "written" })).toBe(1440);
    expect(minScheduleGapMinutes("9-18 * * 1-5", "Asia/Shanghai", { from: JAN_2026, dialect: "written" })).toBe(60);
  });

  test('property: a 4-field cron C the platform accepts is judged as "0 " + C, in both readings', () => {
    fc.assert(
      fc.property(fourFieldCron(), fc.constantFrom(...DIALECT_TIMEZONES), fc.constantFrom("stored" as const, "written" as const), (cron, timezone, dialect) => {
        const options = { from: JAN_2026, dialect };
        expect(minScheduleGapMinutes(cron, timezone, options)).toBe(minScheduleGapMinutes(`0 ${cron}`, timezone, options));
      }),
      // Each run evaluates two schedules over a year (cron-parser): fewer runs than pure properties.
      { numRuns: 60 },
    );
  });

  test("no seconds field, no macro: what the dialect has no reading for is an InvalidScheduleError", () => {
    for (const options of [{}, { dialect: "stored" as const }, { dialect: "written" as const }]) {
      expect(() => minScheduleGapMinutes("*/30 * * * * *", "UTC", options)).toThrow(InvalidScheduleError);
      expect(() => minScheduleGapMinutes("*/30 * * * * *", "UTC", options)).toThrow(
        /invalid cron expression "\*\/30 \* \* \* \* \*" in the platform's dialect: a seconds field is not supported/,
      );
      expect(() => minScheduleGapMinutes("@daily", "UTC", options)).toThrow(
        /invalid cron expression "@daily" in the platform's dialect: it must have 5 fields .*, got 1$/,
      );
      expect(() => minScheduleGapMinutes("0 9 * *  * * *", "UTC", options)).toThrow(/got 7$/);
    }
  });

  test("stored crons break the rest of the dialect as legacy rows do; written ones are held to all of it", () => {
    // A legacy row's minute: the platform still fires it.
    expect(minScheduleGapMinutes("*/5 9-18 * * 1-5", "UTC", { from: JAN_2026 })).toBe(5);
    expect(minScheduleGapMinutes("*/5 9-18 * * 1-5", "UTC", { from: JAN_2026, dialect: "stored" })).toBe(5);
    expect(() => minScheduleGapMinutes("*/5 9-18 * * 1-5", "UTC", { from: JAN_2026, dialect: "written" })).toThrow(
      /invalid cron expression "\*\/5 9-18 \* \* 1-5" in the platform's dialect: the minute must be one fixed number from 0 to 59/,
    );
    // Both day fields restricted: cron-parser fires on either (the 1st and every Monday).
    expect(minScheduleGapMinutes("0 9 1 * 1", "UTC", { from: JAN_2026 })).toBe(1440); // Sunday 2026-02-01, then Monday
    expect(() => minScheduleGapMinutes("0 9 1 * 1", "UTC", { from: JAN_2026, dialect: "written" })).toThrow(/cannot both be restricted/);
  });

  test("an invalid cron expression or timezone is an InvalidScheduleError naming it", () => {
    expect(() => minScheduleGapMinutes("every day", "UTC")).toThrow(InvalidScheduleError);
    expect(() => minScheduleGapMinutes("every day", "UTC")).toThrow(/invalid cron expression "every day"/);
    expect(() => minScheduleGapMinutes("61 * * * *", "UTC")).toThrow(/invalid cron expression "61 \* \* \* \*"/);
    // A 4-field cron's error names it as written, not in the 5-field form it is read in.
    expect(() => minScheduleGapMinutes("25 * * *", "UTC")).toThrow(/invalid cron expression "25 \* \* \*": /);
    expect(() => minScheduleGapMinutes("0 * * * *", "Mars/Olympus")).toThrow(/unknown timezone "Mars\/Olympus"/);
  });
});
