/**
 * The retry policy itself (sdk/retry.ts), on fake timers with its injectable random source: which
 * waits it schedules and when each attempt runs. The same policy over real HTTP is covered in
 * errors.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FlashdutyError } from "../../sdk/errors";
import { backoffDelayMs, runWithRetries, type AttemptFailure, type AttemptResult } from "../../sdk/retry";

const failure = (overrides: Partial<AttemptFailure> = {}): AttemptResult<string> => ({
  ok: false,
  failure: {
    retryable: true,
    outcomeUnknown: false,
    summary: "ServiceUnavailable, HTTP 503",
    toError: ({ attempts }) => new FlashdutyError(`failed after ${attempts} attempts`, { operation: "POST /x", attempts, mayHaveApplied: false }),
    ...overrides,
  },
});

/** Runs the policy with scripted attempts; records the fake clock at each attempt. */
function scripted(results: Array<AttemptResult<string>>, options: { maxRetries?: number; random?: () => number; signal?: AbortSignal } = {}) {
  const at: number[] = [];
  const logs: string[] = [];
  const promise = runWithRetries<string>({
    operation: "POST /x",
    maxRetries: options.maxRetries ?? 3,
    nonIdempotent: false,
    log: (m) => logs.push(m),
    random: options.random,
    signal: options.signal,
    abortError: (stage, { attempts }) => new FlashdutyError(`aborted ${stage}`, { operation: "POST /x", attempts, mayHaveApplied: false }),
    attempt: async (n) => {
      at.push(Date.now());
      return results[n - 1] ?? failure();
    },
  });
  promise.catch(() => undefined);
  return { promise, at, logs };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("backoffDelayMs", () => {
  it("is full jitter under min(30 s, 500 ms × 2^(n-1))", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, () => 0.999999))).toEqual([499, 999, 1999, 3999]);
    expect(backoffDelayMs(10, () => 0.999999)).toBe(29_999);
    expect(backoffDelayMs(3, () => 0)).toBe(0);
    expect(backoffDelayMs(2, () => 0.5)).toBe(500);
  });
});

describe("runWithRetries", () => {
  it("waits each drawn delay before the next attempt, never less", async () => {
    const { promise, at, logs } = scripted([failure(), failure(), { ok: true, value: "done" }], { random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toEqual([0]);
    await vi.advanceTimersByTimeAsync(249);
    expect(at).toEqual([0]); // 250 ms drawn for the first retry: not yet
    await vi.advanceTimersByTimeAsync(1);
    expect(at).toEqual([0, 250]);
    await vi.advanceTimersByTimeAsync(500);
    expect(at).toEqual([0, 250, 750]);
    await expect(promise).resolves.toBe("done");
    expect(logs.map((l) => /retrying in (\d+) ms/.exec(l)![1])).toEqual(["250", "500"]);
  });

  it("waits at least what the server asked (Retry-After), even with a shorter backoff", async () => {
    const { promise, at } = scripted([failure({ retryAfterMs: 2_000 }), { ok: true, value: "ok" }], { random: () => 0 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(at).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe("ok");
    expect(at).toEqual([0, 2_000]);
  });

  it("does not sleep through a server wait over 60 s: fails at once, nothing scheduled", async () => {
    const { promise, at, logs } = scripted([failure({ retryAfterMs: 60_001 })]);
    await expect(promise).rejects.toThrow("failed after 1 attempts");
    expect(at).toEqual([0]);
    expect(logs).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops after maxRetries and does not retry a final failure", async () => {
    const spent = scripted([], { maxRetries: 2, random: () => 0 });
    await vi.runAllTimersAsync();
    await expect(spent.promise).rejects.toThrow("failed after 3 attempts");
    const final = scripted([failure({ retryable: false })]);
    await expect(final.promise).rejects.toThrow("failed after 1 attempts");
    expect(final.at).toEqual([0]);
  });

  it("an abort while waiting to retry ends the call at once and clears its timer", async () => {
    const controller = new AbortController();
    const { promise, at } = scripted([failure({ retryAfterMs: 30_000 })], { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await expect(promise).rejects.toThrow("aborted waiting to retry");
    expect(at).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
