/**
 * How often a cron schedule fires: the shortest real time between two consecutive fire times.
 * The cron is read in the platform's dialect, through wire/cronDialect.ts (the one home of it:
 * 4 fields `hour day-of-month month day-of-week` mean minute 0, so `9 * * *` is daily at 09:00;
 * no seconds field, no macro), then evaluated in the schedule's IANA timezone with cron-parser.
 *
 * Horizon: the 366 days after `from`. cron-parser takes 0.1-0.5 ms per fire time, so a year of
 * `* * * * *` cannot be walked; instead the first {@link DEFAULT_MAX_FIRES} fire times after
 * `from` are read as wall-clock times (this covers the pattern of any schedule that fires more
 * than once in that span), plus the real fire times next to every daylight-saving transition of
 * the timezone in the horizon: the last ones before it and those up to 3 hours after it (only
 * there real gaps differ from wall-clock gaps: a daily 01:30 in New York is 23 hours apart in
 * March, 25 in November). A schedule
 * that fires at most once in the horizon (`0 0 29 2 *` in most years) has no gap.
 */
import { CronExpressionParser } from "cron-parser";
import { cronDialectProblem, cronShapeProblem, isKnownTimezone, normalizeCron } from "../wire/cronDialect";

/** Fire times read from `from` (wall clock). */
export const DEFAULT_MAX_FIRES = 200;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** One year and a day: every daylight-saving transition, and February 29 when there is one. */
const HORIZON_MS = 366 * DAY_MS;
/** After a transition, fire times within this span are read (a repeated hour is at most 1 h; some zones shift 30 min). */
const TRANSITION_WINDOW_MS = 3 * HOUR_MS;
/** Fire times read after one transition, at most (`* * * * *` has 180 in the window). */
const MAX_FIRES_PER_TRANSITION = 400;
/** Fire times read before one transition: only the last one's gap to the next crosses it. */
const FIRES_BEFORE_TRANSITION = 2;

/** A cron expression outside the platform's dialect or that cron-parser cannot use, or an unknown timezone. */
export class InvalidScheduleError extends Error {
  override readonly name = "InvalidScheduleError";
}

/** Options of {@link minScheduleGapMinutes}. */
export interface ScheduleGapOptions {
  /** Start of the evaluation, epoch ms; default now. */
  from?: number;
  /** Wall-clock fire times read from `from`; default {@link DEFAULT_MAX_FIRES}. */
  maxFires?: number;
  /**
   * How much of the platform's cron dialect (wire/cronDialect.ts) the cron must follow.
   * `"stored"` (default): a rule's cron as the platform fires it, legacy rows included: 4 or 5
   * fields (`cronShapeProblem`), any minute (`*\/5` is every 5 minutes) and day fields.
   * `"written"`: a cron about to be sent in a create or update, held to the whole dialect as the
   * platform checks it (`cronDialectProblem`: also one fixed minute, not both day fields).
   */
  dialect?: "stored" | "written";
}

/**
 * The shortest gap between consecutive fire times of `cronExpr` in `timezone`, in minutes;
 * `undefined` when the schedule fires fewer than twice in the horizon (see the module comment).
 *
 * @param cronExpr in the platform's dialect: 5 fields (minute hour day-of-month month
 *   day-of-week) or 4 (hour day-of-month month day-of-week, minute 0); never 6 (seconds) or a
 *   macro (`@daily`). How much of the rest of the dialect it must follow: `options.dialect`.
 * @param timezone IANA name such as `Asia/Shanghai`; empty means UTC (legacy rules)
 * @throws InvalidScheduleError naming the expression or the timezone when either is invalid
 *   (the expression's message says which rule of the dialect it breaks, if it breaks one)
 */
