/**
 * The one home of the checks on the timing options every layer accepts: the client's options
 * (`new FlashdutyClient`), each call's `RequestOptions`, and the provider's stack config and
 * environment variables. Each returns the problem as words, or undefined when the value is
 * fine; the caller names the field its user wrote (`timeoutMs`, `options.timeoutMs`,
 * `flashduty:timeoutMs (or FLASHDUTY_TIMEOUT_MS)`).
 */

/** Largest delay node's timers accept, in ms (2^31 - 1, about 24.8 days). */
export const MAX_TIMER_MS = 2_147_483_647;
/** Largest `maxRetries`. */
export const MAX_RETRIES_LIMIT = 20;

/** `timeoutMs`: a positive number of milliseconds up to {@link MAX_TIMER_MS}. */
export function timeoutMsProblem(value: unknown): string | undefined {
  return positiveMsProblem(value);
}

/** `deadlineMs`: a positive number of milliseconds up to {@link MAX_TIMER_MS}. */
export function deadlineMsProblem(value: unknown): string | undefined {
  return positiveMsProblem(value);
}

/** `maxRetries`: an integer from 0 to {@link MAX_RETRIES_LIMIT}. */
export function maxRetriesProblem(value: unknown): string | undefined {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_RETRIES_LIMIT) {
    return `must be an integer from 0 to ${MAX_RETRIES_LIMIT}`;
  }
  return undefined;
}

function positiveMsProblem(value: unknown): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) return "must be a positive number of milliseconds";
  if (value > MAX_TIMER_MS) return `must be a positive number of milliseconds, at most ${MAX_TIMER_MS}`;
  return undefined;
}
