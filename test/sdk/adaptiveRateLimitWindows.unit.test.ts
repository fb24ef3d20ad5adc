/**
 * The adaptive rate limit (sdk/rateLimit/adaptiveLimiter.ts) at the turn of the server's windows,
 * on vitest's fake clock: pauses until the turn seen or projected, seeking the turn after a
 * refusal, fixed and sliding windows, clocks without a Date header, learned limits, aborted
 * waits, the per-operation table. The first part: adaptiveRateLimit.unit.test.ts.
 */
import { PATHS } from "../../wire/protocol";
import { describe, expect, test, vi } from "vitest";
import { AdaptiveRateLimiter, BUSY_IN_FLIGHT, SEEK_INTERVAL_MS, WINDOW_SLACK_MS, RateWaitAborted, THROTTLE_BETA, pauseJitterMs } from "../../sdk/rateLimit";
import { OPERATION_RATE_LIMITS, operationRateLimit } from "../../wire/protocol";

import { grantedAt, half, LIMITS, refused, useFakeClock } from "../support/adaptiveClock";

useFakeClock();

describe("AdaptiveRateLimiter at the turn of the window", () => {
  test("a refusal pauses the bucket only until the turn of the window seen, and refusals sent before the pause do not extend it", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const windowStart = Date.now();
    // Another client is seen (40 of 50 used) in the window our request of `windowStart` got into.
    limiter.observe({ sentAt: windowStart, status: 200, rateLimited: false, limit: 50, remaining: 10 }, half);
    vi.advanceTimersByTime(300);
    refused(limiter, 1000, Date.now() - 40);
    // Retry-After would end at +300 + 1050; the window turns at +1000 + slack + jitter.
    expect(limiter.pausedUntil).toBe(windowStart + 1000 + WINDOW_SLACK_MS + 50);
    // A refusal of a request sent before that pause began arrives later: nothing changes.
    const pausedUntil = limiter.pausedUntil;
    vi.advanceTimersByTime(200);
    refused(limiter, 1000, windowStart + 250);
    expect(limiter.pausedUntil).toBe(pausedUntil);
  });

  test("with no request of ours in the window, a refusal pauses until the turn projected from the last window, never past Retry-After", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const first = Date.now();
    limiter.observe({ sentAt: first, status: 200, rateLimited: false, limit: 50, remaining: 0 }, half);
    expect(limiter.pausedUntil).toBe(first + 1060);
    vi.advanceTimersByTime(1100);
    // Back after the pause, refused at once: the window that began around +1000 turns around +2000.
    refused(limiter, 1000, Date.now());
    expect(limiter.pausedUntil).toBe(first + 2000 + WINDOW_SLACK_MS + 50);
    // A Retry-After shorter than the projection wins.
    const other = new AdaptiveRateLimiter(LIMITS, { gate: false });
    other.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 0 }, half);
    vi.advanceTimersByTime(1100);
    refused(other, 100, Date.now());
    expect(other.pausedUntil).toBe(Date.now() + 100 + pauseJitterMs(100, half));
  });

  test("a window began at most 1 s before the second X-RateLimit-Reset names, however late our first request in it was counted", () => {
    vi.setSystemTime(1_700_000_000_000);
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    // Our first request of the window was counted 560 ms into it, after 44 of other clients;
    // the window ends by 1_700_000_001 s.
    vi.advanceTimersByTime(600);
    const reset = { limit: 50, resetAtSeconds: 1_700_000_001 };
    limiter.observe({ sentAt: Date.now() - 40, status: 200, rateLimited: false, remaining: 5, ...reset }, half);
    expect(limiter.throttled).toBe(true);
    // Refused: the turn is 1 s after the window's start as bounded by the reset (plus slack and
    // jitter), not 1 s after our late first request (+1620) nor after Retry-After (+1650).
    limiter.observe({ sentAt: Date.now(), status: 429, rateLimited: true, retryAfterMs: 1000, remaining: 0, ...reset }, half);
    expect(limiter.pausedUntil).toBe(1_700_000_001_000 + WINDOW_SLACK_MS + 50);
  });

  test("requests of ours from the window before do not hide other clients in this one", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    // A burst of 40 alone, answered with counts that only our own requests explain.
    for (let i = 0; i < 40; i++) await limiter.acquire();
    for (let i = 0; i < 40; i++) limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 49 - i }, half);
    expect(limiter.throttled).toBe(false);
    // 1.1 s later, in the next window: 8 of ours, and the server counts 20 already.
    vi.advanceTimersByTime(1_100);
    for (let i = 0; i < 8; i++) await limiter.acquire();
    limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 30 }, half);
    expect(limiter.throttled).toBe(true);
  });

  test("alone, with gaps between the server's windows, our own requests are never taken for another client's", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    // Window 1 opens at +0; window 2 only at +1500 (nothing was sent in between); at +2200 the
    // server has counted 20 of ours in window 2, 10 of them sent before +2000.
    const opened = Date.now();
    await limiter.acquire();
    limiter.observe({ sentAt: opened, status: 200, rateLimited: false, limit: 50, remaining: 49 }, half);
    vi.advanceTimersByTime(1_500);
    for (let i = 0; i < 10; i++) await limiter.acquire();
    vi.advanceTimersByTime(700);
    for (let i = 0; i < 10; i++) await limiter.acquire();
    limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 30 }, half);
    expect(limiter.throttled).toBe(false);
  });

  /**
   * A walk alone: a first burst of 50 pages arriving 10 ms apart (answered 80 ms after), then a
   * second burst from +1100 ms, answered as a server counting `window` windows would: a sliding
   * one still counts the first burst's late pages, a fixed one has turned. Resolves whether the
   * limiter took the account for busy.
   */
  async function walkAlone(window: "fixed" | "sliding"): Promise<boolean> {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const t0 = Date.now();
    const arrivals: number[] = [];
    const answers: Array<() => void> = [];
    for (let i = 0; i < 50; i++) {
      vi.setSystemTime(t0 + 10 * i);
      await limiter.acquire();
      arrivals.push(Date.now());
      const sentAt = Date.now();
      answers.push(() => limiter.observe({ sentAt, answeredAt: sentAt + 80, status: 200, rateLimited: false, limit: 50, remaining: 49 - i }, half));
    }
    vi.setSystemTime(t0 + 570);
    for (const answer of answers) answer();
    for (let k = 0; k < 40; k++) {
      vi.setSystemTime(t0 + 1_100 + 10 * k);
      await limiter.acquire();
      const sentAt = Date.now();
      arrivals.push(sentAt);
      const counted = window === "sliding" ? arrivals.filter((a) => a > sentAt - 1_000).length : k + 1;
      vi.setSystemTime(sentAt + 80);
      limiter.observe({ sentAt, answeredAt: sentAt + 80, status: 200, rateLimited: false, limit: 50, remaining: 50 - counted }, half);
      vi.setSystemTime(sentAt);
    }
    return limiter.throttled;
  }

  test("alone against sliding windows, the pages of a walk's previous burst still counted are never taken for another client's", async () => {
    expect(await walkAlone("sliding")).toBe(false);
    expect(await walkAlone("fixed")).toBe(false);
  });

  test("alone, answers read out of order never make our own requests look like another client's", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const opened = Date.now();
    await limiter.acquire();
    limiter.observe({ sentAt: opened, status: 200, rateLimited: false, limit: 50, remaining: 49 }, half);
    // Window 2: a burst of 20 at +1500, one more request at +1800 whose short answer is read
    // before the burst's pages.
    vi.advanceTimersByTime(1_500);
    const burst = Date.now();
    for (let i = 0; i < 20; i++) await limiter.acquire();
    vi.advanceTimersByTime(300);
    await limiter.acquire();
    limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 29 }, half);
    limiter.observe({ sentAt: burst, status: 200, rateLimited: false, limit: 50, remaining: 30 }, half);
    expect(limiter.throttled).toBe(false);
  });

  test("refused with no turn known, the bucket seeks the turn from the earliest moment X-RateLimit-Reset allows, one request at a time", async () => {
    // 0.6 s into a unix second: the refusing window ends within the next whole second (reset).
    vi.setSystemTime(1_700_000_000_600);
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const sentAt = Date.now() - 40;
    const resetAtSeconds = 1_700_000_001;
    const refuse = (sent: number) =>
      limiter.observe({ sentAt: sent, status: 429, rateLimited: true, retryAfterMs: 1000, limit: 50, remaining: 0, resetAtSeconds }, half);
    refuse(sentAt);
    // The window ends after the request was sent and not before reset - 1 s: it can have turned
    // already, so the bucket tries again after SEEK_INTERVAL_MS, not after the whole-second
    // Retry-After (which would end at +1050), one request at a time.
    expect(limiter.pausedUntil).toBe(Date.now() + SEEK_INTERVAL_MS);
    expect(limiter.concurrency).toBe(1);
    const releases: Array<() => void> = [];
    const granted: number[] = [];
    for (let i = 0; i < 3; i++)
      void limiter.acquire().then((release) => {
        granted.push(Date.now());
        releases.push(release);
      });
    await vi.advanceTimersByTimeAsync(SEEK_INTERVAL_MS - 1);
    expect(granted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toEqual([Date.now()]);
    // A success sent before the seek began (a large page read late) does not end it.
    limiter.observe({ sentAt: sentAt - 10, status: 200, rateLimited: false, limit: 50, remaining: 3, resetAtSeconds }, half);
    expect(limiter.concurrency).toBe(1);
    // Refused again: the window had not turned when that request was sent; the next request
    // goes SEEK_INTERVAL_MS after this refusal, once this one has ended.
    vi.advanceTimersByTime(40);
    refuse(granted[0]!);
    expect(limiter.pausedUntil).toBe(Date.now() + SEEK_INTERVAL_MS);
    releases[0]!();
    await vi.advanceTimersByTimeAsync(SEEK_INTERVAL_MS - 1);
    expect(granted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(granted).toHaveLength(2);
    // Counted: the turn is known again and the bucket goes back to ceil(rate) in flight. The
    // refusals of the seeking requests did not cut the rate again (one full window, one cut).
    vi.advanceTimersByTime(40);
    limiter.observe({ sentAt: granted[1]!, status: 200, rateLimited: false, limit: 50, remaining: 40, resetAtSeconds: resetAtSeconds + 1 }, half);
    expect(limiter.rate).toBeGreaterThanOrEqual(50 * THROTTLE_BETA);
    expect(limiter.concurrency).toBe(Math.min(BUSY_IN_FLIGHT, Math.ceil(limiter.rate)));
    releases[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toHaveLength(3);
    // A later refusal with the turn known pauses until that turn (1 s after the counted request).
    refuse(Date.now());
    expect(limiter.pausedUntil).toBe(granted[1]! + 1000 + WINDOW_SLACK_MS + 50);
  });

  test("a minute window's refusal does not seek the 1 s window's turn", () => {
    vi.setSystemTime(1_700_000_000_600);
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    // The per-minute limit (1000) is the tighter one and resets within 2 s.
    limiter.observe(
      { sentAt: Date.now() - 40, status: 429, rateLimited: true, retryAfterMs: 2000, limit: 1000, remaining: 0, resetAtSeconds: 1_700_000_002 },
      half,
    );
    expect(limiter.concurrency).toBeGreaterThan(1);
    expect(limiter.pausedUntil).toBeGreaterThanOrEqual(Date.now() + 1_000);
  });

  test("a pause counts from the refusal's arrival, not from when it was read", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const arrived = Date.now();
    vi.advanceTimersByTime(300);
    limiter.observe({ sentAt: arrived - 40, answeredAt: arrived, status: 429, rateLimited: true, retryAfterMs: 1000, limit: 50, remaining: 0 }, half);
    expect(limiter.pausedUntil).toBe(arrived + 1050);
  });

  test("once busy, a window this process filled keeps the account busy (it hides whoever came after)", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    refused(limiter);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(1_100);
      for (let j = 0; j < 50; j++) void limiter.acquire();
      // Our 50 requests filled the window: no other client in the count, yet the account stays busy.
      limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 0 }, half);
    }
    expect(limiter.throttled).toBe(true);
  });

  test("a request keeps its place a whole window after its own answer, whichever window the server counted it in", async () => {
    const limiter = new AdaptiveRateLimiter({ perSecond: 2, perMinute: 100 });
    const start = Date.now();
    const first = await limiter.acquire();
    await vi.advanceTimersByTimeAsync(80);
    first();
    // The server counted it first in a fresh fixed window: limit - 1 remaining.
    limiter.observe({ sentAt: start, answeredAt: Date.now(), status: 200, rateLimited: false, limit: 2, remaining: 1 }, half);
    const secondSentAt = Date.now();
    const second = await limiter.acquire();
    await vi.advanceTimersByTimeAsync(220);
    second();
    limiter.observe({ sentAt: secondSentAt, answeredAt: Date.now(), status: 200, rateLimited: false, limit: 2, remaining: 0 }, half);
    const third = grantedAt(limiter);
    const fourth = grantedAt(limiter);
    await vi.advanceTimersByTimeAsync(3_000);
    // A sliding window ending when the fourth arrives must not hold the second: each place ends
    // 1 s (+ slack) after its own answer (start + 80, start + 300), never at a fixed window's turn.
    expect([await third, await fourth].sort((a, b) => a - b)).toEqual([start + 80 + 1_000 + WINDOW_SLACK_MS, start + 300 + 1_000 + WINDOW_SLACK_MS]);
  });

  test.each([-30_000, 30_000])("a server clock %i ms off ours leaves the limits and the waits as with agreeing clocks", async (offsetMs) => {
    const limiter = new AdaptiveRateLimiter(LIMITS);
    const start = Date.now();
    const serverNow = () => Date.now() + offsetMs;
    // A whole second's burst with answers whose X-RateLimit-Reset and Date are read on the server's clock.
    const releases = await Promise.all(Array.from({ length: 50 }, () => limiter.acquire()));
    await vi.advanceTimersByTimeAsync(40);
    for (const [i, release] of releases.entries()) {
      release();
      limiter.observe(
        {
          sentAt: start,
          answeredAt: Date.now(),
          status: 200,
          rateLimited: false,
          limit: 50,
          remaining: 49 - i,
          resetAtSeconds: Math.ceil((serverNow() + 960) / 1000),
          serverDate: Math.floor(serverNow() / 1000) * 1000,
        },
        half,
      );
    }
    expect(limiter.throttled).toBe(false);
    // The per-second limit was not taken for a per-minute one (that would hold the next burst a minute):
    // the next 50 go one window after the answers, and the 101st request one window after those.
    const next = Promise.all(Array.from({ length: 50 }, () => grantedAt(limiter).then((t) => t)));
    await vi.advanceTimersByTimeAsync(1_100);
    expect(Math.max(...(await next))).toBe(start + 40 + 1_000 + WINDOW_SLACK_MS);
    // A refusal without Retry-After pauses until the reset as the server meant it (about 1 s), never 30 s.
    limiter.observe(
      {
        sentAt: Date.now(),
        status: 429,
        rateLimited: true,
        limit: 50,
        remaining: 0,
        resetAtSeconds: Math.ceil((serverNow() + 1_000) / 1000),
        serverDate: Math.floor(serverNow() / 1000) * 1000,
      },
      half,
    );
    expect(limiter.pausedUntil - Date.now()).toBeLessThanOrEqual(2_000 + 250);
  });

  test("without a Date header, a reset 30 s off is no window of the request's and a 1 s limit is never learned as a minute's", async () => {
    for (const offsetMs of [-30_000, 30_000]) {
      const limiter = new AdaptiveRateLimiter(LIMITS);
      const start = Date.now();
      const releases = await Promise.all(Array.from({ length: 50 }, () => limiter.acquire()));
      for (const [i, release] of releases.entries()) {
        release();
        const resetAtSeconds = Math.ceil((Date.now() + offsetMs + 1_000) / 1000);
        limiter.observe({ sentAt: start, status: 200, rateLimited: false, limit: 50, remaining: 49 - i, resetAtSeconds }, half);
      }
      const next = Promise.all(Array.from({ length: 50 }, () => grantedAt(limiter)));
      await vi.advanceTimersByTimeAsync(1_100);
      expect(Math.max(...(await next))).toBe(start + 1_000 + WINDOW_SLACK_MS);
      await vi.advanceTimersByTimeAsync(2_000);
    }
  });

  test("a pause that begins while a request waits in the local gate holds that request too", async () => {
    const limiter = new AdaptiveRateLimiter({ perSecond: 1, perMinute: 100 });
    const first = await limiter.acquire();
    first();
    const start = Date.now();
    const second = grantedAt(limiter);
    await vi.advanceTimersByTimeAsync(100);
    refused(limiter, 5000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await second).toBeGreaterThanOrEqual(start + 100 + 5000);
  });

  test("a lower X-RateLimit-Limit from the server is learned (a smaller plan, an emulator's test limits)", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 5, remaining: 4, resetAtSeconds: Math.ceil(Date.now() / 1000) + 1 });
    expect(limiter.rate).toBe(5);
    expect(limiter.pagesInFlight()).toBe(5);
    // A minute window's figure (reset far away on a clock the Date header shows agrees) does not lower the per-second rate.
    const other = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const serverDate = Math.floor(Date.now() / 1000) * 1000;
    other.observe({
      sentAt: Date.now(),
      status: 200,
      rateLimited: false,
      limit: 40,
      remaining: 3,
      resetAtSeconds: Math.ceil(Date.now() / 1000) + 30,
      serverDate,
    });
    expect(other.rate).toBe(50);
  });

  test("an aborted signal ends a wait at once", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    refused(limiter, 30_000);
    const controller = new AbortController();
    const waiting = limiter.acquire({ signal: controller.signal });
    const outcome = waiting.then(
      () => "granted",
      (e: unknown) => e,
    );
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBeInstanceOf(RateWaitAborted);
  });

  test("the per-operation limits are a table keyed by API path; unknown paths get the API's general limit", () => {
    expect(operationRateLimit("/safari/mcp/server/disable")).toEqual({ perSecond: 50, perMinute: 1000, scope: "appKey" });
    expect(operationRateLimit("/safari/automation/rule/list")).toMatchObject({ scope: "account" });
    expect(operationRateLimit("/safari/some/new/operation")).toEqual({ perSecond: 50, perMinute: 1000, scope: "account" });
    expect(operationRateLimit("/safari/mcp/server/create")).toEqual({ perSecond: 20, perMinute: 300, scope: "appKey" });
    expect(Object.keys(OPERATION_RATE_LIMITS).sort()).toEqual(Object.values(PATHS).sort());
  });
});
