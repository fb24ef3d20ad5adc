/**
 * Waiting that an `AbortSignal` can end early, written once for the retry loop, the rate
 * limiter and the rule create's reconciliation. (Node's `timers/promises` would do the sleep,
 * but vitest's fake timers, which the tests of those waits run on, do not reach it.)
 */

/** What {@link untilAborted} resolves with when the signal aborted first. */
export const ABORTED: unique symbol = Symbol("aborted");

/**
 * `promise`'s value, or {@link ABORTED} as soon as `signal` aborts (at once if it already has);
 * the promise itself keeps running. Rejects as `promise` does. Without a signal, `promise`.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Waits `ms`: true once they have passed, false as soon as `signal` aborts (the timer is then cleared). */
export async function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const slept = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), ms)));
  const outcome = await untilAborted(slept, signal);
  clearTimeout(timer);
  return outcome !== ABORTED;
}
