/**
 * The local gate, layer 1 of the client-side rate limit (see ./index.ts).
 *
 * The guarantee is the one the server can check: never more than `limit`
 * requests *arriving* in any window. The client cannot see arrivals, only that each lies
 * between the send and the first byte of the answer (its status line and headers: the server
 * cannot answer a request it has not received). So a request holds its place in every window
 * from its send until its answer has begun (or the attempt failed), and one window-length after
 * that. A cold process (undici compiles its HTTP parser on its first connection) or a loaded
 * machine can delay delivery by 100 ms and more; counting at send time alone would let a late
 * first wave and a prompt second one meet in one server window and draw a 429. The price is the
 * latency: the sustained rate is `limit` per (window + latency), and a single burst of `limit`
 * still goes at once.
 *
 * The gate assumes nothing about how the server's windows are laid out: the vendor documents
 * "50 requests per second" without saying whether a window is fixed or sliding, or aligned to
 * what, so a request keeps its place for a whole window after its answer even where a fixed
 * window that counted it has already ended. A platform counting fixed windows, sliding ones, or
 * fixed ones on a clock skewed from ours then never sees more than `limit` from one process.
 */
import { deferred } from "./deferred";

/** One window of a rate limit: at most `limit` calls in any `intervalMs`. */
export interface RateWindow {
  limit: number;
  intervalMs: number;
}

/**
 * Ends a request's hold on the rate limit (its place then counts for one more window); call it
 * once the answer has begun (status line and headers received) or the attempt has failed.
 * `unsent: true` gives back a place whose request was never sent (it then counts for nothing,
 * not for another window). Later calls do nothing.
 */
export type RateRelease = (unsent?: boolean) => void;

/** Resolves when one more request may be sent, with the function to call when it has ended. */
export type RateGate = () => Promise<RateRelease>;

/**
 * Added to each window of the shared gates, in ms: the client's and the server's clocks round to
 * whole milliseconds (or coarser) independently.
 */
export const WINDOW_SLACK_MS = 10;

/**
 * Creates a gate: at most `limit` requests in any `intervalMs` (sliding, not aligned windows),
 * for each window, where a request occupies the span from its release to its `RateRelease`.
 * `onRelease`, if given, runs at the moment of each release.
 *
 * - p-throttle schedules: one strict throttle per window, composed (shortest innermost), paces
 *   releases in call order by their send times. `strict` plus a `weight` selects its exact
 *   sliding-window algorithm, where a fresh window admits a full burst of `limit`. (Strict
 *   without a weight spaces every call after the first burst `interval/limit` apart: 100 pages
 *   read ~10% slower, and in our measurements its spacing rounding let 5 calls into a
 *   4-per-window limit.)
 * - A final exact check decides: it counts every request still in flight, or ended less than a
 *   window ago, in each window, and holds the call until one more fits. Composed throttles only
 *   approximate the outer window (the outer one counts a call when it hands it on, not when it
 *   goes out) and know nothing of answers, so this check is what makes the limit a guarantee;
 *   p-throttle keeps the few calls that reach it already in order and spaced.
 * - p-limit admits callers into the throttles, first come first served, at most as many at once
 *   as the largest window's `limit`. p-throttle's exact algorithm books a future send time for
 *   every caller it holds and books each new one by scanning the bookings from the first, again
 *   for each window it is pushed back by: with thousands of callers (a `pulumi refresh
 *   --parallel 5000`) each booking cost thousands of steps, and the provider's profile showed
 *   67 s of it (bench/README.md). A caller more than `limit` places back cannot be sent within
 *   the next window anyway, so waiting in p-limit's queue until the one `limit` places ahead has
 *   been handed on books it the same send time, in the same order. (Admitting only the smallest
 *   window's `limit` broke the order: p-throttle re-books a call at its time against the sent
 *   calls only, and later ones overtook it.)
 */
