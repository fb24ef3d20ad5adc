/**
 * The shortest gap between fire times of a cron schedule, in the rule's timezone (the check
 * behind minScheduleIntervalMinutes). Evaluated from fixed instants so daylight-saving
 * transitions fall where the expectations say.
 */
import { describe, expect, test } from "vitest";
import { InvalidScheduleError, minScheduleGapMinutes } from "../../policy/scheduleInterval";

const JAN_2026 = Date.UTC(2026, 0, 1);

describe("minScheduleGapMinutes", () => {
  test.each([
    ["*/5 9-18 * * 1-5", "Asia/Shanghai", 5],
    ["*/15 * * * *", "", 15],
    ["* * * * *", "UTC", 1],
    ["10 */2 * * *", "Asia/Tokyo", 120],
    ["10 */2 * * *", "Europe/London", 60], // 00:10 GMT to 02:10 BST on 2026-03-29 is one real hour
    ["0 9 * * 1-5", "America/Los_Angeles", 1440], // the clocks change on a Sunday: weekday gaps stay 24 h
    ["*/30 * * * * *", "UTC", 0.5], // six fields: seconds
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

  test("an invalid cron expression or timezone is an InvalidScheduleError naming it", () => {
    expect(() => minScheduleGapMinutes("every day", "UTC")).toThrow(InvalidScheduleError);
    expect(() => minScheduleGapMinutes("every day", "UTC")).toThrow(/invalid cron expression "every day"/);
    expect(() => minScheduleGapMinutes("61 * * * *", "UTC")).toThrow(/invalid cron expression "61 \* \* \* \*"/);
    expect(() => minScheduleGapMinutes("0 * * * *", "Mars/Olympus")).toThrow(/unknown timezone "Mars\/Olympus"/);
  });
});
