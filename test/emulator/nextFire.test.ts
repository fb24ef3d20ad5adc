/** Rules' `schedule_next_fire_at_ms`: from the cron expression, the time zone and the clock. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { startEmulator, type Emulator, type StoredRule } from "../../emulator";
import { nextFireAtMs, type ScheduledRule } from "../../emulator/nextFire";
import { call } from "../support/emulatorCalls";

const rule = (fields: Partial<ScheduledRule> = {}): ScheduledRule => ({
  enabled: true,
  schedule_trigger_enabled: true,
  cron_expr: "0 8,20 * * *",
  timezone: "Europe/London",
  ...fields,
});

describe("nextFireAtMs", () => {
  it("is the first instant after the clock that the cron matches in the rule's time zone", () => {
    // Winter: London is UTC+0; summer: UTC+1, so 20:00 there is 19:00 UTC.
    expect(nextFireAtMs(rule(), Date.UTC(2026, 0, 15, 12, 0))).toBe(Date.UTC(2026, 0, 15, 20, 0));
    expect(nextFireAtMs(rule(), Date.UTC(2026, 6, 1, 12, 0))).toBe(Date.UTC(2026, 6, 1, 19, 0));
    expect(nextFireAtMs(rule({ timezone: "Asia/Shanghai" }), Date.UTC(2026, 0, 15, 1, 0))).toBe(Date.UTC(2026, 0, 15, 12, 0));
    // Strictly after: at a fire time, the next one.
    expect(nextFireAtMs(rule(), Date.UTC(2026, 0, 15, 20, 0))).toBe(Date.UTC(2026, 0, 16, 8, 0));
  });

  it("reads an absent or empty time zone as UTC", () => {
    const now = Date.UTC(2026, 6, 1, 12, 0);
    expect(nextFireAtMs(rule({ timezone: "" }), now)).toBe(Date.UTC(2026, 6, 1, 20, 0));
    expect(nextFireAtMs(rule({ timezone: undefined }), now)).toBe(Date.UTC(2026, 6, 1, 20, 0));
  });

  it("is 0 when the rule or its schedule trigger is disabled", () => {
    expect(nextFireAtMs(rule({ enabled: false }), Date.UTC(2026, 0, 1))).toBe(0);
    expect(nextFireAtMs(rule({ schedule_trigger_enabled: false }), Date.UTC(2026, 0, 1))).toBe(0);
  });

  it("names the cron expression or time zone it cannot use", () => {
    expect(() => nextFireAtMs(rule({ cron_expr: "61 * * * *" }), 0)).toThrow(/cron "61 \* \* \* \*"/);
    expect(() => nextFireAtMs(rule({ timezone: "Mars/Olympus" }), 0)).toThrow(/Mars\/Olympus/);
  });
});

describe("the emulator's rules", () => {
  let emu: Emulator;
  let startedAt: number;
  beforeAll(async () => {
    startedAt = Date.now();
    emu = await startEmulator({ limits: false, seed: { rules: 60 } });
  });
  afterAll(() => emu.close());

  async function rules(): Promise<StoredRule[]> {
    const answer = await call(emu, PATHS.automationRuleList, { key: emu.keys.admin, body: { p: 1, limit: 100 } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data.rules;
  }

  it("fire next at a time their cron matches, after the emulator started", async () => {
    const scheduled = (await rules()).filter((r) => r.enabled && r.schedule_trigger_enabled);
    expect(scheduled.length).toBeGreaterThan(5);
    for (const r of scheduled) {
      expect(r.schedule_next_fire_at_ms, r.rule_id).toBeGreaterThan(startedAt);
      // The cron matches that instant: the next fire time just before it is that instant.
      expect(nextFireAtMs(r, r.schedule_next_fire_at_ms - 1), r.rule_id).toBe(r.schedule_next_fire_at_ms);
    }
  });

  it("follow a console edit: disabling gives 0, a new cron a new time", async () => {
    const target = (await rules()).find((r) => r.enabled && r.schedule_trigger_enabled)!;
    const disabled = emu.updateRule(target.rule_id, { enabled: false });
    expect(disabled.schedule_next_fire_at_ms).toBe(0);
    const before = Date.now();
    const hourly = emu.updateRule(target.rule_id, { enabled: true, cron_expr: "7 * * * *" });
    expect(hourly.schedule_next_fire_at_ms).toBeGreaterThan(before);
    expect(new Date(hourly.schedule_next_fire_at_ms).getUTCMinutes()).toBe(7);
    expect((await rules()).find((r) => r.rule_id === target.rule_id)!.schedule_next_fire_at_ms).toBe(hourly.schedule_next_fire_at_ms);
  });
});
