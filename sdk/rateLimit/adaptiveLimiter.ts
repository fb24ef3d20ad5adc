/**
 * The adaptive part of the client-side rate limit, layer 2 (see ./index.ts): one operation's
 * share of what the platform counts for everyone on the account or key, learned from its answers.
 */
import { ABORTED, sleepUnlessAborted, untilAborted } from "../abortableWait";
import { deferred } from "./deferred";
import { createRateGate, WINDOW_SLACK_MS, type RateGate, type RateRelease } from "./gate";
import {
  THROTTLE_BETA,
  CUBIC_SCALE,
  MIN_ADAPTIVE_RATE,
  RATE_WAIT_NOTICE_MS,
  CONTENTION_MEMORY_MS,
  PAGES_LEFT_PER_PAGE_IN_FLIGHT,
  BUSY_IN_FLIGHT,
  SEEK_INTERVAL_MS,
  OWN_SENDS_LOOKBACK_MS,
  OWN_SENDS_MARGIN_MS,
  OTHER_CLIENT_SLACK,
  CLOCK_AGREEMENT_MS,
  RateWaitAborted,
  pauseJitterMs,
  type RateObservation,
  type AcquireOptions,
} from "./adaptiveParams";

/**
 * The adaptive part of one operation's limit in one process (see the file comment), shared by
 * every client of the same base URL, key and operation.
 *
 * - Alone (no 429, the server never counted more than our own requests): only the local gate
 *   acts, so nothing is slower than a fixed limiter.
 * - The account is *busy* from the first 429, or the first answer whose `X-RateLimit-Remaining`
 *   shows more requests than our own explain (another pipeline, machine or person), until
 *   {@link CONTENTION_MEMORY_MS} pass without either and without a window this process filled
 *   (a full window hides the clients that came after). Becoming busy cuts the rate to
 *   {@link THROTTLE_BETA} of what it was, and so does each later 429 (once per pause: the other
 *   refusals of one burst were sent before the cut and do not cut again).
 * - While the answers succeed, the rate climbs back along CUBIC's curve,
 *   `rate(t) = CUBIC_SCALE * (t - K)^3 + maxRate` with `K = cbrt(maxRate * (1 - beta) / scale)`
 *   (t in s since the cut): quickly back to the rate of the cut, carefully around it, then
 *   faster again, up to the operation's limit (or the `X-RateLimit-Limit` the server sends, if
 *   lower). At the limit, once the account is quiet again, the adaptive part turns off.
 * - The rate is a congestion window, as in TCP CUBIC: while throttled, at most `ceil(rate)`
 *   requests of the bucket are in flight at once (at least 2, at most {@link BUSY_IN_FLIGHT}:
 *   a process's share of a window shared by many), and a rule walk keeps fewer still (see
 *   {@link pagesInFlight}). The AWS SDKs' adaptive mode applies the same curve to a
 *   token bucket that spaces requests `1000 / rate` ms apart; against the platform's fixed 1 s
 *   windows that spreads requests through each window, and a refusal late in a window costs a
 *   whole-second `Retry-After` that ends long after the window turned (bench/README.md, "What
 *   the measurements decided").
 * - When the server's window is full, the bucket pauses until that window ends, so every
 *   process comes back at the turn: on a success with `X-RateLimit-Remaining: 0` while busy,
 *   and on a 429. The window's end is 1 s (plus {@link WINDOW_SLACK_MS} and jitter) after the
 *   first request this process sent in it, or sooner when `X-RateLimit-Reset` shows it ends by
 *   an earlier whole second; when no request of ours got into the window, it is projected from
 *   the last window seen (the windows of a busy account follow each other). Otherwise, after a
 *   refusal, the process seeks the turn: from the earliest moment the refusing window can end
 *   (after the request was sent, and not before the whole second before its
 *   `X-RateLimit-Reset`) it sends one request at a time, at most one per
 *   {@link SEEK_INTERVAL_MS}, until one is counted; without a reset, `Retry-After` decides. The pause
 *   never outlasts the server's `Retry-After` plus jitter. The refused request itself is sent
 *   again only after its own `Retry-After` (the retry loop, `sdk/retry.ts`): the platform's
 *   `Retry-After` is whole seconds, rounded up, so it usually ends after the window turned; the
 *   process's other requests use the turn. Refusals of requests sent before the pause began
 *   tell nothing new and do not extend it. Pauses count from the answer's arrival, not from
 *   when a busy process got round to reading it.
 */
