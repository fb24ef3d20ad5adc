/**
 * The platform's cron dialect for automation rules, in one place: the SDK, the provider's `check`
 * and the emulator's `rule/create` and `rule/update` all call {@link cronDialectProblem}
 * (the emulator through `wire/wire.ts`, the wire-schema area it may share). The policy pack
 * (`policy/scheduleInterval.ts`) reads every schedule as {@link normalizeCron} gives it, a
 * platform rule's cron held to {@link cronShapeProblem}, a declared rule's to {@link cronDialectProblem}.
 *
 * The dialect (docs/platform-api.md "Cron and next fire time"):
 * - 5 fields `minute hour day-of-month month day-of-week`, or 4 fields `hour day-of-month month
 *   day-of-week` (the minute is then 0);
 * - no seconds field (6 fields), no macros (`@daily`);
 * - the minute is one fixed integer 0-59 (a rule fires at most once an hour);
 * - not both day-of-month and day-of-week restricted;
 * - otherwise any syntax cron-parser accepts (`*`, `*\/n`, values, ranges, lists).
 *
 * Rules created before these checks may hold crons that break them: reads of stored rules
 * never call {@link cronDialectProblem}.
 */
import type { CronExpressionParser } from "cron-parser";

/** A day field that does not restrict anything. */
function unrestricted(field: string): boolean {
  return field === "*" || field === "?";
}

let parser: typeof CronExpressionParser | undefined;
/** cron-parser (and luxon under it) loaded on first use: most clients never check a cron. */
function cronParser(): typeof CronExpressionParser {
  parser ??= (require("cron-parser") as typeof import("cron-parser")).CronExpressionParser;
  return parser;
}

/**
 * `cronExpr` in the 5-field form: a 4-field expression gets the minute `0` in front; anything
 * else is returned trimmed, with runs of blanks made single.
 */
export function normalizeCron(cronExpr: string): string {
  const fields = cronExpr.trim().split(/\s+/);
  return fields.length === 4 ? ["0", ...fields].join(" ") : fields.join(" ");
}

/**
 * What keeps `cronExpr` from having the dialect's shape, as one sentence: blank (or not a
 * string), a seconds field (6 fields), a macro (`@daily`, 1 field) or any other count than 4 or
 * 5 fields; `undefined` when it has 4 or 5. The part of {@link cronDialectProblem} a reader of
 * stored rules holds every cron to: a cron without this shape has no reading in the dialect,
 * while a legacy row that breaks only the rest (a minute such as `*\/5`, both day fields
 * restricted) is still fired, read as {@link normalizeCron} gives it.
 */
export function cronShapeProblem(cronExpr: string): string | undefined {
  if (typeof cronExpr !== "string" || cronExpr.trim() === "") return "a cron expression is required";
  const count = cronExpr.trim().split(/\s+/).length;
  if (count === 6)
    return `a seconds field is not supported: use 5 fields (minute hour day-of-month month day-of-week) or 4 (hour day-of-month month day-of-week)`;
  if (count !== 4 && count !== 5) {
    return `it must have 5 fields (minute hour day-of-month month day-of-week) or 4 (hour day-of-month month day-of-week), got ${count}`;
  }
  return undefined;
}

/**
 * What is wrong with `cronExpr` in the platform's dialect, as one sentence naming the rule it
 * breaks (e.g. `"the minute must be one fixed number from 0 to 59 (got \"*\/5\")"`), or
 * `undefined` when the platform accepts it.
 */
export function cronDialectProblem(cronExpr: string): string | undefined {
  const shape = cronShapeProblem(cronExpr);
  if (shape !== undefined) return shape;
  const five = normalizeCron(cronExpr).split(" ");
  const minute = five[0]!;
  if (!/^\d{1,2}$/.test(minute) || Number(minute) > 59) {
    return `the minute must be one fixed number from 0 to 59, so the rule fires at most once an hour (got ${JSON.stringify(minute)})`;
  }
  if (!unrestricted(five[2]!) && !unrestricted(five[4]!)) {
    return `day-of-month (${JSON.stringify(five[2])}) and day-of-week (${JSON.stringify(five[4])}) cannot both be restricted: set one of them to *`;
  }
  try {
    cronParser().parse(five.join(" "), { tz: "UTC" });
  } catch (error) {
    return `it is not a valid cron expression (${(error as Error).message})`;
  }
  return undefined;
}

/** Whether `timezone` is an IANA time zone name the runtime knows (`""` is not one: callers treat it as UTC themselves). */
export function isKnownTimezone(timezone: string): boolean {
  if (typeof timezone !== "string" || timezone.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
