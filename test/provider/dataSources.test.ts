/**
 * The data sources as a program calls them (configuration from the Pulumi runtime), against an
 * emulator seeded with 1,234 rules over real HTTP.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { camelKey } from "../support/camelKeys";
import { getAutomationRules, getAutomationRulesOutput, getAutomationTemplates } from "../../provider";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 1234 } });
  pulumi.runtime.setConfig("flashduty:baseUrl", emulator.url);
  pulumi.runtime.setConfig("flashduty:appKey", emulator.keys.admin);
});
afterAll(async () => {
  await emulator.close();
});

describe("getAutomationRules", () => {
  test("walks every page: each visible rule once, sorted by rule id, identical across calls", async () => {
    const visible = emulator.visibleRules(emulator.keys.admin);
    expect(visible.length).toBeGreaterThan(300);
    emulator.resetCounters();
    const first = await getAutomationRules({ pageSize: 100 });
    // One request per page; at most one extra to confirm the end (the client never trusts `total` alone).
    const requests = emulator.counters()["automationRule.list"].requests;
    expect(requests).toBeGreaterThanOrEqual(Math.ceil(visible.length / 100));
    expect(requests).toBeLessThanOrEqual(Math.ceil(visible.length / 100) + 1);
    const second = await getAutomationRules({ pageSize: 100 });
    const ids = first.rules.map((r) => r.ruleId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    expect([...ids].sort()).toEqual(visible.map((r) => r.rule_id).sort());
    expect(first.total).toBe(visible.length);
    expect(second).toEqual(first);
  });

  test("every wire field arrives in camelCase; fields the wire lacks are absent", async () => {
    const { rules } = await getAutomationRules({ keyword: "" });
    const wire = new Map(emulator.visibleRules(emulator.keys.admin).map((r) => [r.rule_id, r]));
    for (const rule of rules) {
      const keys = new Set(Object.keys(wire.get(rule.ruleId)!).map(camelKey));
      expect(Object.keys(rule).sort()).toEqual([...keys].sort());
    }
  });

  test("rules without HTTP POST, schedule or on-call triggers, and legacy rows with an empty timezone, come through as outputs that serialize", async () => {
    const result = await getAutomationRules();
    const lacking = (key: keyof (typeof result.rules)[number]) => result.rules.filter((r) => !Object.hasOwn(r, key));
    expect(lacking("httpPostTriggerId").length).toBeGreaterThan(0);
    expect(lacking("scheduleTriggerId").length).toBeGreaterThan(0);
    expect(lacking("oncallIncidentTriggerId").length).toBeGreaterThan(0);
    const noTriggers = result.rules.filter(
      (r) => r.scheduleTriggerId === undefined && r.httpPostTriggerId === undefined && r.oncallIncidentTriggerId === undefined,
    );
    expect(noTriggers.length).toBeGreaterThan(0);
    const legacy = emulator
      .visibleRules(emulator.keys.admin)
      .filter((r) => r.timezone === "")
      .map((r) => r.rule_id);
    expect(legacy.length).toBeGreaterThan(0);
    for (const id of legacy) expect(result.rules.find((r) => r.ruleId === id)!.timezone).toBe("");
    // What Pulumi stores: no undefined anywhere, identical after JSON and after the runtime's own serialization.
    expect(JSON.stringify(result, (_k, v: unknown) => (v === undefined ? "UNDEFINED" : v))).not.toContain("UNDEFINED");
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
    expect(await pulumi.runtime.serializeProperties("getAutomationRules", { ...result })).toStrictEqual(result);
  });

  test("filters reach the platform: team scope, enabled, keyword, teamIds", async () => {
    const filter = { scope: "team" as const, enabled: true, teamIds: [1, 2] };
    const { rules } = await getAutomationRules(filter);
    const expected = emulator
      .visibleRules(emulator.keys.admin, filter)
      .map((r) => r.rule_id)
      .sort();
    expect(rules.map((r) => r.ruleId)).toEqual(expected);
    expect(rules.every((r) => r.enabled && [1, 2].includes(r.teamId))).toBe(true);
  });

  test.each([
    [{ pageSize: 0 }, /pageSize must be an integer from 1 to 100/],
    [{ pageSize: 101 }, /pageSize must be an integer from 1 to 100/],
    [{ pageSize: 2.5 }, /pageSize must be an integer from 1 to 100/],
    [{ keyword: "k".repeat(65) }, /keyword.*64/],
    [{ scope: "everyone" }, /scope.*all.*personal.*team/],
    [{ teamIds: [1.5] }, /teamIds/],
  ])("rejects %j before any call", async (args, message) => {
    emulator.resetCounters();
    await expect(getAutomationRules(args as never)).rejects.toThrow(message);
    expect(emulator.counters()["automationRule.list"].requests).toBe(0);
  });

  test("the Output form resolves to the same result", async () => {
    const direct = await getAutomationRules({ scope: "personal" });
    const viaOutput = await new Promise((resolve) => getAutomationRulesOutput({ scope: pulumi.output("personal" as const) }).apply(resolve));
    expect(viaOutput).toEqual(direct);
  });
});

describe("getAutomationTemplates", () => {
  test("templates of a locale, sorted by name", async () => {
    for (const locale of ["en-US", "zh-CN"]) {
      const result = await getAutomationTemplates({ locale });
      expect(result.locale).toBe(locale);
      expect(result.templates.map((t) => t.name)).toEqual(
        emulator
          .templates(locale)
          .map((t) => t.name)
          .sort(),
      );
      expect(result.templates.length).toBeGreaterThanOrEqual(6);
    }
  });

  test("flashduty:locale is the default locale", async () => {
    pulumi.runtime.setConfig("flashduty:locale", "zh-CN");
    try {
      const result = await getAutomationTemplates();
      expect(result.locale).toBe("zh-CN");
      expect(result.templates.map((t) => t.name)).toEqual(
        emulator
          .templates("zh-CN")
          .map((t) => t.name)
          .sort(),
      );
    } finally {
      pulumi.runtime.setConfig("flashduty:locale", "");
    }
  });

  test("a locale over 16 characters is rejected before any call", async () => {
    emulator.resetCounters();
    await expect(getAutomationTemplates({ locale: "x".repeat(17) })).rejects.toThrow(/locale.*16/);
    expect(emulator.counters()["automationTemplate.list"].requests).toBe(0);
  });
});

describe("waiting on the account's rate limit", () => {
  test.each([
    ["getAutomationRules", "automationRule.list", () => getAutomationRules({ pageSize: 100 })],
    ["getAutomationTemplates", "automationTemplate.list", () => getAutomationTemplates({ locale: "en-US" })],
  ] as const)("%s says once that it waits, then completes", async (name, operation, read) => {
    emulator.setFaults([{ operation, kind: "rateLimit", retryAfterSeconds: 1, count: 2 }]);
    // Outside the engine, pulumi.log.info prints `info: [runtime] ...` on the console.
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await read();
      const lines = spy.mock.calls.map((args) => String(args[0])).filter((line) => line.includes("rate limit"));
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^info: \\[runtime\\] ${name} is waiting about [\\d.]+ s on the Flashduty account's rate limit`)),
      ]);
    } finally {
      spy.mockRestore();
      emulator.setFaults([]);
    }
  });
});
