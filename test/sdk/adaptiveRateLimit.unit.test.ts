/**
 * The adaptive part of the client's rate limit (sdk/rateLimit/adaptiveLimiter.ts,
 * `AdaptiveRateLimiter`) on vitest's fake clock: alone nothing waits; pauses on Retry-After with
 * jitter; CUBIC cut and climb; X-RateLimit-Remaining; requests and pages in flight. At the turn of
 * the server's windows: adaptiveRateLimitWindows.unit.test.ts; the retry loop's refusals:
 * retryRefusals.unit.test.ts; several processes: test/reliability/sharedAccountProcesses.test.ts.
 */
import { describe, expect, test, vi } from "vitest";
import {
  AdaptiveRateLimiter,
  CONTENTION_MEMORY_MS,
  CUBIC_SCALE,
  PAGES_LEFT_PER_PAGE_IN_FLIGHT,
  BUSY_IN_FLIGHT,
  WINDOW_SLACK_MS,
  THROTTLE_BETA,
  pauseJitterMs,
} from "../../sdk/rateLimit";

import { grantedAt, half, LIMITS, refused, useFakeClock } from "../support/adaptiveClock";

useFakeClock();

describe("AdaptiveRateLimiter", () => {
  test("alone on the account nothing waits: 100 requests with answers that show only our own use", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const start = Date.now();
    for (let i = 0; i < 100; i++) {
      expect(await grantedAt(limiter)).toBe(start);
      limiter.observe({
        sentAt: start,
        status: 200,
        rateLimited: false,
        limit: 50,
        remaining: Math.max(0, 49 - i),
        resetAtSeconds: Math.ceil(start / 1000) + 1,
      });
    }
    expect(limiter.throttled).toBe(false);
    expect(limiter.pagesInFlight()).toBe(50);
  });

  test("a 429 pauses every request of the bucket until Retry-After plus jitter, and says so once per acquire", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const start = Date.now();
    refused(limiter, 1000);
    // Jitter: half of min(1000 / 10, 250) = 50 ms with random() = 0.5.
    expect(pauseJitterMs(1000, half)).toBe(50);
    expect(limiter.pausedUntil).toBe(start + 1050);
    const waits: number[] = [];
    const first = grantedAt(limiter, { onWait: (ms) => waits.push(ms) });
    const second = grantedAt(limiter);
    await vi.advanceTimersByTimeAsync(1049);
    expect(waits).toEqual([1050]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await first).toBeGreaterThanOrEqual(start + 1050);
    expect(await second).toBeGreaterThanOrEqual(start + 1050);
  });

  test("the rate is cut by beta once per pause: refusals of requests sent before the cut do not cut again", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const sentBefore = Date.now();
    vi.advanceTimersByTime(10);
    refused(limiter, 1000, sentBefore);
    expect(limiter.rate).toBeCloseTo(50 * THROTTLE_BETA);
    refused(limiter, 1000, sentBefore);
    expect(limiter.rate).toBeCloseTo(50 * THROTTLE_BETA);
    vi.advanceTimersByTime(1);
    refused(limiter, 1000, Date.now());
    expect(limiter.rate).toBeCloseTo(50 * THROTTLE_BETA * THROTTLE_BETA);
    // While throttled: ceil(rate) requests in flight, at most BUSY_IN_FLIGHT; a walk one page
    // per 4 it has left, besides the refused pages that wait out their Retry-After (1 s plus at
    // most 100 ms of jitter here).
    expect(Math.ceil(50 * THROTTLE_BETA * THROTTLE_BETA)).toBeGreaterThan(BUSY_IN_FLIGHT);
    expect(limiter.concurrency).toBe(BUSY_IN_FLIGHT);
    expect(limiter.waitingOutRefusals).toBe(3);
    expect(limiter.pagesInFlight()).toBe(BUSY_IN_FLIGHT + 3);
    vi.advanceTimersByTime(1_100);
    expect(limiter.waitingOutRefusals).toBe(0);
    expect(limiter.pagesInFlight()).toBe(BUSY_IN_FLIGHT);
    expect(limiter.pagesInFlight(100)).toBe(BUSY_IN_FLIGHT);
    expect(limiter.pagesInFlight(20)).toBe(20 / PAGES_LEFT_PER_PAGE_IN_FLIGHT);
    expect(limiter.pagesInFlight(1)).toBe(2);
  });

  test("a refused request waits out its Retry-After outside a walk's pages in flight, until its retry acquires", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    refused(limiter, 1000);
    refused(limiter, 1000);
    expect(limiter.waitingOutRefusals).toBe(2);
    expect(limiter.pagesInFlight(100)).toBe(BUSY_IN_FLIGHT + 2);
    // One retry comes back after its Retry-After: only the other still waits.
    vi.advanceTimersByTime(1_000);
    const retried = limiter.acquire({ afterRefusal: true });
    expect(limiter.waitingOutRefusals).toBe(1);
    // A new request (not a retry) changes nothing.
    const fresh = limiter.acquire();
    expect(limiter.waitingOutRefusals).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all([retried, fresh]);
    // A call that gave up never retries: its wait expires by itself.
    expect(limiter.waitingOutRefusals).toBe(0);
  });

  test("successes climb back along the cubic curve while the account is busy, and full speed returns once it is quiet", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    refused(limiter);
    // Answers that show 40 requests of others in the window: still busy, but room left.
    const busyOk = () => limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 10 }, half);
    const k = Math.cbrt((50 * (1 - THROTTLE_BETA)) / CUBIC_SCALE);
    vi.advanceTimersByTime(1000);
    busyOk();
    expect(limiter.rate).toBeCloseTo(CUBIC_SCALE * (1 - k) ** 3 + 50, 5);
    expect(limiter.rate).toBeLessThan(50);
    vi.advanceTimersByTime(k * 1000 - 1000);
    busyOk();
    expect(limiter.rate).toBeCloseTo(50, 3);
    expect(limiter.throttled).toBe(true);
    // Quiet: no refusal, only our own requests counted, for CONTENTION_MEMORY_MS.
    vi.advanceTimersByTime(CONTENTION_MEMORY_MS);
    limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 50, remaining: 48 }, half);
    expect(limiter.throttled).toBe(false);
    expect(limiter.rate).toBe(50);
    expect(limiter.pagesInFlight(100)).toBe(50);
  });

  test("while throttled, at most ceil(rate) requests are in flight; an answer lets the next one go", async () => {
    const limiter = new AdaptiveRateLimiter({ perSecond: 10, perMinute: 1000 }, { gate: false });
    refused(limiter, 1000);
    expect(limiter.concurrency).toBe(7);
    const granted: number[] = [];
    const releases: Array<() => void> = [];
    for (let i = 0; i < 9; i++)
      void limiter.acquire().then((release) => {
        granted.push(i);
        releases.push(release);
      });
    await vi.advanceTimersByTimeAsync(1_100);
    expect(granted).toHaveLength(7);
    releases[0]!();
    releases[0]!(); // a second call does nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toHaveLength(8);
  });

  test("X-RateLimit-Remaining 0 pauses until the turn of the window only when other clients are seen", () => {
    const alone = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const now = Date.now();
    const resetAtSeconds = Math.ceil(now / 1000) + 1;
    // Alone: our 50 requests of the window explain the count; nothing pauses.
    for (let i = 0; i < 50; i++) void alone.acquire();
    alone.observe({ sentAt: now, status: 200, rateLimited: false, limit: 50, remaining: 0, resetAtSeconds }, half);
    expect(alone.pausedUntil).toBe(0);
    expect(alone.throttled).toBe(false);
    // Our own 0 requests in the last second, but the server counted 50: another client is there.
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    limiter.observe({ sentAt: now, status: 200, rateLimited: false, limit: 50, remaining: 0, resetAtSeconds }, half);
    // The window holds our request sent `now`: it turns 1 s later (+ slack + jitter 50 ms), or at the reset if sooner.
    expect(limiter.pausedUntil).toBe(Math.min(resetAtSeconds * 1000, now + 1000 + WINDOW_SLACK_MS + 50));
    expect(limiter.throttled).toBe(true);
  });
});
