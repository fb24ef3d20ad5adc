/**
 * The retry policy of the client, in one place.
 *
 * - Retried: HTTP 429, 500, 502, 503, 504 (or the codes `RequestTooFrequently`, `InternalError`,
 *   `ServiceUnavailable`, since the body's code is authoritative), connection errors, timeouts.
 *   Any other answer (400, 401, 403, 404...) is final.
 * - A rate-limit refusal (429 / `RequestTooFrequently`) was not applied, so it is always safe to
 *   send again: it is retried for as long as the call's deadline (`deadlineMs`, default 10 min,
 *   from the call's start) allows, and does not use up `maxRetries`. It waits the server's
 *   `Retry-After` (else `X-RateLimit-Reset`; else the backoff below) plus a jitter of up to a
 *   tenth of it (at most 250 ms), counted from the refusal's arrival; a wait that would end past
 *   the deadline is not started: the refusal is thrown at once.
 * - Any other retryable failure: at most `maxRetries` attempts beyond the first (default 3).
 *   Delay before retry n (1-based): full jitter, uniform in [0, min(30 s, 500 ms * 2^(n-1))],
 *   and never earlier than the server asked with `Retry-After` (seconds or HTTP date). A server
 *   that asks for more than {@link MAX_HONORED_RETRY_AFTER_MS} gets no retry: the error is thrown
 *   at once rather than blocking the caller for that long or retrying earlier than asked. No
 *   retry starts past the deadline either.
 * - Every attempt passes the client-side rate limit first (`sdk/rateLimit/`) and holds its
 *   place there until its answer begins; the jitter's random source is injectable (`random`).
 */
import type { IncomingHttpHeaders } from "node:http";
import { ABORTED, sleepUnlessAborted, untilAborted } from "./abortableWait";
import type { FlashdutyError } from "./errors";
import { pauseJitterMs, RATE_WAIT_NOTICE_MS, RateWaitAborted } from "./rateLimit";

/** Base of the exponential backoff, in milliseconds. */
export const RETRY_BASE_DELAY_MS = 500;
/** Cap of the exponential backoff, in milliseconds. */
export const RETRY_MAX_DELAY_MS = 30_000;
/**
 * Longest server-requested wait (Retry-After) the client sleeps through for a failure other than
 * a rate-limit refusal, in ms. Refusals are bounded by the call's deadline instead.
 */
export const MAX_HONORED_RETRY_AFTER_MS = 60_000;

/** HTTP statuses that are retried. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/** Wire codes that are retried whatever the HTTP status says. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set(["RequestTooFrequently", "InternalError", "ServiceUnavailable"]);

/**
 * Full-jitter backoff before retry number `retry` (1 for the first retry), in ms:
 * uniform in [0, min(cap, base * 2^(retry-1))].
 */
export function backoffDelayMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The furthest `X-RateLimit-Reset` (ms from now) taken as the server's pause: the 60 s window plus 1 s of rounding. */
const MAX_PLAUSIBLE_RESET_MS = 61_000;

/**
 * How long the server asked the client to wait, in ms from `now`, or `undefined` if it did not:
 * `Retry-After` as delta seconds or HTTP date; on a rate-limit answer (`rateLimited`) without a
 * `Retry-After`, `X-RateLimit-Reset` as unix seconds when it lies 0-61 s ahead (else the
 * server's clock is off from ours, and it is ignored).
 *
 * `Retry-After` wins when both are sent: it is the answer's own instruction, while the reset is a
 * whole unix second that the platform may round up past the window's real end (up to 1 s later).
 * Waiting for the later of the two made every refused client sit out a whole extra window
 * (bench/README.md, "What the measurements decided").
 */
export function serverRequestedDelayMs(headers: IncomingHttpHeaders, rateLimited: boolean, now: number = Date.now()): number | undefined {
  let delay: number | undefined;
  const retryAfter = header(headers, "retry-after")?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) {
      delay = Math.ceil(Number(retryAfter) * 1000);
    } else {
      const at = Date.parse(retryAfter);
      if (!Number.isNaN(at)) delay = Math.max(0, at - now);
    }
  }
  const reset = header(headers, "x-ratelimit-reset")?.trim();
  if (delay === undefined && rateLimited && reset && /^\d+(\.\d+)?$/.test(reset)) {
    // A reset is a moment on the server's clock: one in the past, or further off than the
    // longest window (60 s), says the clocks disagree, and the backoff decides instead.
    const untilReset = Math.ceil(Number(reset) * 1000 - now);
    if (untilReset > 0 && untilReset <= MAX_PLAUSIBLE_RESET_MS) delay = untilReset;
  }
  return delay;
}

