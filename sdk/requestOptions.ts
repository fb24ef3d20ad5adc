/**
 * Per-call options of every client operation, like openai-node's request options: the second
 * argument of `client.mcpServers.get(params, options)` and the other operations.
 */
import { FlashdutyValidationError } from "./errors";

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
  /** Retries after the first attempt for this call, 0..20; default the client's `maxRetries` (3). */
  maxRetries?: number;
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
  if (typeof options !== "object" || options === null) invalid("options", "options must be an object { signal?, timeoutMs?, maxRetries? }");
  const { signal, timeoutMs, maxRetries } = options as Record<string, unknown>;
  if (signal !== undefined && !(signal instanceof AbortSignal)) invalid("options.signal", "options.signal must be an AbortSignal");
  if (timeoutMs !== undefined && (typeof timeoutMs !== "number" || !Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > 2_147_483_647)) {
    invalid("options.timeoutMs", `options.timeoutMs must be a positive number of milliseconds (got ${String(timeoutMs)})`);
  }
  if (maxRetries !== undefined && (typeof maxRetries !== "number" || !Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 20)) {
    invalid("options.maxRetries", `options.maxRetries must be an integer from 0 to 20 (got ${String(maxRetries)})`);
  }
  return options as RequestOptions;
}
