/**
 * The adaptive part of the client's rate limit (sdk/rateLimit.ts, `AdaptiveRateLimiter`) and the
 * retry loop's treatment of rate-limit refusals (sdk/retry.ts), on vitest's fake clock: pauses
 * on Retry-After with jitter, CUBIC cut and climb, X-RateLimit-Remaining, the learned limit,
 * pages in flight, the deadline. The multi-process behaviour is in
 * test/reliability/sharedAccount.test.ts.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FlashdutyApiError } from "../../sdk";
import {
  AdaptiveRateLimiter,
  CONTENTION_MEMORY_MS,
  CUBIC_SCALE,
  OPERATION_RATE_LIMITS,
  RateWaitAborted,
  THROTTLE_BETA,
  operationRateLimit,
  pauseJitterMs,
} from "../../sdk/rateLimit";
import { runWithRetries, type AttemptResult } from "../../sdk/retry";

const LIMITS = { perSecond: 50, perMinute: 1000 };
const half = () => 0.5;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Resolves to the fake time at which `acquire` let the request go. */
async function grantedAt(limiter: AdaptiveRateLimiter, options: Parameters<AdaptiveRateLimiter["acquire"]>[0] = {}): Promise<number> {
  await limiter.acquire(options);
  return Date.now();
}

function refused(limiter: AdaptiveRateLimiter, retryAfterMs = 1000, sentAt = Date.now()): void {
  limiter.observe({ sentAt, status: 429, rateLimited: true, retryAfterMs, limit: 50, remaining: 0 }, half);
}

describe("AdaptiveRateLimiter", () => {
  test("alone on the account nothing waits: 100 requests with answers that show only our own use", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const start = Date.now();
    for (let i = 0; i < 100; i++) {
      expect(await grantedAt(limiter)).toBe(start);
      limiter.observe({ sentAt: start, status: 200, rateLimited: false, limit: 50, remaining: Math.max(0, 49 - i), resetAtSeconds: Math.ceil(start / 1000) + 1 });
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
    // A walk keeps half a second's worth of the rate in flight while throttled.
    expect(limiter.pagesInFlight()).toBe(Math.ceil((50 * THROTTLE_BETA * THROTTLE_BETA) / 2));
  });

  test("successes climb back along the cubic curve to the limit, and the bucket turns off once the account is quiet", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    refused(limiter);
    const ok = () => limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false });
    const k = Math.cbrt((50 * (1 - THROTTLE_BETA)) / CUBIC_SCALE);
    vi.advanceTimersByTime(1000);
    ok();
    expect(limiter.rate).toBeCloseTo(CUBIC_SCALE * (1 - k) ** 3 + 50, 5);
    expect(limiter.rate).toBeLessThan(50);
    vi.advanceTimersByTime(k * 1000 - 1000);
    ok();
    expect(limiter.rate).toBeCloseTo(50, 3);
    expect(limiter.throttled).toBe(true);
    vi.advanceTimersByTime(CONTENTION_MEMORY_MS);
    ok();
    expect(limiter.throttled).toBe(false);
    expect(limiter.rate).toBe(50);
  });

  test("while throttled, requests are spaced 1000 / rate ms apart after a small burst", async () => {
    const limiter = new AdaptiveRateLimiter({ perSecond: 10, perMinute: 1000 }, { gate: false });
    refused(limiter, 1000);
    // rate 7/s: a burst of floor(7 / 4) = 1, then one every 1000 / 7 ms, all after the pause.
    const times = Promise.all(Array.from({ length: 5 }, () => grantedAt(limiter)));
    await vi.advanceTimersByTimeAsync(5000);
    const at = await times;
    const pausedUntil = limiter.pausedUntil;
    expect(at[0]).toBeGreaterThanOrEqual(pausedUntil);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(Math.floor(1000 / 7));
  });

  test("X-RateLimit-Remaining 0 pauses until the window's reset only when other clients are seen", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    const now = Date.now();
    const resetAtSeconds = Math.ceil(now / 1000) + 1;
    // Our own 0 requests in the last second, but the server counted 50: another client is there.
    limiter.observe({ sentAt: now, status: 200, rateLimited: false, limit: 50, remaining: 0, resetAtSeconds });
    expect(limiter.pausedUntil).toBe(Math.min(resetAtSeconds * 1000, now + 1000));
    expect(limiter.throttled).toBe(false);
  });

  test("a lower X-RateLimit-Limit from the server is learned (a smaller plan, an emulator's test limits)", () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    limiter.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 5, remaining: 4, resetAtSeconds: Math.ceil(Date.now() / 1000) + 1 });
    expect(limiter.rate).toBe(5);
    expect(limiter.pagesInFlight()).toBe(5);
    // A minute window's figure (reset far away) does not lower the per-second rate.
    const other = new AdaptiveRateLimiter(LIMITS, { gate: false });
    other.observe({ sentAt: Date.now(), status: 200, rateLimited: false, limit: 40, remaining: 3, resetAtSeconds: Math.ceil(Date.now() / 1000) + 30 });
    expect(other.rate).toBe(50);
  });

  test("an aborted signal ends a wait at once", async () => {
    const limiter = new AdaptiveRateLimiter(LIMITS, { gate: false });
    refused(limiter, 30_000);
    const controller = new AbortController();
    const waiting = limiter.acquire({ signal: controller.signal });
    const outcome = waiting.then(() => "granted", (e: unknown) => e);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBeInstanceOf(RateWaitAborted);
  });

  test("the per-operation limits are a table keyed by API path; unknown paths get the API's general limit", () => {
    expect(operationRateLimit("/safari/mcp/server/disable")).toEqual({ perSecond: 50, perMinute: 1000, scope: "appKey" });
    expect(operationRateLimit("/safari/automation/rule/list")).toMatchObject({ scope: "account" });
    expect(operationRateLimit("/safari/some/new/operation")).toEqual({ perSecond: 50, perMinute: 1000, scope: "account" });
    expect(Object.keys(OPERATION_RATE_LIMITS)).toHaveLength(11);
  });
});

