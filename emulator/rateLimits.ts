/**
 * Server-side rate limits (docs/platform-api.md "Rate limits and retries"): per operation, a
 * per-second and a per-minute window, keyed by app key (writes) or by account (reads), counted
 * as fixed windows (the default) or as sliding ones (see {@link RateLimitConfig.window}). Over
 * either window the request is refused with 429 `RequestTooFrequently` and the headers the
 * vendor SDK reads.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { LIMITS } from "../wire/protocol";
import { ApiError } from "./http/envelope";
import type { RateLimitConfig, RateWindowKind } from "./types";

/** Production limits (docs/platform-api.md "Rate limits and retries"): 50/s and 1000/min, fixed windows. */
export const PRODUCTION_LIMITS: RateLimitConfig = { perSecond: LIMITS.perSecond, perMinute: LIMITS.perMinute };

/** The `X-RateLimit-*` (and on 429 `Retry-After`) headers of one answer. */
export type RateLimitHeaders = Record<string, string>;

/**
 * The headers of one answer; on a clock `clockOffsetMs` ahead of this machine's, the answer's
 * `Date` too (as a server with that clock sends it; Node.js adds its own otherwise).
 */
function headers(limit: number, remaining: number, msBeforeNext: number, clockOffsetMs: number): RateLimitHeaders {
  return {
    ...(clockOffsetMs !== 0 ? { date: new Date(Date.now() + clockOffsetMs).toUTCString() } : {}),
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-reset": String(Math.ceil((Date.now() + clockOffsetMs + msBeforeNext) / 1000)),
  };
}

/**
 * The 429 answer, shared by the real limiter and the `rateLimit` fault. `retryAfterSeconds` is
 * whole seconds; `msBeforeReset` (default the same) sets `X-RateLimit-Reset`, read on a clock
 * `clockOffsetMs` ahead of this machine's (default 0).
 */
export function tooFrequently(limit: number, retryAfterSeconds: number, msBeforeReset = retryAfterSeconds * 1000, clockOffsetMs = 0): ApiError {
  return new ApiError("RequestTooFrequently", (m) => m.tooFrequently(retryAfterSeconds), {
    "retry-after": String(retryAfterSeconds),
    ...headers(limit, 0, msBeforeReset, clockOffsetMs),
  });
}

const WINDOW_KINDS: readonly RateWindowKind[] = ["fixed", "sliding"];
/** Largest clock offset accepted, in ms (a day either way). */
const MAX_CLOCK_OFFSET_MS = 86_400_000;

/** Throws when `value` is not usable as a limit configuration, naming the field. */
export function validateLimits(value: RateLimitConfig | false): void {
  if (value === false) return;
  for (const key of ["perSecond", "perMinute"] as const) {
    const n = value?.[key];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1) throw new Error(`limits.${key} must be a positive integer, got ${String(n)}`);
  }
  if (value.window !== undefined && !WINDOW_KINDS.includes(value.window)) {
    throw new Error(`limits.window must be one of ${WINDOW_KINDS.join(", ")}, got ${JSON.stringify(value.window)}`);
  }
  const offset = value.clockOffsetMs;
  if (offset !== undefined && (typeof offset !== "number" || !Number.isInteger(offset) || Math.abs(offset) > MAX_CLOCK_OFFSET_MS)) {
    throw new Error(`limits.clockOffsetMs must be an integer from -${MAX_CLOCK_OFFSET_MS} to ${MAX_CLOCK_OFFSET_MS} (ms), got ${String(offset)}`);
  }
}

/**
 * One window of one limit, as rate-limiter-flexible's limiters are: `consume` resolves to a
 * `RateLimiterRes` (points left, and `msBeforeNext`: ms until the window ends (fixed) or until
 * its oldest request leaves it (sliding)), and rejects with one when the request is refused.
 */
interface Window {
  readonly points: number;
  consume(key: string): Promise<RateLimiterRes>;
}

