/**
 * Per-call options of every client operation, like openai-node's request options: the second
 * argument of `client.mcpServers.get(params, options)` and the other operations.
 */
import { FlashdutyValidationError } from "./errors";
import { deadlineMsProblem, maxRetriesProblem, timeoutMsProblem } from "./optionChecks";

/** Options of one call; each overrides the client's setting for this call only. */
export interface RequestOptions {
  /**
   * Aborts the call: before it is sent, while it waits in the client-side rate limit or between
   * retries (at once), or in flight. The call then rejects with `FlashdutyAbortError` (its
   * `cause` is the signal's reason; for a write aborted in flight `mayHaveApplied` is true).
   * For `listAll`, aborts the whole walk.
   */
  signal?: AbortSignal;
  /** Timeout of each HTTP attempt of this call, in milliseconds (headers and body); default the client's `timeoutMs` (30000). */
  timeoutMs?: number;
  /**
   * Retries after the first attempt for this call, 0..20, for failures other than rate-limit
   * refusals (429); default the client's `maxRetries` (3).
   */
  maxRetries?: number;
  /**
   * How long this call keeps retrying rate-limit refusals (429), in milliseconds from its start;
   * default the client's `deadlineMs` (600000, 10 min). No retry starts after it; `signal`
   * still ends the call at any moment.
   */
  deadlineMs?: number;
  /**
   * Called when the call is about to wait at least 500 ms on the rate limit (its own refusal's
   * pause, or the pause the account's other requests set), with the wait in milliseconds; may be
   * called more than once per call. Errors it throws are ignored.
   */
  onRateLimitWait?: (waitMs: number) => void;
}

/**
 * Checks `options` of a call to `operation` before anything is sent.
 * @throws FlashdutyValidationError naming the field and the limit
 */
export function checkRequestOptions(operation: string, options: unknown): RequestOptions {
  if (options === undefined) return {};
  const invalid = (field: string, problem: string): never => {
    throw new FlashdutyValidationError({ operation, field, problem });
  };
  if (typeof options !== "object" || options === null) {
    invalid("options", "options must be an object { signal?, timeoutMs?, maxRetries?, deadlineMs?, onRateLimitWait? }");
  }
  const given = options as Record<string, unknown>;
  const { signal, onRateLimitWait } = given;
  if (signal !== undefined && !(signal instanceof AbortSignal)) invalid("options.signal", "options.signal must be an AbortSignal");
  const checks = { timeoutMs: timeoutMsProblem, maxRetries: maxRetriesProblem, deadlineMs: deadlineMsProblem } as const;
  for (const [field, problemOf] of Object.entries(checks)) {
    const value = given[field];
    const problem = value === undefined ? undefined : problemOf(value);
    if (problem !== undefined) invalid(`options.${field}`, `options.${field} ${problem} (got ${String(value)})`);
  }
  if (onRateLimitWait !== undefined && typeof onRateLimitWait !== "function") {
    invalid("options.onRateLimitWait", "options.onRateLimitWait must be a function");
  }
  return options as RequestOptions;
}
