/**
 * The client-side rate limit: never more than N requests in any window (checked on every
 * sliding window, as the server sees them), retries included, shared by clients of the same
 * (baseUrl, appKey).
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { FlashdutyClient } from "../../sdk";
import { createRateGate } from "../../sdk/rateLimit";
import { fail, ok, SECRET_KEY, startRecorder, type Recorder } from "./recorder";

/** The largest number of timestamps (ms) falling in any window [t, t + intervalMs). */
function maxInAnyWindow(times: number[], intervalMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i]! - t[j]! >= intervalMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

let rec: Recorder;
beforeEach(async () => {
  rec = await startRecorder(() => ok({ templates: [] }));
});
afterEach(async () => {
  await rec.close();
});

describe("the gate (p-throttle, strict, composed)", () => {
  test("two windows hold at once, for every sliding window", async () => {
    const gate = await createRateGate([
      { limit: 3, intervalMs: 100 },
      { limit: 6, intervalMs: 500 },
    ]);
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(Array.from({ length: 14 }, () => gate().then(() => times.push(performance.now()))));
    expect(maxInAnyWindow(times, 100)).toBeLessThanOrEqual(3);
    expect(maxInAnyWindow(times, 500)).toBeLessThanOrEqual(6);
    // Not slower than needed: 14 calls at 6 per 500 ms finish in about 1 s.
    expect(performance.now() - started).toBeLessThan(1400);
  });
});

describe("client", () => {
  test("perSecond caps requests in every 1 s window as the server sees them", async () => {
    const client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: { perSecond: 4, perMinute: 1000 } });
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, () => client.automationTemplates.list()));
    const times = rec.requests.map((r) => r.at);
    expect(times).toHaveLength(8);
    expect(maxInAnyWindow(times, 1000)).toBeLessThanOrEqual(4);
    expect(performance.now() - started).toBeLessThan(1800);
  });

  test("perMinute holds too: the request beyond it waits", async () => {
    const client = new FlashdutyClient({
      appKey: `${SECRET_KEY}-minute`,
      baseUrl: rec.url,
      rateLimit: { perSecond: 50, perMinute: 3 },
      maxRetries: 0,
    });
    const calls = Array.from({ length: 4 }, () => client.automationTemplates.list().catch(() => undefined));
    await Promise.all(calls.slice(0, 3));
    await new Promise((r) => setTimeout(r, 300));
    expect(rec.requests).toHaveLength(3);
    // The fourth call stays queued for the rest of the minute; it is abandoned with this test.
  });

  test("one limiter per (baseUrl, appKey): two clients share it, another key does not", async () => {
    const limits = { perSecond: 3, perMinute: 1000 };
    const a = new FlashdutyClient({ appKey: `${SECRET_KEY}-shared`, baseUrl: rec.url, rateLimit: limits });
    const b = new FlashdutyClient({ appKey: `${SECRET_KEY}-shared`, baseUrl: `${rec.url}/`, rateLimit: limits });
    const other = new FlashdutyClient({ appKey: `${SECRET_KEY}-other`, baseUrl: rec.url, rateLimit: limits });
    await Promise.all([
      ...Array.from({ length: 3 }, () => a.automationTemplates.list()),
      ...Array.from({ length: 3 }, () => b.automationTemplates.list()),
      ...Array.from({ length: 3 }, () => other.automationTemplates.list()),
    ]);
    const byKey = (k: string) => rec.requests.filter((r) => r.query.app_key === k).map((r) => r.at);
    const shared = byKey(`${SECRET_KEY}-shared`);
    expect(shared).toHaveLength(6);
    expect(maxInAnyWindow(shared, 1000)).toBeLessThanOrEqual(3);
    const others = byKey(`${SECRET_KEY}-other`);
    // The other key was not held back by the shared one: all three went out at once.
    expect(Math.max(...others) - Math.min(...others)).toBeLessThan(300);
  });

  test("retries pass the gate too", async () => {
    rec.respond((r) => (r.n <= 4 ? fail(503, "ServiceUnavailable", "busy") : ok({ templates: [] })));
    const client = new FlashdutyClient({
      appKey: `${SECRET_KEY}-retries`,
      baseUrl: rec.url,
      rateLimit: { perSecond: 2, perMinute: 1000 },
      maxRetries: 3,
    });
    await Promise.all([client.automationTemplates.list(), client.automationTemplates.list()]);
    const times = rec.requests.map((r) => r.at);
    expect(times.length).toBeGreaterThanOrEqual(5);
    expect(maxInAnyWindow(times, 1000)).toBeLessThanOrEqual(2);
  });

  test("rateLimit false sends at once", async () => {
    const client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: false });
    await Promise.all(Array.from({ length: 60 }, () => client.automationTemplates.list()));
    const times = rec.requests.map((r) => r.at);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(900);
  });
});
