/**
 * Client-side rate limit: a gate every HTTP attempt (retries included) passes before it is sent.
 *
 * Built on p-throttle in strict mode (a sliding log, so the limit holds in *every* window, not
 * only in aligned ones), one throttle per window, composed. Gates are shared by all clients of
 * the same (baseUrl, appKey, limits) in the process, because the server counts per key/account,
 * not per client object; the registry is keyed by a sha256 so the raw key is never a map key.
 */
import { createHash } from "node:crypto";

/** One window of a rate limit: at most `limit` requests in any `intervalMs`. */
export interface RateWindow {
  limit: number;
  intervalMs: number;
}

/** Resolves when one more request may be sent. */
export type RateGate = () => Promise<void>;

/**
 * p-throttle records a call at the moment its timer fires, and Node timers can fire up to 1 ms
 * early by `Date.now()`; the server also sees our requests shifted by network jitter. Stretching
 * each window a little keeps "at most N in any window" true as the server measures it.
 */
function safetyMarginMs(intervalMs: number): number {
  return Math.max(2, Math.ceil(intervalMs * 0.02));
}

/**
 * Creates a gate that lets through at most `limit` calls in any `intervalMs`, for each window.
 *
 * The longest window is the innermost throttle: the innermost release is the moment the request
 * goes out, so its guarantee holds on send times exactly; the outer (shorter) windows release in
 * order and the inner one only delays further while keeping that order, so theirs hold too.
 */
export async function createRateGate(windows: readonly RateWindow[]): Promise<RateGate> {
  // p-throttle is ESM-only; a dynamic import survives the CommonJS build (module node16).
  const { default: pThrottle } = await import("p-throttle");
  const longestFirst = [...windows].sort((a, b) => b.intervalMs - a.intervalMs);
  let gate: () => unknown = () => undefined;
  for (const w of longestFirst) {
    gate = pThrottle({ limit: w.limit, interval: w.intervalMs + safetyMarginMs(w.intervalMs), strict: true })(gate);
  }
  const composed = gate;
  return async () => {
    await composed();
  };
}

const shared = new Map<string, Promise<RateGate>>();

/**
 * The process-wide gate for (baseUrl, appKey) with the given limits, created on first use.
 * `perSecond`/`perMinute` are requests per 1 s and per 60 s.
 */
export function sharedRateGate(
  baseUrl: string,
  appKey: string,
  limits: { perSecond: number; perMinute: number },
): Promise<RateGate> {
  const digest = createHash("sha256").update(baseUrl).update("\0").update(appKey).digest("hex");
  const id = `${digest}:${limits.perSecond}/s:${limits.perMinute}/min`;
  let gate = shared.get(id);
  if (gate === undefined) {
    gate = createRateGate([
      { limit: limits.perSecond, intervalMs: 1_000 },
      { limit: limits.perMinute, intervalMs: 60_000 },
    ]);
    // A failed import must not poison the registry for the rest of the process.
    gate.catch(() => shared.delete(id));
    shared.set(id, gate);
  }
  return gate;
}