export class AdaptiveRateLimiter {
  readonly #limits: { perSecond: number; perMinute: number };
  #gate: Promise<RateGate> | undefined;
  readonly #useGate: boolean;
  #fillRate: number;
  #throttled = false;
  #lastMaxRate = 0;
  #lastThrottleAt = -Infinity;
  #cubicK = 0;
  #contendedAt = -Infinity;
  /** Requests of this bucket sent and not yet answered. */
  #inFlight = 0;
  /** Resolved (and replaced) whenever a request of this bucket is answered. */
  #answered = deferred();
  /** The moment (epoch ms) before which no request of this bucket is sent. */
  #pausedUntil = 0;
  /** When the current or last pause was decided (epoch ms). */
  #pauseSetAt = -Infinity;
  /**
   * The earliest send, after the last pause ended, of a request the server counted in its 1 s
   * window (a success), or the whole second before that window's `X-RateLimit-Reset` if earlier:
   * that window began no later than about this moment. Infinity when none.
   */
  #windowSeenAt = Infinity;
  /** {@link #windowSeenAt} of the window before the last pause; -Infinity when none. */
  #lastWindowSeenAt = -Infinity;
  /** Send times of the last {@link OWN_SENDS_LOOKBACK_MS}, for telling our requests from other clients'. */
  #sends: number[] = [];
  /** Send and answer times (epoch ms) of our answered requests of the last {@link OWN_SENDS_LOOKBACK_MS}. */
  #answers: Array<{ sentAt: number; answeredAt: number }> = [];
  /**
   * Whether an answer has shown that the server counts fixed 1 s windows (it counted fewer of
   * our requests than certainly reached it within the second before); until then our own
   * requests are counted as any window could hold them.
   */
  #fixedWindowsSeen = false;
  /**
   * How far the server's clock is ahead of ours (ms, negative: behind), as its last `Date` header
   * showed; 0 while they agree within {@link CLOCK_AGREEMENT_MS} or no header was seen.
   * `X-RateLimit-Reset` is read on the server's clock, so it is corrected by this.
   */
  #clockOffsetMs = 0;
  /**
   * Refused with no turn of the window known (see {@link observe}): one request in flight at a
   * time until one is counted.
   */
  #seekingTurn = false;
  /** When the current seek for the turn began (epoch ms): only a success sent since ends it. */
  #seekingSince = -Infinity;
  /**
   * For each refused request still waiting out its `Retry-After` (the retry loop's sleep), when
   * that wait ends at the latest (epoch ms): its answer plus the pause plus the most jitter.
   * An entry ends when the retry acquires (`afterRefusal`) or, for a call that gave up, expires.
   */
  #refusalWaits: number[] = [];

  /**
   * @param limits the operation's limits (requests per 1 s and per 60 s)
   * @param options `gate: false` leaves out the local gate (tests of the adaptive part alone)
   */
  constructor(limits: { perSecond: number; perMinute: number }, options: { gate?: boolean } = {}) {
    this.#limits = { perSecond: limits.perSecond, perMinute: limits.perMinute };
    this.#fillRate = limits.perSecond;
    this.#useGate = options.gate !== false;
  }

  /** The rate the limiter allows now, in requests per second (the operation's limit when not throttled). */
  get rate(): number {
    return this.#throttled ? this.#fillRate : this.#limits.perSecond;
  }

  /** Whether the adaptive part acts (the account was busy and the rate has not climbed back). */
  get throttled(): boolean {
    return this.#throttled;
  }

  /** The moment (epoch ms) before which no request of this bucket is sent; 0 when none. */
  get pausedUntil(): number {
    return this.#pausedUntil;
  }

