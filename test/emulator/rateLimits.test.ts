/** Server-side rate limits: 429 RequestTooFrequently with Retry-After and X-RateLimit-*, per key or per account. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { PRODUCTION_LIMITS, startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 10 }, limits: { perSecond: 3, perMinute: 5 } });
});
beforeEach(() => {
  emu.reset();
  emu.setLimits({ perSecond: 3, perMinute: 5 });
});
afterAll(() => emu.close());

const limitsState = async () => ((await (await fetch(`${emu.url}/_emulator/state`)).json()) as { data: { limits: unknown } }).data.limits;
const rules = (key: string) => call(emu, PATHS.automationRuleList, { key, body: {} });
const get = (key: string) => call(emu, PATHS.mcpServerGet, { key, body: { server_id: "mcp_grafana" } });

describe("rate limits", () => {
  it("production defaults are 50/s and 1000/min", async () => {
    const fresh = await startEmulator({ seed: { rules: 0 } });
    try {
      const answer = await call(fresh, PATHS.automationTemplateList, { key: fresh.keys.admin, body: {} });
      expect(answer.headers["x-ratelimit-limit"]).toBe("50");
      expect(answer.headers["x-ratelimit-remaining"]).toBe("49");
      // The window's behaviour (429, Retry-After, X-RateLimit-*) is tested below with small
      // limits; a burst against 50/s here would depend on how fast a loaded machine sends it.
      const state = (await (await fetch(`${fresh.url}/_emulator/state`)).json()) as { data: { limits: unknown } };
      expect(state.data.limits).toEqual(PRODUCTION_LIMITS);
    } finally {
      await fresh.close();
    }
  });

  it("over the per-second window: 429 with Retry-After and X-RateLimit-* (unix seconds)", async () => {
    const ok = await rules(emu.keys.admin);
    expect(ok.status).toBe(200);
    expect(ok.headers["x-ratelimit-limit"]).toBe("3");
    expect(ok.headers["x-ratelimit-remaining"]).toBe("2");
    await rules(emu.keys.admin);
    await rules(emu.keys.admin);
    const refused = await rules(emu.keys.admin);
    expectError(refused, 429, "RequestTooFrequently");
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.headers["x-ratelimit-limit"]).toBe("3");
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    const reset = Number(refused.headers["x-ratelimit-reset"]);
    const now = Date.now() / 1000;
    expect(reset).toBeGreaterThanOrEqual(Math.floor(now));
    expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 1);
    expect(emu.counters()["automationRule.list"].statuses).toEqual({ "200": 3, "429": 1 });
  });

  it("over the per-minute window: Retry-After counts down the minute", async () => {
    for (let i = 0; i < 3; i++) expect((await rules(emu.keys.admin)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    for (let i = 0; i < 2; i++) expect((await rules(emu.keys.admin)).status).toBe(200);
    const refused = await rules(emu.keys.admin);
    expectError(refused, 429, "RequestTooFrequently");
    expect(refused.headers["x-ratelimit-limit"]).toBe("5");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(50);
  });

  // The scoping tests use a per-minute window, so a slow machine cannot straddle a window.
  it("lists are limited per account: two keys of account 1 share the bucket, account 2 has its own", async () => {
    emu.setLimits({ perSecond: 1000, perMinute: 3 });
    expect((await rules(emu.keys.admin)).status).toBe(200);
    expect((await rules(emu.keys.member)).status).toBe(200);
    expect((await rules(emu.keys.noAiSre)).status).toBe(200);
    expectError(await rules(emu.keys.teamMember2), 429, "RequestTooFrequently");
    expect((await rules(emu.keys.otherAccount)).status).toBe(200);
    // Buckets are per operation.
    expect((await get(emu.keys.admin)).status).toBe(200);
  });

  it("disable/enable are limited per app key", async () => {
    emu.setLimits({ perSecond: 1000, perMinute: 3 });
    const toggle = (key: string, i: number) => call(emu, i % 2 ? PATHS.mcpServerEnable : PATHS.mcpServerDisable, { key, body: { server_id: "mcp_grafana" } });
    for (let i = 0; i < 3; i++) expect((await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_nope" } })).status).toBe(400);
    expectError(await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } }), 429, "RequestTooFrequently");
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
    // Another key of the same account still has its own budget.
    expect((await toggle(emu.keys.member, 0)).status).toBe(200);
    expect(emu.server("mcp_grafana")!.status).toBe("disabled");
    // A refused call is not audited: only the three ResourceNotFound and the member's success are.
    expect(emu.audit().map((e) => e.outcome)).toEqual(["ResourceNotFound", "ResourceNotFound", "ResourceNotFound", "success"]);
  });

  it("unauthenticated requests are refused before the limiter and use no budget", async () => {
    emu.setLimits({ perSecond: 1000, perMinute: 1 });
    for (let i = 0; i < 5; i++) expectError(await rules("nope"), 401, "Unauthorized");
    expect((await rules(emu.keys.admin)).status).toBe(200);
  });

  it("setLimits(false) turns them off; setLimits replaces them with empty windows", async () => {
    emu.setLimits(false);
    for (let i = 0; i < 10; i++) {
      const answer = await rules(emu.keys.admin);
      expect(answer.status).toBe(200);
      expect(answer.headers["x-ratelimit-limit"]).toBeUndefined();
    }
    emu.setLimits({ perSecond: 1, perMinute: 100 });
    expect((await rules(emu.keys.admin)).status).toBe(200);
    expectError(await rules(emu.keys.admin), 429, "RequestTooFrequently");
    expect(() => emu.setLimits({ perSecond: 0, perMinute: 1 })).toThrow(/perSecond/);
  });

  it("sliding windows count any second ending now: a request is refused that a fixed window would admit", async () => {
    emu.setLimits({ perSecond: 3, perMinute: 100, window: "sliding" });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    expect((await rules(emu.keys.admin)).status).toBe(200);
    expect((await rules(emu.keys.admin)).status).toBe(200);
    await sleep(500);
    expect((await rules(emu.keys.admin)).status).toBe(200);
    // 1.2 s after the first two, 0.7 s after the third: a fixed window opened by the first has
    // turned; the sliding second still holds the third.
    await sleep(700);
    const first = await rules(emu.keys.admin);
    expect(first.status).toBe(200);
    expect(first.headers["x-ratelimit-remaining"]).toBe("1");
    expect((await rules(emu.keys.admin)).status).toBe(200);
    const refused = await rules(emu.keys.admin);
    expectError(refused, 429, "RequestTooFrequently");
    expect(refused.headers["retry-after"]).toBe("1");
    // The reset is when the oldest request counted (the third, ~0.7 s ago) leaves the window.
    const reset = Number(refused.headers["x-ratelimit-reset"]);
    expect(reset * 1000).toBeGreaterThanOrEqual(Date.now());
    expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 1_000 + 1_000);
    expect(await limitsState()).toEqual({ perSecond: 3, perMinute: 100, window: "sliding" });
  });

  it("a clock offset moves X-RateLimit-Reset and Date as a server with that clock sends them, and nothing else", async () => {
    for (const clockOffsetMs of [-30_000, 30_000]) {
      emu.setLimits({ perSecond: 3, perMinute: 100, clockOffsetMs });
      const answer = await rules(emu.keys.admin);
      expect(answer.status).toBe(200);
      expect(answer.headers["x-ratelimit-remaining"]).toBe("2");
      const reset = Number(answer.headers["x-ratelimit-reset"]) * 1000;
      expect(reset).toBeGreaterThan(Date.now() + clockOffsetMs - 1_000);
      expect(reset).toBeLessThanOrEqual(Date.now() + clockOffsetMs + 2_000);
      const date = Date.parse(String(answer.headers.date));
      expect(Math.abs(date - (Date.now() + clockOffsetMs))).toBeLessThan(2_000);
    }
    expect(() => emu.setLimits({ perSecond: 3, perMinute: 100, clockOffsetMs: 0.5 })).toThrow(/limits\.clockOffsetMs must be an integer/);
    expect(() => emu.setLimits({ perSecond: 3, perMinute: 100, window: "leaky" as "fixed" })).toThrow(/limits\.window must be one of fixed, sliding/);
  });

  it("the control API sets the window kind and the clock offset", async () => {
    const answer = await fetch(`${emu.url}/_emulator/limits`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ perSecond: 4, perMinute: 100, window: "sliding", clockOffsetMs: -30_000 }),
    });
    expect(answer.status).toBe(200);
    expect(await limitsState()).toEqual({ perSecond: 4, perMinute: 100, window: "sliding", clockOffsetMs: -30_000 });
    const bad = await fetch(`${emu.url}/_emulator/limits`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ perSecond: 4, perMinute: 100, window: "leaky" }),
    });
    expect(bad.status).toBe(400);
  });
});