export function minScheduleGapMinutes(cronExpr: string, timezone: string, options: ScheduleGapOptions = {}): number | undefined {
  const from = options.from ?? Date.now();
  const tz = timezone.trim() === "" ? "UTC" : timezone.trim();
  if (!isKnownTimezone(tz)) throw new InvalidScheduleError(`unknown timezone "${timezone}"`);
  const problem = options.dialect === "written" ? cronDialectProblem(cronExpr) : cronShapeProblem(cronExpr);
  if (problem !== undefined) throw new InvalidScheduleError(`invalid cron expression "${cronExpr}" in the platform's dialect: ${problem}`);
  // The 5-field form the platform reads (a 4-field cron fires at minute 0).
  const cron = normalizeCron(cronExpr);
  try {
    CronExpressionParser.parse(cron, { tz });
  } catch (err) {
    throw new InvalidScheduleError(`invalid cron expression "${cronExpr}": ${(err as Error).message}`);
  }
  // Wall-clock gaps: the expression read in UTC walks the same wall-clock times, about 5x faster
  // than in a zone with daylight saving time.
  const wallFrom = from + offsetMs(tz, from);
  let min = minGap(fireTimes(cron, "UTC", wallFrom, options.maxFires ?? DEFAULT_MAX_FIRES, wallFrom + HORIZON_MS));
  for (const transition of transitions(tz, from, from + HORIZON_MS)) {
    const gap = minGap(fireTimesAround(cron, tz, transition));
    if (gap !== undefined && (min === undefined || gap < min)) min = gap;
  }
  return min === undefined ? undefined : min / MINUTE_MS;
}

/** Fire times of `cron` (5 fields, valid) in `tz` after `from` up to `until` (epoch ms), at most `maxFires`. */
function fireTimes(cron: string, tz: string, from: number, maxFires: number, until: number): number[] {
  const iterator = parse(cron, tz, from);
  const times: number[] = [];
  while (times.length < maxFires && iterator.hasNext()) {
    const t = iterator.next().getTime();
    if (t > until) break;
    times.push(t);
  }
  return times;
}

/**
 * Real fire times next to a transition: the last {@link FIRES_BEFORE_TRANSITION} before it (within
 * two days) and those in the {@link TRANSITION_WINDOW_MS} after it (at least the first one, within
 * two days; at most {@link MAX_FIRES_PER_TRANSITION}).
 */
function fireTimesAround(cron: string, tz: string, transition: number): number[] {
  const before = parse(cron, tz, transition);
  const times: number[] = [];
  for (let i = 0; i < FIRES_BEFORE_TRANSITION && before.hasPrev(); i++) {
    const t = before.prev().getTime();
    if (t < transition - 2 * DAY_MS) break;
    times.unshift(t);
  }
  const after = parse(cron, tz, transition - 1);
  while (times.length < MAX_FIRES_PER_TRANSITION && after.hasNext()) {
    const t = after.next().getTime();
    if (t > transition + 2 * DAY_MS) break;
    times.push(t);
    if (t > transition + TRANSITION_WINDOW_MS) break;
  }
  return times;
}

/** cron-parser's iterator over `cron` (5 fields, already checked) in `tz` from `from` (epoch ms). */
function parse(cron: string, tz: string, from: number) {
  return CronExpressionParser.parse(cron, { tz, currentDate: new Date(from) });
}

function minGap(times: number[]): number | undefined {
  let min: number | undefined;
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!;
    if (min === undefined || gap < min) min = gap;
  }
  return min;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** UTC offset of `tz` at instant `t`, in ms (east positive). */
function offsetMs(tz: string, t: number): number {
  let format = offsetFormats.get(tz);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" });
    offsetFormats.set(tz, format);
  }
  const name = format.formatToParts(t).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (m === null) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * HOUR_MS + Number(m[3]) * MINUTE_MS);
}

/** Instants in [from, to) at which the offset of `tz` changes, to the minute. */
function transitions(tz: string, from: number, to: number): number[] {
  const found: number[] = [];
  let prev = offsetMs(tz, from);
  for (let t = from + DAY_MS; t < to + DAY_MS; t += DAY_MS) {
    const offset = offsetMs(tz, t);
    if (offset === prev) continue;
    let lo = t - DAY_MS;
    let hi = t;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offsetMs(tz, mid) === prev) lo = mid;
      else hi = mid;
    }
    found.push(hi);
    prev = offset;
  }
  return found;
}
