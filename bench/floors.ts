/**
 * The floors of the benchmarks: the least time the platform's rate limits allow for a command's
 * requests, whatever the client does. One home for the conventions every benchmark uses (issue
 * 47); bench/README.md "What each figure means" explains each in words.
 */
import { OPERATIONS, OPERATION_RATE_LIMITS, type OperationRateLimit } from "../wire/protocol";

type OperationName = keyof typeof OPERATIONS;

/** One floor: its seconds and, per operation, the requests and seconds that bucket needs. */
export interface Floor {
  seconds: number;
  perOperation: Record<string, { requests: number; seconds: number }>;
}

/**
 * Shortest time, in s, in which one operation's bucket admits `n` requests: full minute windows
 * of `perMinute` first, then the rest at `perSecond`. With `n <= perMinute` one minute window
 * admits them all and the per-minute limit does not bind: `n / perSecond` (30 uploads at 3/s and
 * 30/min: 10 s; the last three start 9 s after the first, so the time is 9 s plus a round trip
 * to finish, counted as 10 s as every floor here is).
 */
export function operationFloorSeconds(n: number, limit: Pick<OperationRateLimit, "perSecond" | "perMinute">): number {
  if (n <= 0) return 0;
  const fullMinutes = Math.floor((n - 1) / limit.perMinute);
  return fullMinutes * 60 + (n - fullMinutes * limit.perMinute) / limit.perSecond;
}

/**
 * The floor of requests of several operations, each at its limit from `OPERATION_RATE_LIMITS`
 * (wire/protocol.ts). Every operation has a bucket of its own, so they fill in parallel and the
 * floor is the slowest bucket's. `{ "mcpServer.create": 100 }` -> 5 s at 20/s.
 */
export function floorOf(requests: Partial<Record<OperationName, number>>): Floor {
  const perOperation: Floor["perOperation"] = {};
  for (const [op, n] of Object.entries(requests) as Array<[OperationName, number]>) {
    if (n > 0) perOperation[op] = { requests: n, seconds: operationFloorSeconds(n, OPERATION_RATE_LIMITS[OPERATIONS[op]]) };
  }
  return { seconds: Math.max(0, ...Object.values(perOperation).map((b) => b.seconds)), perOperation };
}

/**
 * The least time `pages` requests of `latencyMs` each can take under a limit of `perSecond` in
 * any 1 s window when all are known up front: ceil(pages / perSecond) bursts, one window apart,
 * each one round trip long (benchmark 6's account floor: N processes' pages, each process's
 * page 1 among them).
 */
export function burstAwareFloor(pages: number, perSecond: number, latencyMs: number): { seconds: number; derivation: string } {
  const bursts = Math.ceil(pages / perSecond);
  const seconds = (bursts - 1) * 1 + (bursts * latencyMs) / 1000;
  return {
    seconds,
    derivation: `${pages} pages in ${bursts} bursts of up to ${perSecond}, one 1 s window apart, each one ${latencyMs} ms round trip: ${bursts - 1} s + ${bursts} x ${latencyMs} ms`,
  };
}

/**
 * The least time a walk of `pages` list pages of `latencyMs` round trip each takes under a limit
 * of `perSecond` requests in every sliding 1 s window, for a client that must stay under the
 * limit whatever the server's windows (issue 47): page 1 goes alone, since only its `total`
 * tells how many pages there are (no page is sent before it is known); each request keeps its
 * place in the window until one window after its answer (it may have reached the server as late
 * as that); so the rest go in bursts that fill the window, each burst one window after the
 * previous burst's answers. 100 pages at 50/s and 80 ms: page 1 (80 ms), pages 2-50 (80 ms),
 * then one window, then pages 51-100 (80 ms): 1 s + 3 x 80 ms = 1.24 s.
 */
export function pageOneFirstFloor(pages: number, perSecond: number, latencyMs: number): { seconds: number; derivation: string } {
  if (pages <= 1) return { seconds: (pages * latencyMs) / 1000, derivation: `${pages} page: one round trip` };
  // Page 1 takes one place of the first window's `perSecond`.
  const bursts = 1 + Math.ceil((pages - perSecond) / perSecond);
  const windows = Math.max(0, bursts - 1);
  const roundTrips = 1 + Math.max(1, bursts);
  const seconds = windows + (roundTrips * latencyMs) / 1000;
  return {
    seconds,
    derivation:
      `page 1 alone (its total gives the page count), then ${pages - 1} pages in ${bursts} burst${bursts === 1 ? "" : "s"} of up to ${perSecond} ` +
      `(the first shares its window with page 1), each one 1 s window after the previous one's answers: ${windows} s + ${roundTrips} x ${latencyMs} ms`,
  };
}
