/**
 * One process alone on an account never sends more than an operation's limits within any
 * sliding second or minute, whatever windows the platform keeps (issue 32): a rule walk, a
 * burst of reads and a burst of rule creates at production limits, against fixed windows,
 * sliding ones, and each on a server clock 30 s off ours. The emulator's request log is read as
 * a sliding-window server counts; no request is refused.
 */
import { afterEach, describe, expect, test } from "vitest";
import { PRODUCTION_LIMITS, startEmulator, type Emulator } from "../../emulator";
import { FlashdutyClient, type CreateAutomationRuleParams } from "../../sdk";
import { OPERATION_RATE_LIMITS, PATHS } from "../../wire/protocol";
import { busiestWindow, limitsFor, RATE_WINDOW_CASES } from "../support/rateWindows";

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const refusals = (em: Emulator) => em.requestLog().filter((e) => e.status === 429).length;

describe.each(RATE_WINDOW_CASES)("alone against $name", (kind) => {
  test("a rule walk of about 100 pages: no 429, at most 50 pages in any second", async () => {
    emulator = await startEmulator({ port: 0, seed: { rules: 3_000 }, limits: limitsFor(kind, PRODUCTION_LIMITS) });
    const client = new FlashdutyClient({ appKey: emulator.keys.admin, baseUrl: emulator.url });
    let items = 0;
    for await (const _ of client.automationRules.listAll({ limit: 20 })) items++;
    expect(items).toBe(emulator.visibleRules(emulator.keys.admin).length);
    expect(emulator.requestLog().filter((e) => e.operation === "automationRule.list").length).toBeGreaterThan(PRODUCTION_LIMITS.perSecond * 1.5);
    expect(refusals(emulator)).toBe(0);
    expect(busiestWindow(emulator, "automationRule.list")).toBeLessThanOrEqual(PRODUCTION_LIMITS.perSecond);
  });

  test("130 reads at once, then 45 rule creates at once: no 429, each operation within its own limit in any second", async () => {
    emulator = await startEmulator({ port: 0, seed: { rules: 0 }, limits: limitsFor(kind, PRODUCTION_LIMITS) });
    const em = emulator;
    const client = new FlashdutyClient({ appKey: em.keys.admin, baseUrl: em.url });
    await Promise.all(Array.from({ length: 130 }, () => client.mcpServers.get({ serverId: "mcp_grafana" })));
    const rule = (i: number): CreateAutomationRuleParams => ({
      name: `window check ${i}`,
      prompt: "Summarise the alerts.",
      cronExpr: "0 9 * * *",
      timezone: "UTC",
      teamId: 1,
      enabled: false,
    });
    await Promise.all(Array.from({ length: 45 }, (_, i) => client.automationRules.create(rule(i))));
    expect(em.counters()["automationRule.create"]).toEqual({ requests: 45, statuses: { "200": 45 } });
    expect(refusals(em)).toBe(0);
    expect(busiestWindow(em, "mcpServer.get")).toBeLessThanOrEqual(PRODUCTION_LIMITS.perSecond);
    expect(busiestWindow(em, "automationRule.create")).toBeLessThanOrEqual(OPERATION_RATE_LIMITS[PATHS.automationRuleCreate].perSecond);
  });
});

test("a client's rateLimit is a ceiling: rule creates keep their own 20/s under { perSecond: 50 }", async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 }, limits: { ...PRODUCTION_LIMITS, window: "sliding" } });
  const em = emulator;
  const client = new FlashdutyClient({ appKey: em.keys.admin, baseUrl: em.url, rateLimit: { perSecond: 50, perMinute: 1000 } });
  await Promise.all(
    Array.from({ length: 45 }, (_, i) =>
      client.automationRules.create({ name: `ceiling check ${i}`, prompt: "Summarise.", cronExpr: "0 9 * * *", timezone: "UTC", teamId: 1, enabled: false }),
    ),
  );
  expect(refusals(em)).toBe(0);
  expect(busiestWindow(em, "automationRule.create")).toBeLessThanOrEqual(OPERATION_RATE_LIMITS[PATHS.automationRuleCreate].perSecond);
});
