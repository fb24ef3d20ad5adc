/**
 * The client-side rate limit: never more than N requests in any window (checked on every
 * sliding window, as the server sees them), retries included, shared by clients of the same
 * (baseUrl, appKey).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FlashdutyClient } from "../../sdk";
import { createRateGate } from "../../sdk/rateLimit";
import { fail, ok, SECRET_KEY, startRecorder, type Recorder } from "../support/recorder";

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

describe("the gate (p-throttle, strict, composed, plus the exact check)", () => {
  test.each([
    [14, { limit: 3, intervalMs: 100 }, { limit: 6, intervalMs: 500 }],
    [30, { limit: 4, intervalMs: 60 }, { limit: 10, intervalMs: 300 }],
    [20, { limit: 5, intervalMs: 200 }, { limit: 100, intervalMs: 1000 }],
  ])("%i calls: both windows hold in every sliding window", async (calls, short, long) => {
    const released: number[] = [];
    // Date.now() at the moment of release: the clock the gate itself keeps.
    const gate = await createRateGate([short, long], () => released.push(Date.now()));
    await Promise.all(Array.from({ length: calls }, async () => (await gate())()));
    expect(released).toHaveLength(calls);
    expect(maxInAnyWindow(released, short.intervalMs)).toBeLessThanOrEqual(short.limit);
    expect(maxInAnyWindow(released, long.intervalMs)).toBeLessThanOrEqual(long.limit);
  });

  test("a fresh window admits a full burst at once", async () => {
    const gate = await createRateGate([{ limit: 5, intervalMs: 1000 }]);
    const order: string[] = [];
    const burst = Array.from({ length: 5 }, (_, i) =>
      gate().then((release) => {
        order.push(`burst ${i}`);
        return release;
      }),
    );
    const sixth = gate().then((release) => {
      order.push("sixth");
      return release;
    });
    const releases = await Promise.all(burst);
    // No pacing inside a fresh window: all five pass before the sixth, which must wait for the
    // window to turn after the first ones end (their ends are reported here).
    for (const release of releases) release();
    (await sixth)();
    expect(order).toEqual(["burst 0", "burst 1", "burst 2", "burst 3", "burst 4", "sixth"]);
  });

  test("a request holds its place until it is released, and a window after", async () => {
    const gate = await createRateGate([{ limit: 2, intervalMs: 200 }]);
    const started = performance.now();
    const first = await Promise.all([gate(), gate()]);
    const third = gate().then(() => performance.now() - started);
    await new Promise((r) => setTimeout(r, 300)); // two slow requests
    for (const release of first) release();
    expect(await third).toBeGreaterThanOrEqual(300 + 200 - 2);
  });

  test("a place given back unsent counts for no window after it", async () => {
    const gate = await createRateGate([{ limit: 2, intervalMs: 200 }]);
    const started = performance.now();
    const first = await Promise.all([gate(), gate()]);
    const third = gate().then(() => performance.now() - started);
    await new Promise((r) => setTimeout(r, 300)); // two requests that were never sent
    for (const release of first) release(true);
    // Granted when they are given back, not a window later (as released sent ones would be).
    expect(await third).toBeLessThan(300 + 200 - 50);
  });
});

describe("the gate with thousands of callers waiting (a refresh at --parallel 5000)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("3,000 callers at the production read limits: granted in call order, at the limits' pace, every window holding", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const second = { limit: 50, intervalMs: 1_010 };
    const minute = { limit: 1_000, intervalMs: 60_010 };
    const started = Date.now();
    const gate = await createRateGate([second, minute]);
    const grants: { index: number; at: number }[] = [];
    const calls = Array.from({ length: 3_000 }, (_, index) =>
      gate().then((release) => {
        grants.push({ index, at: Date.now() - started });
        // Each answer begins 40 ms after its send.
        setTimeout(() => release(), 40);
      }),
    );
    await vi.advanceTimersByTimeAsync(200_000);
    await Promise.all(calls);
    expect(grants.map((g) => g.index)).toEqual(Array.from({ length: 3_000 }, (_, i) => i));
    const times = grants.map((g) => g.at);
    expect(maxInAnyWindow(times, second.intervalMs)).toBeLessThanOrEqual(second.limit);
    expect(maxInAnyWindow(times, minute.intervalMs)).toBeLessThanOrEqual(minute.limit);
    // The third thousand goes out once the second thousand's places (each counted from its
    // answer) have aged out of a minute window, and no later: callers waiting in line cost no pace.
    expect(times[2_000]).toBeGreaterThanOrEqual(2 * minute.intervalMs);
    const aThousandAtTheSecondLimitMs = (1_000 / second.limit) * second.intervalMs;
    expect(times[2_999]).toBeLessThan(2 * (minute.intervalMs + 40) + aThousandAtTheSecondLimitMs + 1_000);
  });
});

describe("client", () => {
  test("perSecond caps requests in every 1 s window, as sent and as the server sees them", async () => {
    const sent: number[] = [];
    // A real undici Agent with an interceptor noting when each request is handed to the socket layer.
    const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
      sent.push(performance.now());
      return dispatch(opts, handler);
    });
    const client = new FlashdutyClient({
      appKey: SECRET_KEY,
      baseUrl: rec.url,
      rateLimit: { perSecond: 4, perMinute: 1000 },
      dispatcher,
    });
    await Promise.all(Array.from({ length: 8 }, () => client.automationTemplates.list()));
    expect(sent).toHaveLength(8);
    expect(maxInAnyWindow(sent, 1000)).toBeLessThanOrEqual(4);
    const arrived = rec.requests.map((r) => r.at);
    expect(maxInAnyWindow(arrived, 1000)).toBeLessThanOrEqual(4);
    await dispatcher.close();
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

  test("a slow delivery of the first wave does not let the second wave into the same server window", async () => {
    // A real undici Agent whose interceptor holds the first 4 requests back 150 ms before they go
    // out, as a cold process or a congested network would.
    let n = 0;
    const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
      if (++n > 4) return dispatch(opts, handler);
      setTimeout(() => dispatch(opts, handler), 150);
      return true;
    });
    const client = new FlashdutyClient({
      appKey: `${SECRET_KEY}-slow`,
      baseUrl: rec.url,
      rateLimit: { perSecond: 4, perMinute: 1000 },
      dispatcher,
    });
    await Promise.all(Array.from({ length: 8 }, () => client.automationTemplates.list()));
    const arrived = rec.requests.map((r) => r.at);
    expect(arrived).toHaveLength(8);
    expect(maxInAnyWindow(arrived, 1000)).toBeLessThanOrEqual(4);
    await dispatcher.close();
  });

  test("a place ends when the answer begins, not when its slow body has arrived; the limit still holds at the server", async () => {
    // A peer that sends the status line and headers at once and the body 1.5 s later.
    const arrivals: number[] = [];
    const server = createServer((req, res) => {
      arrivals.push(performance.now());
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.flushHeaders();
        setTimeout(() => res.end(JSON.stringify({ request_id: "r", data: { templates: [] } })), 1500);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new FlashdutyClient({
        appKey: `${SECRET_KEY}-slow-body`,
        baseUrl: `http://127.0.0.1:${port}`,
        rateLimit: { perSecond: 1, perMinute: 1000 },
      });
      await Promise.all([client.automationTemplates.list(), client.automationTemplates.list()]);
      expect(arrivals).toHaveLength(2);
      const gap = arrivals[1]! - arrivals[0]!;
      expect(gap).toBeGreaterThanOrEqual(1000); // one per second, as the server counts
      expect(gap).toBeLessThan(1500 + 1000); // released at the headers, not after the 1.5 s body
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("one limiter per (baseUrl, appKey, operation): two clients share it, another key does not", async () => {
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
    // The other key was not held back by the shared one: all three went out before the shared
    // key's fourth request, which had to wait for its window to turn.
    const fourthShared = [...shared].sort((x, y) => x - y)[3]!;
    for (const at of others) expect(at).toBeLessThan(fourthShared);
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

  test("rateLimit false sends at once: 60 requests, more than one window's 50, all arrive before any answer", async () => {
    // The peer answers nobody until all 60 have arrived (or, should some be held back, after 3 s).
    let arrived = 0;
    let allArrived!: () => void;
    const barrier = new Promise<void>((resolve) => (allArrived = resolve));
    let answeredBeforeAll = false;
    rec.respond(async () => {
      if (++arrived === 60) allArrived();
      await Promise.race([barrier, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (arrived < 60) answeredBeforeAll = true;
      return ok({ templates: [] });
    });
    const client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: false });
    await Promise.all(Array.from({ length: 60 }, () => client.automationTemplates.list()));
    expect(rec.requests).toHaveLength(60);
    expect(answeredBeforeAll).toBe(false);
  });
});
