/** CUBIC's multiplicative decrease: the rate after a throttle is this fraction of the rate before. */
export const THROTTLE_BETA = 0.7;
/** CUBIC's scale constant (requests/s per s^3), as in the AWS SDKs' adaptive mode. */
export const CUBIC_SCALE = 0.4;
/** Lowest rate the adaptive bucket drops to, in requests per second. */
export const MIN_ADAPTIVE_RATE = 0.5;
/** A wait at least this long (ms) is reported through `onWait`, so a user sees why a call is slow. */
export const RATE_WAIT_NOTICE_MS = 500;
/**
 * Without a 429, another client's requests in the counts, or (once busy) a window this process
 * filled, for this long (ms), the limiter runs at full speed again.
 */
export const CONTENTION_MEMORY_MS = 2_500;
/**
 * While the account is busy, a rule walk keeps at most one page in flight per this many pages it
 * has left (see {@link AdaptiveRateLimiter.pagesInFlight}).
 */
export const PAGES_LEFT_PER_PAGE_IN_FLIGHT = 4;
/**
 * While the account is busy, a process keeps at most this many requests of one operation in
 * flight (see {@link AdaptiveRateLimiter.concurrency}; fewer once the adaptive rate drops below
 * it): about a fair share of a 50/s window among 6-8 processes. Each window then goes to many
 * processes instead of the two or three whose requests arrive first at its turn (bench/README.md,
 * "What the measurements decided"). At 40 ms a round trip, 8 requests in flight still fill a
 * window in a fifth of it, so a busy account loses no throughput.
 */
export const BUSY_IN_FLIGHT = 8;
/**
 * While a process seeks the turn of a window after refusals (see
 * {@link AdaptiveRateLimiter.observe}), at most one request per this many ms.
 */
export const SEEK_INTERVAL_MS = 50;
/**
 * How long (ms) our own sends are kept for telling our requests from other clients'.
 *
 * @internal
 */
export const OWN_SENDS_LOOKBACK_MS = 2_500;
/**
 * Our own sends this long (ms) before the earliest moment the server's window can have begun
 * still count as possibly in it (a request's latency can carry it over the turn).
 *
 * @internal
 */
export const OWN_SENDS_MARGIN_MS = 100;
/**
 * Requests the server counted beyond our own before it counts as another client's, per 1 s window.
 *
 * @internal
 */
export const OTHER_CLIENT_SLACK = 2;

/** What the limiter learns from one answer. */
export interface RateObservation {
  /** When the attempt passed the limiter (epoch ms). */
  sentAt: number;
  /**
   * When the answer's status line and headers arrived (epoch ms); default: when `observe` is
   * called. Server-given pauses count from here.
   */
  answeredAt?: number;
  /** HTTP status of the answer. */
  status: number;
  /** A rate-limit refusal: 429 or the code `RequestTooFrequently`. Never applied by the server. */
  rateLimited: boolean;
  /** The server's pause for a refusal (Retry-After, else X-RateLimit-Reset), in ms. */
  retryAfterMs?: number;
  /** `X-RateLimit-Limit` / `-Remaining` (counts) and `-Reset` (unix seconds, server's clock) when sent. */
  limit?: number;
  remaining?: number;
  resetAtSeconds?: number;
  /** The answer's `Date` header, epoch ms on the server's clock (whole seconds), when sent. */
  serverDate?: number;
}

/**
 * Clock offsets (server minus client, ms) within this are taken as none: the `Date` header has
 * whole seconds, so a smaller offset cannot be told from its rounding.
 *
 * @internal
 */
export const CLOCK_AGREEMENT_MS = 1_500;

/** Options of {@link AdaptiveRateLimiter.acquire}. */
export interface AcquireOptions {
  /** Ends the wait at once (rejecting with {@link RateWaitAborted}). */
  signal?: AbortSignal;
  /** Called at most once per acquire, when it is about to wait at least {@link RATE_WAIT_NOTICE_MS}, with the wait in ms. */
  onWait?: (waitMs: number) => void;
  /**
   * This acquire is the retry of a request the server refused (429), after its `Retry-After`:
   * it no longer counts as waiting out a refusal (see {@link AdaptiveRateLimiter.pagesInFlight}).
   */
  afterRefusal?: boolean;
}

/** The rejection of an acquire whose `signal` aborted while it waited. */
export class RateWaitAborted extends Error {
  override readonly name = "RateWaitAborted";
}

/**
 * Jitter added to a server-given pause of `pauseMs`, in ms: uniform in [0, min(pauseMs / 10,
 * 250)), from `random` (the retry policy's source). Clients refused in the same window then do
 * not all come back in the same millisecond.
 */
export function pauseJitterMs(pauseMs: number, random: () => number): number {
  return Math.floor(random() * Math.min(pauseMs / 10, 250));
}