  /**
   * How many requests of the bucket may be in flight at once now: unlimited (Infinity) unless
   * throttled, then `ceil(rate)` within 2..{@link BUSY_IN_FLIGHT}, or 1 while it seeks the
   * window's turn after a refusal (see {@link observe}).
   */
  get concurrency(): number {
    if (!this.#throttled) return Infinity;
    if (this.#seekingTurn) return 1;
    return Math.max(2, Math.min(BUSY_IN_FLIGHT, this.#limits.perSecond, Math.ceil(this.#fillRate)));
  }

  /**
   * How many pages a rule walk with `pagesLeft` pages still to read should keep in flight: the
   * operation's per-second limit while the account is not busy (a whole window's burst at
   * once); while throttled, {@link concurrency} and at most one page per
   * {@link PAGES_LEFT_PER_PAGE_IN_FLIGHT} pages left (at least 2), plus the pages that wait out
   * a refusal ({@link waitingOutRefusals}). Walks that share a busy account then each take a
   * small share of every window, and a walk near its end (the one that started first and had
   * the account to itself for a moment) takes less.
   */
  pagesInFlight(pagesLeft = Infinity): number {
    if (!this.#throttled) return this.#limits.perSecond;
    const share = Math.max(2, Math.min(this.concurrency, Math.ceil(pagesLeft / PAGES_LEFT_PER_PAGE_IN_FLIGHT)));
    return share + this.waitingOutRefusals;
  }

  /**
   * How many refused requests of this bucket wait out their `Retry-After` now. The platform's
   * `Retry-After` is whole seconds, so they come back after the window has turned and (on a busy
   * account) filled again; {@link pagesInFlight} does not count them, so a walk whose pages were
   * refused still sends its share at the turn instead of sitting the window out (otherwise one
   * walk takes a whole window while the others' pages sleep).
   */
  get waitingOutRefusals(): number {
    this.#pruneRefusalWaits(Date.now());
    return this.#refusalWaits.length;
  }

  /** Drops the refusal waits that have ended by `now` (epoch ms). */
  #pruneRefusalWaits(now: number): void {
    if (this.#refusalWaits.some((end) => end <= now)) this.#refusalWaits = this.#refusalWaits.filter((end) => end > now);
  }

  /**
   * Resolves when one more request may be sent, with the function to call when its answer has
   * begun (see {@link RateRelease}).
   * @throws RateWaitAborted when `options.signal` aborts while waiting
   */
  async acquire(options: AcquireOptions = {}): Promise<RateRelease> {
    const { signal, onWait } = options;
    if (options.afterRefusal === true) {
      // The retry of a refused request: the earliest wait still running is (most likely) its own.
      this.#pruneRefusalWaits(Date.now());
      if (this.#refusalWaits.length > 0) {
        this.#refusalWaits.splice(this.#refusalWaits.indexOf(Math.min(...this.#refusalWaits)), 1);
      }
    }
    let noticed = false;
    const wait = async (ms: number): Promise<void> => {
      if (!noticed && ms >= RATE_WAIT_NOTICE_MS && onWait) {
        noticed = true;
        try {
          onWait(ms);
        } catch {
          // A broken hook must not fail the call.
        }
      }
      await sleep(ms, signal);
    };
    for (;;) {
      const now = Date.now();
      if (now < this.#pausedUntil) {
        await wait(this.#pausedUntil - now);
        continue;
      }
      if (this.#inFlight >= this.concurrency) {
        await abortable(this.#answered.promise, signal);
        continue;
      }
      const release = this.#useGate ? await this.#localGate() : () => undefined;
      // A pause that began while this request waited in the local gate holds it too (it gives
      // its place in the gate back, which then counts for a window), and so does a full
      // congestion window. Giving the place back unsent here, and letting only as many callers
      // into the gate as the window has room for, spent less budget but made processes sharing
      // an account less fair and drew more 429s (bench/README.md, "What the measurements decided").
      if (Date.now() < this.#pausedUntil || this.#inFlight >= this.concurrency) {
        release();
        continue;
      }
      this.#inFlight++;
      const sentAt = Date.now();
      this.#sends.push(sentAt);
      let ended = false;
      return (unsent = false) => {
        if (!ended) {
          ended = true;
          this.#inFlight--;
          // A request never sent is not one of ours in the server's counts.
          const at = unsent ? this.#sends.lastIndexOf(sentAt) : -1;
          if (at >= 0) this.#sends.splice(at, 1);
          this.#wake();
        }
        release(unsent);
      };
    }
  }

  /**
   * Learns from one answer (see the class comment). `random` is the source of the pauses'
   * jitter, [0, 1).
   */
  observe(o: RateObservation, random: () => number = Math.random): void {
    const now = Date.now();
    const at = Math.min(now, o.answeredAt ?? now);
    if (o.serverDate !== undefined && Number.isFinite(o.serverDate)) {
      // The server read its clock between our send and its answer, and the header drops the
      // milliseconds: half a second in, on average.
      const offset = Math.round(o.serverDate + 500 - (o.sentAt + at) / 2);
      this.#clockOffsetMs = Math.abs(offset) <= CLOCK_AGREEMENT_MS ? 0 : offset;
    }
    // X-RateLimit-Reset on our clock (unix ms); kept only when plausible for some window of the
    // request: not before it was sent, and at most a minute (plus the whole second it is
    // rounded up to) after its answer. Any other reset says the clocks disagree by more than
    // the Date header showed.
    const resetAt = o.resetAtSeconds !== undefined ? o.resetAtSeconds * 1_000 - this.#clockOffsetMs : undefined;
    const plausibleReset = resetAt !== undefined && resetAt >= o.sentAt - WINDOW_SLACK_MS && resetAt <= at + 61_000 ? resetAt : undefined;
    // Which window the headers describe (the server reports the tighter one): a reset within
    // 2 s is the 1 s window's (within 3.5 s for a limit no higher than the per-second one: an
    // offset the Date header could not show moves it by up to 1.5 s); without a plausible
    // reset, a limit no higher than the per-second one. A minute window's reset that close
    // changes little learned below; what relies on the 1 s window's reset (the window's start,
    // seeking the turn) also needs the limit to be the 1 s window's.
    const secondLimit = o.limit === undefined || o.limit <= this.#limits.perSecond;
    // (Without a Date header, a reset tells the window only within those 3.5 s: a server clock
    // 30 s ahead would make a 1 s window's reset look like a minute window's.)
    const perSecondWindow =
      plausibleReset !== undefined && (o.serverDate !== undefined || plausibleReset < at + 2_000 + CLOCK_AGREEMENT_MS)
        ? plausibleReset < at + 2_000 + (secondLimit ? CLOCK_AGREEMENT_MS : 0)
        : secondLimit;
    // The reset of the 1 s window that counted or refused this request (unix ms, our clock),
    // when the answer gives a plausible one.
    const secondReset = perSecondWindow && secondLimit ? plausibleReset : undefined;
    if (o.limit !== undefined && Number.isInteger(o.limit) && o.limit >= 1) this.#learnLimit(o.limit, perSecondWindow);
    if (o.rateLimited) {
      this.#contendedAt = now;
      // One cut per pause: refusals of requests sent before the last cut are the same event,
      // and so are those of requests that seek the turn of the window that refused.
      if (o.sentAt >= this.#lastThrottleAt && !this.#seekingTurn) this.#throttle(now);
      const fromReset = plausibleReset !== undefined ? plausibleReset - at : undefined;
      const pauseMs = Math.max(1, o.retryAfterMs ?? fromReset ?? 1000);
      // The retry loop sleeps this request's own pause (sdk/retry.ts), jitter included; without
      // a Retry-After it backs off instead, and an entry that ends first only counts that page
      // as in flight again.
      this.#pruneRefusalWaits(now);
      this.#refusalWaits.push(at + pauseMs + Math.min(pauseMs / 10, 250));
      // Sent before the current pause was decided: this refusal tells nothing new.
      if (o.sentAt < this.#pauseSetAt) return;
      const byServer = at + pauseMs + pauseJitterMs(pauseMs, random);
      const turn = this.#windowTurn(at, random);
      if (!Number.isFinite(turn) && secondReset !== undefined && this.#throttled) {
        // No request of ours was counted lately, so the turn is unknown. The refusing window
        // ends after this request was sent and within the whole second X-RateLimit-Reset
        // names: send again, one request at a time and at most one per
        // SEEK_INTERVAL_MS, from the earliest moment it can have turned. Waiting the
        // whole-second Retry-After from the refusal instead lands after the processes that
        // know the turn have filled the next window, and again the window after (a walk was
        // refused window after window; bench/README.md, "What the measurements decided").
        if (!this.#seekingTurn) this.#seekingSince = now;
        this.#seekingTurn = true;
        const earliest = Math.max(o.sentAt, secondReset - 1_000) + WINDOW_SLACK_MS;
        this.#pause(Math.min(byServer, Math.max(earliest, at + SEEK_INTERVAL_MS)));
        return;
      }
      this.#pause(Math.min(byServer, turn));
      return;
    }
    if (o.status >= 500) return;
    if (o.limit === undefined || o.remaining === undefined) {
      if (this.#throttled) this.#grow(now);
      return;
    }
    if (perSecondWindow) {
      this.#sends = this.#sends.filter((t) => t > now - OWN_SENDS_LOOKBACK_MS);
      this.#answers = this.#answers.filter((a) => a.sentAt > now - OWN_SENDS_LOOKBACK_MS);
      const counted = o.limit - o.remaining;
      // Our requests that certainly reached the server within the second before this one did
      // (sent less than 1 s before this answer, answered before this was sent), and this one: a
      // sliding window counts every one of them. A count below that shows fixed windows.
      const certain = 1 + this.#answers.filter((a) => a.sentAt > at - 1_000 && a.answeredAt < o.sentAt).length;
      if (counted < certain) this.#fixedWindowsSeen = true;
      const own = this.#fixedWindowsSeen ? this.#ownInFixedWindow(o.sentAt) : this.#ownInAnyWindow(o.sentAt, at);
      this.#answers.push({ sentAt: o.sentAt, answeredAt: at });
      if (counted > own + OTHER_CLIENT_SLACK) {
        this.#contendedAt = now;
        // The first sight of another client is a congestion signal like a 429.
        if (!this.#throttled) this.#throttle(now);
      } else if (this.#throttled && o.remaining <= 0) {
        // A window this process filled alone hides whoever came after: once the account has
        // been busy, only windows left part-empty show that it is quiet again.
        this.#contendedAt = now;
      }
      // Counted, and sent since the seek began: the window's turn is known again.
      if (o.status < 300 && o.sentAt >= this.#seekingSince) this.#seekingTurn = false;
      // Sent after the last pause ended and counted: the server's current window holds it (or a
      // later one, when it was sent a window or more after the first request seen).
      if (o.sentAt >= this.#pausedUntil) {
        const seen = this.#windowSeenAt;
        const counted = Number.isFinite(seen) && o.sentAt < seen + 1_000 ? Math.min(seen, o.sentAt) : o.sentAt;
        // The window ends by the whole second X-RateLimit-Reset names, so it began at most 1 s
        // before (and less than 1 s before this request). A process whose first request
        // counted came late in the window would otherwise take that lateness for the window's
        // start, come back as late at every turn and find each window filled by the processes
        // that know the turn.
        const bound = secondReset !== undefined ? Math.max(secondReset - 1_000, o.sentAt - 1_000) : Infinity;
        this.#windowSeenAt = Math.min(counted, bound);
      }
    }
    const contended = now - this.#contendedAt < CONTENTION_MEMORY_MS;
    if (o.remaining <= 0 && contended) {
      const windowEnd = perSecondWindow ? this.#windowTurn(at, random) : Infinity;
      this.#pause(Math.min(plausibleReset ?? Infinity, Number.isFinite(windowEnd) ? windowEnd : at + (perSecondWindow ? 1_000 : 60_000)));
    }
    if (this.#throttled) this.#grow(now);
  }

  /**
   * How many of our requests the server's fixed 1 s window that counted a request sent at
   * `sentAt` can hold: sent since the window began (the first request of ours it counted, or,
   * for a later window, at least 1 s after it: windows last 1 s and may have gaps between them),
   * and at most 1 s before this one, less a margin for latency. Counting too many of ours hides
   * the others: a look 1.5 s back from the answer let a process with 8 in flight count most of
   * the previous window as its own and run at full speed on a busy account. Counting too few
   * would see others where there are none.
   */
  #ownInFixedWindow(sentAt: number): number {
    // (The first answer read in a window is not always of its first request sent: a short
    // answer can overtake a page sent before it, hence the earlier of the two.)
    const seen = this.#windowSeenAt;
    const windowFrom = Number.isFinite(seen) ? (sentAt >= seen + 1_000 ? seen + 1_000 : Math.min(seen, sentAt)) : -Infinity;
    const ownFrom = Math.max(sentAt - 1_000, windowFrom) - OWN_SENDS_MARGIN_MS;
    return this.#sends.filter((t) => t >= ownFrom).length;
  }

  /**
   * How many of our requests any 1 s window (fixed or sliding) that counted a request sent at
   * `sentAt` and answered at `at` can hold: every request of ours sent before that answer,
   * except those answered more than a second (plus a margin) before it was sent, which reached
   * the server too early. Used until the answers show fixed windows (see {@link observe}): a
   * sliding window still counts pages of a walk's previous burst whose answers came late, and
   * the fixed-window count would take them for another client's.
   */
  #ownInAnyWindow(sentAt: number, at: number): number {
    const sent = this.#sends.filter((t) => t <= at).length;
    const tooEarly = this.#answers.filter((a) => a.answeredAt <= sentAt - 1_000 - OWN_SENDS_MARGIN_MS).length;
    return sent - tooEarly;
  }

  /**
   * When the server's current 1 s window ends, as well as this process can tell at `at`
   * (epoch ms), plus {@link WINDOW_SLACK_MS} and a jitter of up to 100 ms: 1 s after the first
   * request of ours it counted, or, when none of ours is in it, a whole number of seconds after
   * the last window seen (at most 3 s ago: a busy account's windows follow each other); else
   * Infinity (unknown).
   */
  #windowTurn(at: number, random: () => number): number {
    const seen = Number.isFinite(this.#windowSeenAt) ? this.#windowSeenAt : this.#lastWindowSeenAt;
    if (!Number.isFinite(seen) || at - seen >= 3_000) return Infinity;
    return seen + 1_000 * Math.max(1, Math.ceil((at - seen) / 1_000)) + WINDOW_SLACK_MS + pauseJitterMs(1_000, random);
  }

  /**
   * The server's limit is lower than ours (a smaller plan, an emulator with test limits): the
   * local gate takes the server's figure from now on (a new gate: the requests of the old one
   * are few and already answered or about to be).
   */
  #learnLimit(limit: number, perSecondWindow: boolean): void {
    if (perSecondWindow && limit < this.#limits.perSecond) {
      this.#limits.perSecond = limit;
      this.#fillRate = Math.min(this.#fillRate, limit);
      this.#lastMaxRate = Math.min(this.#lastMaxRate, limit);
      this.#gate = undefined;
    } else if (!perSecondWindow && limit < this.#limits.perMinute) {
      this.#limits.perMinute = limit;
      this.#gate = undefined;
    }
  }

  #pause(until: number): void {
    const now = Date.now();
    if (until <= this.#pausedUntil || until <= now) return;
    this.#pausedUntil = until;
    this.#pauseSetAt = now;
    // The window seen so far is over by the end of the pause; the next one is learned anew.
    if (Number.isFinite(this.#windowSeenAt)) this.#lastWindowSeenAt = this.#windowSeenAt;
    this.#windowSeenAt = Infinity;
  }

  #throttle(now: number): void {
    const before = this.rate;
    this.#lastMaxRate = Math.max(MIN_ADAPTIVE_RATE, before);
    this.#cubicK = Math.cbrt((this.#lastMaxRate * (1 - THROTTLE_BETA)) / CUBIC_SCALE);
    this.#fillRate = Math.max(MIN_ADAPTIVE_RATE, this.#lastMaxRate * THROTTLE_BETA);
    this.#lastThrottleAt = now;
    this.#throttled = true;
  }

  #grow(now: number): void {
    const t = (now - this.#lastThrottleAt) / 1000;
    const cubic = CUBIC_SCALE * (t - this.#cubicK) ** 3 + this.#lastMaxRate;
    this.#fillRate = Math.min(this.#limits.perSecond, Math.max(MIN_ADAPTIVE_RATE, cubic));
    // Quiet again (no refusal, no other client in the counts): full speed at once.
    if (now - this.#contendedAt >= CONTENTION_MEMORY_MS) {
      this.#throttled = false;
      this.#seekingTurn = false;
      this.#fillRate = this.#limits.perSecond;
    }
  }

  /** Wakes the callers waiting for room in the congestion window. */
  #wake(): void {
    const wake = this.#answered;
    this.#answered = deferred();
    wake.resolve();
  }

  #localGate(): Promise<RateRelease> {
    if (this.#gate === undefined) {
      const gate = createRateGate([
        { limit: this.#limits.perSecond, intervalMs: 1_000 + WINDOW_SLACK_MS },
        { limit: this.#limits.perMinute, intervalMs: 60_000 + WINDOW_SLACK_MS },
      ]);
      // A failed import must not poison the limiter for the rest of the process.
      gate.catch(() => {
        if (this.#gate === gate) this.#gate = undefined;
      });
      this.#gate = gate;
    }
    return this.#gate.then((g) => g());
  }
}

/** Resolves with `promise`; rejects with {@link RateWaitAborted} as soon as `signal` aborts. */
async function abortable(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if ((await untilAborted(promise, signal)) === ABORTED) throw new RateWaitAborted("aborted while waiting for the rate limit");
}

/** Sleeps `ms`; rejects with {@link RateWaitAborted} as soon as `signal` aborts. */
async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!(await sleepUnlessAborted(ms, signal))) throw new RateWaitAborted("aborted while waiting for the rate limit");
}
