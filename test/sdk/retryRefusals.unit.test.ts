/**
 * The retry loop's treatment of rate-limit refusals (sdk/retry.ts) on vitest's fake clock: a
 * refusal uses no retry, each retry waits its Retry-After plus jitter, the deadline ends the
 * waiting. The adaptive limiter itself: adaptiveRateLimit.unit.test.ts.
 */
import { describe, expect, test, vi } from "vitest";
import { FlashdutyApiError } from "../../sdk";
import { runWithRetries, type AttemptResult } from "../../sdk/retry";

import { half, useFakeClock } from "../support/adaptiveClock";

useFakeClock();

describe("runWithRetries and refusals", () => {
  const refusal = (retryAfterMs = 1000): AttemptResult<string> => ({
    ok: false,
    failure: {
      retryable: true,
      rateLimited: true,
      outcomeUnknown: false,
      retryAfterMs,
      summary: "RequestTooFrequently, HTTP 429",
      toError: (final) => new FlashdutyApiError({ operation: "POST /x", code: "RequestTooFrequently", httpStatus: 429, serverMessage: "slow down", ...final }),
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

  test("the wait after a refusal counts from its arrival: a refusal read 400 ms late is retried 400 ms sooner", async () => {
    const sent: number[] = [];
    const call = runWithRetries<string>({
      operation: "POST /x",
      maxRetries: 0,
      nonIdempotent: false,
      random: half,
      deadlineAt: Date.now() + 600_000,
      attempt: async (n) => {
        sent.push(Date.now());
        if (n > 1) return { ok: true, value: "done" };
        const late = refusal();
        if (!late.ok) late.failure.answeredAt = Date.now();
        // The refusal arrived now but is read 400 ms later (a busy process).
        await new Promise((resolve) => setTimeout(resolve, 400));
        return late;
      },
    });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(call).resolves.toBe("done");
    expect(sent[1]! - sent[0]!).toBe(1050);
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
