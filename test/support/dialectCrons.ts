/**
 * Crons in the platform's 4-field form (`hour day-of-month month day-of-week`, minute 0) that
 * the whole dialect accepts (wire/cronDialect.ts, `cronDialectProblem`), as a fast-check
 * arbitrary, and time zones to read them in: for the properties that a 4-field cron `C` is
 * judged as `"0 " + C`.
 */
import fc from "fast-check";
import { cronDialectProblem } from "../../wire/cronDialect";

/** `*`, one value, a range (with a step), a step over everything, or a list, over `min`..`max`. */
function field(min: number, max: number): fc.Arbitrary<string> {
  const value = fc.integer({ min, max });
  const range = fc.tuple(value, value).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));
  const step = fc.integer({ min: 1, max: Math.max(1, max - min) });
  return fc.oneof(
    fc.constant("*"),
    value.map(String),
    range.map(([a, b]) => `${a}-${b}`),
    fc.tuple(range, step).map(([[a, b], n]) => `${a}-${b}/${n}`),
    step.map((n) => `*/${n}`),
    fc.uniqueArray(value, { minLength: 2, maxLength: 4 }).map((values) => values.sort((a, b) => a - b).join(",")),
  );
}

/**
 * A 4-field cron the platform accepts, e.g. `9 * * *` (daily at 09:00) or `9-18 * * 1-5`
 * (hourly from 09:00 to 18:00 on weekdays): at most one of day-of-month and day-of-week
 * restricted, and nothing `cronDialectProblem` refuses (such as February 30).
 */
export function fourFieldCron(): fc.Arbitrary<string> {
  // [day-of-month, day-of-week]: at most one restricted.
  const days = fc.oneof(
    fc.constant<[string, string]>(["*", "*"]),
    field(1, 31).map((dom): [string, string] => [dom, "*"]),
    field(0, 6).map((dow): [string, string] => ["*", dow]),
  );
  return fc
    .tuple(field(0, 23), days, field(1, 12))
    .map(([hour, [dom, dow], month]) => `${hour} ${dom} ${month} ${dow}`)
    .filter((cron) => cronDialectProblem(cron) === undefined);
}

/** Time zones with and without daylight saving time (Lord Howe shifts 30 min), and `""` (legacy rules: UTC). */
export const DIALECT_TIMEZONES: readonly string[] = [
  "UTC",
  "",
  "Asia/Shanghai",
  "America/New_York",
  "Europe/London",
  "Australia/Sydney",
  "Australia/Lord_Howe",
];
