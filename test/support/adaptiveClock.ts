/**
 * What the tests of the adaptive rate limit share: the production limits of one operation, a
 * fixed random source, fake timers from a fixed epoch, when an acquire let a request go, and a
 * refusal as the limiter observes it.
 */
import { afterEach, beforeEach, vi } from "vitest";
import type { AdaptiveRateLimiter } from "../../sdk/rateLimit";

/** Production limits of one operation: 50 per second, 1000 per minute. */
export const LIMITS = { perSecond: 50, perMinute: 1000 };
/** A random source that always answers 0.5 (half of every jitter). */
export const half = () => 0.5;

/** Fake timers from a fixed epoch for each test of the file that calls this. */
export function useFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Resolves to the fake time at which `acquire` let the request go. */
export async function grantedAt(limiter: AdaptiveRateLimiter, options: Parameters<AdaptiveRateLimiter["acquire"]>[0] = {}): Promise<number> {
  await limiter.acquire(options);
  return Date.now();
}

/** A 429 with `Retry-After` as the limiter observes it. */
export function refused(limiter: AdaptiveRateLimiter, retryAfterMs = 1000, sentAt = Date.now()): void {
  limiter.observe({ sentAt, status: 429, rateLimited: true, retryAfterMs, limit: 50, remaining: 0 }, half);
}