/** Facts about a failed attempt, known before the final error is built. */
export interface AttemptFailure {
  /** Whether this failure may be retried. */
  retryable: boolean;
  /** A rate-limit refusal (429 / `RequestTooFrequently`): never applied, retried until the deadline. */
  rateLimited?: boolean;
  /** Whether this attempt may have been applied on the server with an unknown outcome. */
  outcomeUnknown: boolean;
  /** Server-requested wait in ms, if any. */
  retryAfterMs?: number;
  /**
   * When the answer's status line and headers arrived (epoch ms), if an answer came: a
   * server-given pause counts from here, not from when the body was read and parsed (a client
   * busy with a burst of pages may read a refusal a few hundred ms after it arrived).
   */
  answeredAt?: number;
  /** For the log line: code and/or status and request id, e.g. `"RequestTooFrequently, HTTP 429, request id r1"`. */
  summary: string;
  /** Builds the error thrown if this is the last attempt. */
  toError(final: { attempts: number; mayHaveApplied: boolean }): FlashdutyError;
}

/** Outcome of one attempt. */
export type AttemptResult<T> = { ok: true; value: T } | { ok: false; failure: AttemptFailure };

/** Inputs of {@link runWithRetries}. */
export interface RetryLoopOptions<T> {
  /** `"POST /safari/..."`, for log lines. */
  operation: string;
  /** Retries beyond the first attempt. */
  maxRetries: number;
  /** Non-idempotent writes (disable/enable, rule create) report `mayHaveApplied`; reads never do. */
  nonIdempotent: boolean;
  /**
   * Waits for the client-side rate limit before every attempt; the attempt reports back when the
   * server's answer began (see `attempt`), or else when the attempt ended. Receives the caller's
   * signal (a wait ends at once when it aborts, rejecting with `RateWaitAborted`), the hook
   * for long waits, and whether the attempt retries a refusal (`afterRefusal`).
   */
  gate?: (options: { signal?: AbortSignal; onWait?: (waitMs: number) => void; afterRefusal?: boolean }) => Promise<(unsent?: boolean) => void>;
  /** Epoch ms after which no retry starts (see the file comment); default none. */
  deadlineAt?: number;
  /**
   * Called when the call is about to wait at least {@link RATE_WAIT_NOTICE_MS} on the rate limit
   * (a refusal's pause, or other requests' pause in the shared limiter), with the wait in ms.
   */
  onRateLimitWait?: (waitMs: number) => void;
  /** Receives one line per retry. */
  log?: (message: string) => void;
  /**
   * Performs attempt number `attempt` (1-based). Must not throw for HTTP-level failures. Calls
   * `answered` as soon as the response's status line and headers have arrived: the request has
   * reached the server by then, so its place in the rate gate's windows counts one more window
   * from there (see `RateRelease`).
   */
  attempt: (attempt: number, answered: () => void) => Promise<AttemptResult<T>>;
  /** Source of jitter, [0, 1). */
  random?: () => number;
  /**
   * The caller's signal: a wait in the rate gate or between retries ends at once when it aborts
   * (the attempt in flight is aborted by `attempt`, which watches the same signal).
   */
  signal?: AbortSignal;
  /** Builds the error thrown when `signal` aborts the call outside an attempt. */
  abortError?: (
    stage: "before sending" | "waiting for the rate limit" | "waiting to retry",
    final: { attempts: number; mayHaveApplied: boolean },
  ) => FlashdutyError;
}

const noop = (): void => undefined;

