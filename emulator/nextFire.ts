/**
 * A rule's next fire time (`schedule_next_fire_at_ms`), as the platform computes it: the next
 * instant after `now` at which its cron fires, read in its time zone (empty = UTC), or 0 when
 * nothing is scheduled (the rule or its schedule trigger disabled). cron-parser does the
 * calendar and daylight-saving arithmetic; a 4-field cron (`hour day month weekday`) fires at
 * minute 0. A cron or time zone cron-parser cannot read (a legacy row) schedules nothing.
 */
import { CronExpressionParser } from "cron-parser";
import { normalizeCron } from "pulumi-flashduty/sdk/wire";

/** Epoch ms of the next fire after `now` (epoch ms), or 0; see the file comment. */
export function nextFireAtMs(
  rule: { enabled: boolean; schedule_trigger_enabled: boolean; cron_expr: string; timezone?: string },
  now: number,
): number {
  if (!rule.enabled || !rule.schedule_trigger_enabled) return 0;
  try {
    const tz = rule.timezone === undefined || rule.timezone === "" ? "UTC" : rule.timezone;
    return CronExpressionParser.parse(normalizeCron(rule.cron_expr), { tz, currentDate: new Date(now) }).next().getTime();
  } catch {
    return 0;
  }
}
