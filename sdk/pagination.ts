/**
 * The paging loop of the client, in one place: walks an offset-paged list operation (`p`,
 * `limit`, answer `{ total, <items> }`) and yields every item once.
 *
 * Rules (docs/platform-api.md "Paging" and "Rule list request"):
 * - Stops on a short page, or when every page was full and they hold exactly `total` distinct
 *   items with `total` below the cap some list endpoints put on it (`LIMITS.listTotalCap`,
 *   1,000): a total below the cap is the exact count. At the cap, or when the pages hold fewer
 *   distinct items than `total` (they shifted while read), it reads on to a short page.
 * - Never asks for `p * limit > 10000` (the server answers 400): when more items match than that
 *   window holds, it fails with {@link FlashdutyPagingError} `reason: "window"` telling the caller
 *   to narrow the filters.
 * - Dedupes by id, since offset pages shift when rules are added or removed meanwhile.
 * - A walk is consistent only if every page reports the same `total`; otherwise it walks again,
 *   at most {@link MAX_WALKS} walks in all, then fails with `reason: "unstable"`.
 * - Nothing is yielded until a walk is complete and consistent, so a caller never receives part
 *   of one walk and part of another, nor a partial list followed by an error.
 * - After page 1, the remaining pages (as many as `total` promises) are fetched concurrently;
 *   the client's rate limit still paces every request, and how many pages are in flight follows
 *   it (`pagesInFlight`): the full burst alone on the account, fewer while the account is busy.
 */
import { FlashdutyPagingError } from "./errors";
import { LIMITS } from "../wire/wire";

/** Walks made before giving up on a result set whose `total` keeps changing. */
export const MAX_WALKS = 3;
/**
 * Most pages in flight at once (each still waits for the rate limit): the platform's per-second limit,
 * so a whole 1 s window's burst of 50 pages goes at once (fewer would leave the window half used
 * and make a 100-page walk slower against the burst-aware floor; the figures are in bench/README.md).
 */
export const PAGE_CONCURRENCY = LIMITS.perSecond;
/** Pages fetched per batch once the pages promised by a capped `total` and one probe page were all full. */
const EXTRA_PAGES_PER_BATCH = 10;

/** One page as the pager needs it. */
export interface Page<T> {
  total: number;
  items: T[];
}

/** Inputs of {@link pageAll}. */
export interface PageAllOptions<T> {
  /** `"POST /safari/automation/rule/list"`, for errors. */
  operation: string;
  /** What the items are, plural, for messages (`"rules"`). */
  noun: string;
  /** Page size, 1..100. */
  limit: number;
  /** Fetches page `page` (1-based) with `limit` items. */
  fetchPage(page: number): Promise<Page<T>>;
  /**
   * How many pages to keep in flight now, given how many pages of the batch are not yet answered
   * (asked before each new page starts; clamped to 1..{@link PAGE_CONCURRENCY}); default
   * {@link PAGE_CONCURRENCY}.
   */
  pagesInFlight?: (pagesLeft: number) => number;
  /** Identity of an item, for deduplication. */
  idOf(item: T): string;
  /**
   * The filters a caller can narrow the list with, named in the `window` error; default
   * `"scope, teamIds, enabled, keyword"` (those of the rule list).
   */
  narrowBy?: string;
  /**
   * The `total` a recent walk of the same list saw, if any: the first walk then asks for the
   * pages it promises together with page 1 (one round trip instead of two while the list keeps
   * its size). Every page is still checked as usual (the same `total`, nothing after a short
   * page); pages asked for beyond a shrunken list are wasted requests, not wrong answers.
   */
  expectedTotal?: number;
}

type WalkResult<T> = { kind: "done"; items: T[] } | { kind: "changed"; total: number };

/**
 * Yields every item of the list once, in page order (what {@link collectAll} resolves with, one
 * item at a time). Nothing is requested until iteration starts.
 * @throws FlashdutyPagingError when the list is larger than the API's window or never stable;
 *   any error of `fetchPage` as is.
 */
export async function* pageAll<T>(opts: PageAllOptions<T>): AsyncGenerator<T, void, undefined> {
  yield* await collectAll(opts);
}

/**
 * Every item of the list once, in page order, as one array: the walks of {@link pageAll}
 * without an `await` per item (a data source of 10,000 rules spent ~15 ms on those alone).
 * @throws FlashdutyPagingError when the list is larger than the API's window or never stable;
 *   any error of `fetchPage` as is.
 */
export async function collectAll<T>(opts: PageAllOptions<T>): Promise<T[]> {
  const totals: number[] = [];
  let requests = 0;
  const fetchPage = (page: number): Promise<Page<T>> => {
    requests++;
    return opts.fetchPage(page);
  };
  for (let walkNo = 1; walkNo <= MAX_WALKS; walkNo++) {
    const result = await walk(opts, fetchPage, totals, () => requests);
    if (result.kind === "done") return result.items;
    if (totals.at(-1) !== result.total) totals.push(result.total);
  }
  throw new FlashdutyPagingError({
    operation: opts.operation,
    reason: "unstable",
    attempts: requests,
    message:
      `the number of matching ${opts.noun} kept changing while paging (total ${totals.join(" → ")}) ` +
      `over ${MAX_WALKS} walks; try again later or narrow the filters`,
  });
}

