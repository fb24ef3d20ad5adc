/**
 * A rule's next schedule fire time, as the platform computes `schedule_next_fire_at_ms`: the
 * first instant after the clock that the rule's cron expression matches in the rule's IANA time
 * zone (absent or empty: UTC, as for older rows), and 0 when the rule or its schedule trigger is
 * disabled (see docs/platform-api.md, "Automation rules"). Cron evaluation is cron-parser's; a
 * 4-field cron (`hour day month weekday`, the platform's short form) fires at minute 0.
 */
import { CronExpressionParser } from "cron-parser";
import { normalizeCron } from "../wire/cronDialect";

/** The fields of an automation rule (wire shape) that decide its next fire time. */
export interface ScheduledRule {
  enabled: boolean;
  schedule_trigger_enabled: boolean;
  /** Cron expression: 5 fields (minute, hour, day of month, month, day of week) or 4 (no minute). */
  cron_expr: string;
  /** IANA time zone name; absent or "" means UTC. */
  timezone?: string;
}

/**
 * The next fire time of `rule` strictly after `now`, in epoch milliseconds; 0 when `rule.enabled`
 * or `rule.schedule_trigger_enabled` is false.
 * @param now the clock, epoch milliseconds.
 * @throws RangeError naming the cron expression or time zone when cron-parser cannot use it.
 */
export function nextFireAtMs(rule: ScheduledRule, now: number): number {
  if (!rule.enabled || !rule.schedule_trigger_enabled) return 0;
  const tz = rule.timezone === undefined || rule.timezone.trim() === "" ? "UTC" : rule.timezone.trim();
  try {
    return CronExpressionParser.parse(normalizeCron(rule.cron_expr), { tz, currentDate: new Date(now) })
      .next()
      .getTime();
  } catch (error) {
    throw new RangeError(`cannot compute the next fire time of cron "${rule.cron_expr}" in time zone "${tz}": ${(error as Error).message}`);
  }
}
