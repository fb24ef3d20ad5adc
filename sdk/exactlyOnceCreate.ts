/**
 * Exactly-once creates: the retry loop of a write the platform does not make idempotent (a rule
 * or an MCP server create carries no client token). Each resource says how to send one attempt
 * and how to find what a lost attempt may have made; the loop decides when to look and when to
 * send again.
 */
import { sleepUnlessAborted } from "./abortableWait";
import { FlashdutyAbortError, FlashdutyApiError, FlashdutyConnectionError, FlashdutyError, FlashdutyResponseError } from "./errors";
import type { RequestOptions } from "./requestOptions";
import { backoffDelayMs, RETRYABLE_CODES, RETRYABLE_STATUSES } from "./retry";

/** What {@link createExactlyOnce} needs of one resource's create. */
export interface ExactlyOnceCreate<T> {
  /** The operation's name, for errors (e.g. `mcpServer.create`). */
  operation: string;
  /** The call's checked options; `signal` aborts the loop, `deadlineMs` bounds it. */
  request: RequestOptions;
  /** Attempts of the create itself after the first, when the call gives no `maxRetries`. */
  defaultMaxRetries: number;
  /** Ms the whole create may take (its 429s and retries together), when the call gives no `deadlineMs`. */
  defaultDeadlineMs: number;
  /**
   * Sends one attempt, with no retries of its own, within `deadlineMs` (ms left of the create's
   * deadline, at least 1). Throws the attempt's FlashdutyError.
   */
  attempt(deadlineMs: number): Promise<T>;
  /**
   * What an earlier attempt made, if the platform has it; undefined if nothing. `startedAt` is
   * when the create began (epoch ms), `attempts` how many were sent. Called only once an
   * attempt's outcome is unknown; may throw (e.g. an ambiguous match).
   */
  findApplied(startedAt: number, attempts: number): Promise<T | undefined>;
}

/**
 * Runs a create so that the platform applies it at most once and the caller learns its result.
 * One deadline covers the whole create: each attempt gets what is left of it, so the 429s one
 * attempt waited out are not waited out again, and no retry starts past it. Once any attempt's
 * outcome is unknown (its answer lost: reset or timeout after sending, 5xx, unreadable answer),
 * `findApplied` is asked before each retry and before giving up. Retries follow
 * {@link backoffDelayMs}.
 *
 * @throws the last attempt's FlashdutyError when it may not be retried or nothing is left of the
 *   retries or the deadline; FlashdutyAbortError when `signal` aborts the wait before a retry;
 *   what `findApplied` throws.
 */
export async function createExactlyOnce<T>(create: ExactlyOnceCreate<T>): Promise<T> {
  const { operation, request } = create;
  const maxRetries = request.maxRetries ?? create.defaultMaxRetries;
  const startedAt = Date.now();
  const deadlineAt = startedAt + (request.deadlineMs ?? create.defaultDeadlineMs);
  let outcomeUnknown = false;
  for (let attempt = 1; ; attempt++) {
    let failure: FlashdutyError;
    try {
      return await create.attempt(Math.max(1, deadlineAt - Date.now()));
    } catch (error) {
      if (!(error instanceof FlashdutyError)) throw error;
      failure = error;
    }
    if (failure.mayHaveApplied) outcomeUnknown = true;
    const retry = retryableCreateFailure(failure) && attempt <= maxRetries && request.signal?.aborted !== true;
    if (outcomeUnknown) {
      const applied = await create.findApplied(startedAt, attempt);
      if (applied !== undefined) return applied;
    }
    if (!retry) throw failure;
    const delay = backoffDelayMs(attempt);
    if (Date.now() + delay > deadlineAt) throw failure;
    if (!(await sleepUnlessAborted(delay, request.signal))) {
      throw new FlashdutyAbortError({
        operation,
        stage: "waiting to retry",
        attempts: attempt,
        mayHaveApplied: outcomeUnknown,
        ...(request.signal?.reason !== undefined ? { cause: request.signal.reason } : {}),
      });
    }
  }
}

/**
 * Whether a failed create attempt may be tried again (after the exactly-once check when its
 * outcome is unknown). Not a 429: the transport retries those after their `Retry-After` until
 * the deadline, so one that reaches here had no time left to wait.
 */
function retryableCreateFailure(error: FlashdutyError): boolean {
  if (error instanceof FlashdutyApiError) {
    return !error.isRateLimited && (RETRYABLE_CODES.has(error.code) || RETRYABLE_STATUSES.has(error.httpStatus));
  }
  if (error instanceof FlashdutyResponseError) return RETRYABLE_STATUSES.has(error.httpStatus);
  return error instanceof FlashdutyConnectionError;
}
