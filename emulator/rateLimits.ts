/**
 * Server-side rate limits (docs/platform-api.md "Rate limits and retries"): per operation, a per-second and a per-minute fixed
 * window, keyed by app key (disable, enable) or by account (get, lists). Over either window the
 * request is refused with 429 `RequestTooFrequently` and the headers the vendor SDK reads.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { LIMITS } from "../wire/protocol";
import { ApiError } from "./envelope";
import type { RateLimitConfig } from "./types";

/** Production limits (docs/platform-api.md "Rate limits and retries"): 50/s and 1000/min. */
export const PRODUCTION_LIMITS: RateLimitConfig = { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute };

/** The `X-RateLimit-*` (and on 429 `Retry-After`) headers of one answer. */
export type RateLimitHeaders = Record<string, string>;

function headers(limit: number, remaining: number, msBeforeNext: number): RateLimitHeaders {
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(Math.ceil((Date.now() + msBeforeNext) / 1000)),
  };
}

/** The 429 answer, shared by the real limiter and the `rateLimit` fault. */
export function tooFrequently(limit: number, retryAfterSeconds: number, msBeforeReset = retryAfterSeconds * 1000): ApiError {
  return new ApiError("RequestTooFrequently", (m) => m.tooFrequently(retryAfterSeconds), {
    "retry-after": String(retryAfterSeconds),
    ...headers(limit, 0, msBeforeReset),
  });
}

/** Throws when `value` is not usable as a limit configuration. */
export function validateLimits(value: RateLimitConfig | false): void {
  if (value === false) return;
  for (const key of ["perSecond", "perMinute"] as const) {
    const n = value?.[key];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1) throw new Error(`limits.${key} must be a positive integer, got ${String(n)}`);
  }
}

export class RateLimits {
  private second?: RateLimiterMemory;
  private minute?: RateLimiterMemory;
  private current: RateLimitConfig | false = false;
  /** Windows of operations with lower limits of their own, by their effective limits. */
  private capped = new Map<string, { second: RateLimiterMemory; minute: RateLimiterMemory }>();

  constructor(config: RateLimitConfig | false) {
    this.set(config);
  }

  /** The active limits, or false when off. */
  get config(): RateLimitConfig | false {
    return this.current === false ? false : { ...this.current };
  }

  /** Replaces the limits; the windows start empty. */
  set(config: RateLimitConfig | false): void {
    validateLimits(config);
    this.current = config === false ? false : { ...config };
    this.second = config === false ? undefined : new RateLimiterMemory({ points: config.perSecond, duration: 1 });
    this.minute = config === false ? undefined : new RateLimiterMemory({ points: config.perMinute, duration: 60 });
    this.capped = new Map();
  }

  /** Empties the windows, keeping the limits. */
  clear(): void {
    this.set(this.current);
  }

  /**
   * Takes one request from `key`'s windows. Resolves to the headers describing the tighter
   * window, or undefined when limits are off; rejects with the 429 `ApiError`. A request refused
   * by the per-second window does not use up the per-minute one.
   */
  async consume(key: string, cap?: RateLimitConfig): Promise<RateLimitHeaders | undefined> {
    const { second, minute } = cap === undefined ? { second: this.second, minute: this.minute } : this.windowsFor(cap);
    if (second === undefined || minute === undefined) return undefined;
    const perSecond = await this.take(second, key);
    const perMinute = await this.take(minute, key);
    const tighter = perMinute.res.remainingPoints < perSecond.res.remainingPoints ? perMinute : perSecond;
    return headers(tighter.limit, tighter.res.remainingPoints, tighter.res.msBeforeNext);
  }

  /** The windows of an operation whose own limits are `cap`: the lower of `cap` and the emulator's limits. */
  private windowsFor(cap: RateLimitConfig): { second?: RateLimiterMemory; minute?: RateLimiterMemory } {
    if (this.current === false) return {};
    const perSecond = Math.min(cap.perSecond, this.current.perSecond);
    const perMinute = Math.min(cap.perMinute, this.current.perMinute);
    const id = `${perSecond}/${perMinute}`;
    let windows = this.capped.get(id);
    if (windows === undefined) {
      windows = { second: new RateLimiterMemory({ points: perSecond, duration: 1 }), minute: new RateLimiterMemory({ points: perMinute, duration: 60 }) };
      this.capped.set(id, windows);
    }
    return windows;
  }

  private async take(limiter: RateLimiterMemory, key: string): Promise<{ res: RateLimiterRes; limit: number }> {
    try {
      return { res: await limiter.consume(key), limit: limiter.points };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooFrequently(limiter.points, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), rejection.msBeforeNext);
    }
  }
}