/**
 * A sliding log: at most `points` requests of a key in any `durationMs` ending now; a refused
 * request is not counted. Our own code because rate-limiter-flexible (the fixed windows above)
 * has no sliding window among its limiters, and the other maintained in-memory limiters count
 * fixed windows or token buckets (bottleneck, limiter); Upstash's sliding window needs Redis.
 */
class SlidingLog implements Window {
  readonly #logs = new Map<string, number[]>();

  constructor(
    readonly points: number,
    readonly durationMs: number,
  ) {}

  async consume(key: string): Promise<RateLimiterRes> {
    const now = Date.now();
    const log = (this.#logs.get(key) ?? []).filter((t) => t > now - this.durationMs);
    this.#logs.set(key, log);
    if (log.length >= this.points) throw new RateLimiterRes(0, log[0]! + this.durationMs - now, log.length);
    log.push(now);
    return new RateLimiterRes(this.points - log.length, log[0]! + this.durationMs - now, log.length);
  }
}

function window(kind: RateWindowKind, points: number, seconds: number): Window {
  return kind === "sliding" ? new SlidingLog(points, seconds * 1_000) : new RateLimiterMemory({ points, duration: seconds });
}

/** The emulator's rate limits: every operation's windows, by key. */
export class RateLimits {
  private second?: Window;
  private minute?: Window;
  private current: RateLimitConfig | false = false;
  /** Windows of operations with lower limits of their own, by their effective limits. */
  private capped = new Map<string, { second: Window; minute: Window }>();

  constructor(config: RateLimitConfig | false) {
    this.set(config);
  }

  /** The active limits, or false when off. */
  get config(): RateLimitConfig | false {
    return this.current === false ? false : { ...this.current };
  }

  /** Ms the clock of the `X-RateLimit-Reset` headers is ahead of this machine's (0 when limits are off). */
  get clockOffsetMs(): number {
    return this.current === false ? 0 : (this.current.clockOffsetMs ?? 0);
  }

  /** Replaces the limits; the windows start empty. */
  set(config: RateLimitConfig | false): void {
    validateLimits(config);
    this.current = config === false ? false : { ...config };
    this.second = config === false ? undefined : window(config.window ?? "fixed", config.perSecond, 1);
    this.minute = config === false ? undefined : window(config.window ?? "fixed", config.perMinute, 60);
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
  async consume(key: string, cap?: { perSecond: number; perMinute: number }): Promise<RateLimitHeaders | undefined> {
    const { second, minute } = cap === undefined ? { second: this.second, minute: this.minute } : this.windowsFor(cap);
    if (second === undefined || minute === undefined) return undefined;
    const perSecond = await this.take(second, key);
    const perMinute = await this.take(minute, key);
    const tighter = perMinute.res.remainingPoints < perSecond.res.remainingPoints ? perMinute : perSecond;
    return headers(tighter.limit, tighter.res.remainingPoints, tighter.res.msBeforeNext, this.clockOffsetMs);
  }

  /** The windows of an operation whose own limits are `cap`: the lower of `cap` and the emulator's limits. */
  private windowsFor(cap: { perSecond: number; perMinute: number }): { second?: Window; minute?: Window } {
    if (this.current === false) return {};
    const kind = this.current.window ?? "fixed";
    const perSecond = Math.min(cap.perSecond, this.current.perSecond);
    const perMinute = Math.min(cap.perMinute, this.current.perMinute);
    const id = `${perSecond}/${perMinute}`;
    let windows = this.capped.get(id);
    if (windows === undefined) {
      windows = { second: window(kind, perSecond, 1), minute: window(kind, perMinute, 60) };
      this.capped.set(id, windows);
    }
    return windows;
  }

  private async take(limiter: Window, key: string): Promise<{ res: RateLimiterRes; limit: number }> {
    try {
      return { res: await limiter.consume(key), limit: limiter.points };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw tooFrequently(limiter.points, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), rejection.msBeforeNext, this.clockOffsetMs);
    }
  }
}