export async function createRateGate(windows: readonly RateWindow[], onRelease?: () => void): Promise<RateGate> {
  const { pThrottle, pLimit } = await loadRateLimiter();
  const shortestFirst = [...windows].sort((a, b) => a.intervalMs - b.intervalMs);
  let throttled: () => Promise<unknown> = async () => undefined;
  for (const w of shortestFirst) {
    throttled = pThrottle({ limit: w.limit, interval: w.intervalMs, strict: true, weight: () => 1 })(throttled);
  }
  const admitted = pLimit(Math.max(1, ...windows.map((w) => w.limit)));
  const paced = () => admitted(throttled);
  const logs = windows.map((w) => new WindowLog(w));
  let ended = deferred();

  // One caller at a time runs the exact check, in the order p-throttle hands calls on: every
  // waiter would see the same logs, so waking them all on each answer (50 in a burst) only
  // repeated the same count 50 times, on the event loop that reads the answers; and grants now
  // keep call order.
  let turn: Promise<unknown> = Promise.resolve();
  const placeFor = async (): Promise<RateRelease> => {
    for (;;) {
      const now = Date.now();
      const wait = Math.max(0, ...logs.map((log) => log.waitMs(now)));
      if (wait === 0) {
        // Check and record in one synchronous step: no other call can slip in between.
        const hold: Hold = { endedAt: undefined };
        for (const log of logs) log.add(hold);
        try {
          onRelease?.();
        } catch {
          // A broken hook must not keep the place held forever.
        }
        return (unsent = false) => {
          if (hold.endedAt !== undefined) return;
          hold.endedAt = Date.now();
          if (unsent) for (const log of logs) log.remove(hold);
          const wake = ended;
          ended = deferred();
          wake.resolve();
        };
      }
      // Wake when the oldest finished hold ages out, or when any request ends.
      let timer: NodeJS.Timeout | undefined;
      const aged = Number.isFinite(wait) ? new Promise<void>((r) => (timer = setTimeout(r, wait))) : undefined;
      await Promise.race(aged ? [aged, ended.promise] : [ended.promise]);
      clearTimeout(timer);
    }
  };

  return async () => {
    await paced();
    const granted = turn.then(placeFor);
    turn = granted.catch(() => undefined);
    return granted;
  };
}

/** A request's place in the windows: in flight while `endedAt` is undefined. */
interface Hold {
  endedAt: number | undefined;
}

/** The holds that still count in one window. */
class WindowLog {
  readonly #limit: number;
  readonly #intervalMs: number;
  #holds: Hold[] = [];

  constructor(window: RateWindow) {
    this.#limit = window.limit;
    this.#intervalMs = window.intervalMs;
  }

  /**
   * Ms until one more request fits in every window ending now: 0 if it fits now, Infinity if
   * that depends on requests still in flight.
   */
  waitMs(now: number): number {
    const since = now - this.#intervalMs;
    this.#holds = this.#holds.filter((h) => h.endedAt === undefined || h.endedAt > since);
    const excess = this.#holds.length - this.#limit + 1;
    if (excess <= 0) return 0;
    const ends = this.#holds
      .map((h) => h.endedAt)
      .filter((t): t is number => t !== undefined)
      .sort((a, b) => a - b);
    if (ends.length < excess) return Infinity;
    return Math.max(1, (ends[excess - 1] as number) - since);
  }

  add(hold: Hold): void {
    this.#holds.push(hold);
  }

  /** Forgets `hold` (a place given back unsent). */
  remove(hold: Hold): void {
    this.#holds = this.#holds.filter((h) => h !== hold);
  }
}

type PThrottle = typeof import("p-throttle", { with: { "resolution-mode": "import" }})["default"];
type PLimit = typeof import("p-limit", { with: { "resolution-mode": "import" }})["default"];
let libraries: Promise<{ pThrottle: PThrottle; pLimit: PLimit }> | undefined;

/**
 * @internal Loads p-throttle and p-limit once per process (the transport starts this early, so
 * no call waits for it).
 */
export function loadRateLimiter(): Promise<{ pThrottle: PThrottle; pLimit: PLimit }> {
  // Both are ESM-only; a dynamic import survives the CommonJS build (module node16).
  libraries ??= Promise.all([import("p-throttle"), import("p-limit")]).then(([t, l]) => ({ pThrottle: t.default, pLimit: l.default }));
  libraries.catch(() => (libraries = undefined));
  return libraries;
}