/**
 * Runs `attempt` until it succeeds, fails for good, or the retries are spent; throws the final
 * {@link FlashdutyError} with `attempts` and `mayHaveApplied` filled in.
 *
 * Why a loop of our own instead of undici's RetryHandler / retry interceptor: undici's retry
 * cannot gate each attempt with our rate limiter (it re-dispatches below the limiter), cannot
 * do full jitter (its backoff is deterministic exponential), and cannot report to the caller
 * whether an earlier attempt of a non-idempotent request may have been applied (it throws only
 * the last failure). All three are requirements here, so the loop is written out.
 */
export async function runWithRetries<T>(opts: RetryLoopOptions<T>): Promise<T> {
  const random = opts.random ?? Math.random;
  let mayHaveApplied = false;
  let retries = 0;
  let refusals = 0;
  /** The last attempt was a rate-limit refusal: the next one is its retry after `Retry-After`. */
  let lastRefused = false;
  const notify = (waitMs: number): void => {
    if (opts.onRateLimitWait === undefined || waitMs < RATE_WAIT_NOTICE_MS) return;
    try {
      opts.onRateLimitWait(waitMs);
    } catch {
      // A broken hook must not fail the call.
    }
  };
  const aborted = (stage: Parameters<NonNullable<RetryLoopOptions<T>["abortError"]>>[0], attempts: number): FlashdutyError =>
    opts.abortError!(stage, { attempts, mayHaveApplied });
  for (let attempt = 1; ; attempt++) {
    if (opts.signal?.aborted) throw aborted(attempt === 1 ? "before sending" : "waiting to retry", attempt - 1);
    let release: (() => void) | undefined;
    if (opts.gate) {
      const pending = opts.gate({ ...(opts.signal ? { signal: opts.signal } : {}), onWait: notify, afterRefusal: lastRefused });
      let gated: (() => void) | typeof ABORTED;
      try {
        gated = await untilAborted(pending, opts.signal);
      } catch (error) {
        if (error instanceof RateWaitAborted) gated = ABORTED;
        else throw error;
      }
      if (gated === ABORTED) {
        // Give the place back unsent as soon as it is granted.
        pending.then(
          (r) => r(true),
          () => undefined,
        );
        throw aborted("waiting for the rate limit", attempt - 1);
      }
      release = gated;
    }
    let result: AttemptResult<T>;
    try {
      result = await opts.attempt(attempt, release ?? noop);
    } finally {
      release?.();
    }
    if (result.ok) return result.value;
    const { failure } = result;
    if (opts.nonIdempotent && failure.outcomeUnknown) mayHaveApplied = true;
    if (!failure.retryable) throw failure.toError({ attempts: attempt, mayHaveApplied });

    const asked = failure.retryAfterMs;
    // Attempts this call may make as known now: refusals so far do not use up retries.
    const planned = opts.maxRetries + 1 + refusals;
    let delay: number;
    let why: string;
    lastRefused = failure.rateLimited === true;
    if (failure.rateLimited === true) {
      refusals++;
      const pause = asked ?? backoffDelayMs(refusals, random);
      const readLate = failure.answeredAt !== undefined ? Math.max(0, Date.now() - failure.answeredAt) : 0;
      delay = Math.max(0, pause + pauseJitterMs(pause, random) - readLate);
      why = "waiting on the account's rate limit (refusals use no retries)";
    } else {
      retries++;
      if (retries > opts.maxRetries || (asked !== undefined && asked > MAX_HONORED_RETRY_AFTER_MS)) {
        throw failure.toError({ attempts: attempt, mayHaveApplied });
      }
      delay = Math.max(backoffDelayMs(retries, random), asked ?? 0);
      why = "";
    }
    if (opts.deadlineAt !== undefined && Date.now() + delay > opts.deadlineAt) {
      throw failure.toError({ attempts: attempt, mayHaveApplied });
    }
    if (opts.log) {
      try {
        opts.log(`flashduty: ${opts.operation} attempt ${attempt} of ${planned} failed (${failure.summary}); ${why ? `${why}, ` : ""}retrying in ${delay} ms`);
      } catch {
        // A broken logger must not turn a retryable failure into a crash.
      }
    }
    if (failure.rateLimited === true) notify(delay);
    if (!(await sleepUnlessAborted(delay, opts.signal))) throw aborted("waiting to retry", attempt);
  }
}