async function walk<T>(
  opts: PageAllOptions<T>,
  fetchPage: (page: number) => Promise<Page<T>>,
  totals: number[],
  requestCount: () => number,
): Promise<WalkResult<T>> {
  const { limit } = opts;
  const maxPage = Math.floor(LIMITS.maxPageWindow / limit);
  const windowError = (matching: string) =>
    new FlashdutyPagingError({
      operation: opts.operation,
      reason: "window",
      attempts: requestCount(),
      message:
        `${matching} ${opts.noun} match, but the API pages through at most ${maxPage * limit} ` +
        `(page * limit <= ${LIMITS.maxPageWindow}); narrow the filters (${opts.narrowBy ?? "scope, teamIds, enabled, keyword"})`,
    });

  // The pages a previous walk's total promises go with page 1 (first walk only: a walk again
  // follows a change, whose size the pages it reads will tell).
  const opening = totals.length === 0 && opts.expectedTotal !== undefined ? Math.min(maxPage, Math.max(1, Math.ceil(opts.expectedTotal / limit))) : 1;
  let early = opening > 1 ? await fetchConcurrently(range(1, opening), fetchPage, limit, opts.pagesInFlight) : undefined;
  const first = early?.get(1) ?? (await fetchPage(1));
  const total = first.total;
  if (totals.at(-1) !== total) totals.push(total);
  // Pages read with page 1 must agree with it, whether or not the walk needs them.
  for (const [p, page] of early ?? []) {
    if (page.total !== total) return { kind: "changed", total: page.total };
    if (p > 1 && first.items.length < limit && page.items.length > 0) return { kind: "changed", total };
  }
  const pages = new Map<number, T[]>([[1, first.items]]);
  if (first.items.length < limit) return { kind: "done", items: dedupe(pages, opts.idOf) };
  const exactEnd = (): WalkResult<T> | undefined => {
    // Every page so far was full. A total below the cap is exact, so when the pages hold that
    // many distinct items there is nothing beyond them, and a probe page would cost one more
    // round trip (a listing of exactly 400 servers: three round trips instead of two).
    if (total >= LIMITS.listTotalCap) return undefined;
    const items = dedupe(pages, opts.idOf);
    return items.length === total ? { kind: "done", items } : undefined;
  };
  const firstEnd = exactEnd();
  if (firstEnd !== undefined) return firstEnd;
  if (total > maxPage * limit) throw windowError(String(total));

  let next = 2;
  let end = Math.min(maxPage, Math.max(2, Math.ceil(total / limit)));
  for (;;) {
    if (next > maxPage) {
      // Page maxPage was full and the API will not serve the next one. Only an exact match with
      // `total` shows that nothing lies beyond (a capped `total` would be smaller).
      const items = dedupe(pages, opts.idOf);
      if (items.length === total) return { kind: "done", items };
      throw windowError(`more than ${maxPage * limit}`);
    }
    const batch = range(next, end);
    const missing = batch.filter((p) => early?.has(p) !== true);
    const got = missing.length > 0 ? await fetchConcurrently(missing, fetchPage, limit, opts.pagesInFlight) : new Map<number, Page<T>>();
    for (const p of batch) if (early?.has(p) === true) got.set(p, early.get(p)!);
    early = undefined;

    let shortAt: number | undefined;
    for (const p of batch) {
      const page = got.get(p);
      if (page === undefined) continue; // not started: an earlier page was already short
      if (page.total !== total) return { kind: "changed", total: page.total };
      if (shortAt !== undefined) {
        // Items after a short page mean rules were inserted while we read.
        if (page.items.length > 0) return { kind: "changed", total };
        continue;
      }
      pages.set(p, page.items);
      if (page.items.length < limit) shortAt = p;
    }
    if (shortAt !== undefined) return { kind: "done", items: dedupe(pages, opts.idOf) };
    const exact = exactEnd();
    if (exact !== undefined) return exact;
    // Past the pages a capped (or shifted) `total` promised: usually one (empty) page proves the
    // end, so probe one page first; if it is full, `total` is capped and larger batches follow.
    // (`total <= maxPage * limit` here, so `end` never stops short of the promised pages.)
    const size = end === Math.ceil(total / limit) ? 1 : EXTRA_PAGES_PER_BATCH;
    next = end + 1;
    end = Math.min(maxPage, next + size - 1);
  }
}

/**
 * Fetches `pages` with at most `pagesInFlight(pagesLeft)` (1..{@link PAGE_CONCURRENCY}) in
 * flight, asked again before each page starts (`pagesLeft`: pages not started plus in flight);
 * stops starting new pages after a short one or the first failure, and rethrows that failure
 * once in-flight pages settle.
 */
async function fetchConcurrently<T>(
  pages: number[],
  fetchPage: (page: number) => Promise<Page<T>>,
  limit: number,
  pagesInFlight: (pagesLeft: number) => number = () => PAGE_CONCURRENCY,
): Promise<Map<number, Page<T>>> {
  const out = new Map<number, Page<T>>();
  let firstShort = Infinity;
  let failure: { error: unknown } | undefined;
  const running = new Set<Promise<void>>();
  const allowed = (left: number): number => Math.max(1, Math.min(PAGE_CONCURRENCY, Math.floor(pagesInFlight(left)) || 1));
  for (const [i, p] of pages.entries()) {
    while (running.size >= allowed(pages.length - i + running.size)) await Promise.race(running);
    if (failure !== undefined || p > firstShort) break;
    const task: Promise<void> = fetchPage(p)
      .then(
        (page) => {
          out.set(p, page);
          if (page.items.length < limit) firstShort = Math.min(firstShort, p);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => running.delete(task));
    running.add(task);
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure.error;
  return out;
}

/** The page numbers `from` to `to`, both included. */
function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

function dedupe<T>(pages: Map<number, T[]>, idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const p of [...pages.keys()].sort((a, b) => a - b)) {
    for (const item of pages.get(p) ?? []) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      items.push(item);
    }
  }
  return items;
}