describe("runWithRetries and refusals", () => {
  const refusal = (retryAfterMs = 1000): AttemptResult<string> => ({
    ok: false,
    failure: {
      retryable: true,
      rateLimited: true,
      outcomeUnknown: false,
      retryAfterMs,
      summary: "RequestTooFrequently, HTTP 429",
      toError: (final) =>
        new FlashdutyApiError({ operation: "POST /x", code: "RequestTooFrequently", httpStatus: 429, serverMessage: "slow down", ...final }),
    },
  });

  test("refusals use no retries: maxRetries 0 and five 429s still succeed, each retry after Retry-After plus jitter", async () => {
    const sent: number[] = [];
    const waits: number[] = [];
    const call = runWithRetries<string>({
      operation: "POST /x",
      maxRetries: 0,
      nonIdempotent: true,
      random: half,
      deadlineAt: Date.now() + 600_000,
      onRateLimitWait: (ms) => waits.push(ms),
      attempt: async (n) => {
        sent.push(Date.now());
        return n <= 5 ? refusal() : { ok: true, value: "done" };
      },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(call).resolves.toBe("done");
    expect(sent).toHaveLength(6);
    for (let i = 1; i < sent.length; i++) expect(sent[i]! - sent[i - 1]!).toBe(1050);
    expect(waits).toEqual([1050, 1050, 1050, 1050, 1050]);
  });

  test("a refusal whose wait would end past the deadline is final, with the attempts made and nothing applied", async () => {
    const call = runWithRetries<string>({
      operation: "POST /x",
      maxRetries: 3,
      nonIdempotent: true,
      random: half,
      deadlineAt: Date.now() + 2_500,
      attempt: async () => refusal(),
    });
    const outcome = call.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = (await outcome) as FlashdutyApiError;
    expect(error).toBeInstanceOf(FlashdutyApiError);
    expect(error.code).toBe("RequestTooFrequently");
    // Sent at 0 and 1050 ms; the third would come at 2100 + 1050 > 2500.
    expect(error.attempts).toBe(3);
    expect(error.mayHaveApplied).toBe(false);
  });

  test("other failures keep their retry count while refusals do not use it", async () => {
    let n = 0;
    const serverError: AttemptResult<string> = {
      ok: false,
      failure: {
        retryable: true,
        outcomeUnknown: false,
        summary: "InternalError, HTTP 500",
        toError: (final) => new FlashdutyApiError({ operation: "POST /x", code: "InternalError", httpStatus: 500, serverMessage: "boom", ...final }),
      },
    };
    const call = runWithRetries<string>({
      operation: "POST /x",
      maxRetries: 1,
      nonIdempotent: false,
      random: half,
      deadlineAt: Date.now() + 600_000,
      attempt: async () => (++n % 2 === 1 ? refusal() : serverError),
    });
    const outcome = call.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = (await outcome) as FlashdutyApiError;
    // refusal, 500 (retry 1 of 1), refusal, 500 (no retry left).
    expect(error.code).toBe("InternalError");
    expect(error.attempts).toBe(4);
  });
});
