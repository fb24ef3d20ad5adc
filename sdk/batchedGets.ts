/**
 * Gets answered from list pages: the reads of one noun that arrive together (a refresh sends
 * one per resource, in parallel) are gathered for a few milliseconds and answered from a
 * complete listing when its pages cost at most half the requests of the gets; otherwise each is
 * a get.
 *
 * What holds, whichever way a read is answered (issue 62; tested per noun in
 * test/sdk/batchedGets.test.ts):
 * - **Fresh.** A listing starts only after every read it answers arrived, so no answer is older
 *   than a get sent when the read was asked. A read that arrives while a listing runs waits for
 *   the next round.
 * - **Exact.** Only an id found in a complete, consistent listing (`collectAll`'s rules: every
 *   page with the same `total`, deduplicated, walked again when it shifts) is answered from it;
 *   any other id (gone, moved out of the listing's view, not visible to the caller) is a get, so
 *   "not found" and every error are the get's own.
 * - **Cheap.** A listing is chosen when each of its pages (the list's size / page size, at least
 *   1) replaces at least {@link GETS_PER_PAGE} reads waiting. Until one listing or probe page has
 *   shown the list's size, a round of at least {@link PROBE_AT} reads fetches page 1 first: it
 *   answers what it holds and says whether the rest of the listing pays. Once the size is known,
 *   a listing asks for all its pages at once (one round trip). A listing that fails (too large
 *   for the API's page window, never stable, refused) falls back to gets.
 * - **No wait for nothing.** While reads arrive too slowly for a listing to pay (fewer in
 *   {@link GATHER_MAX_WAIT_MS} than it needs: the engine at its default parallelism), they are
 *   sent as gets at once, without a gathering window; only the first read after a pause gathers.
 * - **No get queue either.** At most {@link GETS_IN_FLIGHT} gets of a noun are sent at a time;
 *   the reads behind them wait in this class, not in the client's rate limit, and once they are
 *   enough for a listing to pay they become a round. So reads that arrive faster than gets can be
 *   sent (a refresh of thousands: more than the get operation's 50 a second, yet fewer in any
 *   100 ms than a listing of many pages needs) are answered from pages, not from a get queue
 *   whose length grows with the stack.
 * - **Paced.** Pages go through the client's rate limit for the list operation, like any page;
 *   one listing at a time per noun, so a stream of reads costs a listing per round, not per read.
 *
 * Why not a library: no batching library knows the API's paging rules or when a listing pays,
 * and the gathering itself is a timer and a map.
 */
import { collectAll, type Page, type PageAllOptions } from "./pagination";
import { FlashdutyPagingError } from "./errors";

/** A round starts once no read arrived for this long, in ms... */
export const GATHER_QUIET_MS = 20;
/** ...or this long after its first read arrived, in ms, whichever is first. */
export const GATHER_MAX_WAIT_MS = 100;
/** Fewest reads of a round for which a probe page (page 1) is worth it while the list's size is unknown. */
export const PROBE_AT = 5;
/**
 * Gets each page of a listing must replace for the listing to be chosen (a listing of p pages
 * answers a round of at least 2p reads). A listing costs more than its requests: every read of
 * the round waits for the gathering and the pages, and each page carries 100 items to parse. At
 * the engine's default parallelism (8 on 2 cores) a round of 8 reads answered by 7 pages made the
 * refresh of 1,000 resources 2.1x the engine's own, for one request saved in eight.
 */
export const GETS_PER_PAGE = 2;
/**
 * Gets of one noun sent at a time (each waits in the client's rate limit and its round trip).
 * More than the engines' default parallelism (Pulumi 8 on 2 cores, Terraform 10), so reads made
 * a few at a time are never held back; at 50 gets a second (the platform's limit) 16 places fill
 * the limit up to round trips of 320 ms.
 */
export const GETS_IN_FLIGHT = 16;

/** What {@link BatchedGets} needs of a noun. */
export interface BatchedGetsSource<T> {
  /** The noun's get (`POST .../get`); its errors are the read's. */
  get(id: string): Promise<T>;
  /**
   * The unfiltered listing of every item the caller may read: as the pager takes it, or one
   * request that answers every item (a knowledge pack's file list), which pays from two reads.
   * Built once and used for every listing, so it holds no state of one walk.
   */
  readonly listing: PageAllOptions<T> | WholeListing<T>;
}

/** A list operation answering every item at once (no pages). */
export interface WholeListing<T> {
  all(): Promise<T[]>;
  idOf(item: T): string;
}

interface Waiter<T> {
  resolve(item: T): void;
  reject(error: unknown): void;
}

/** The reads of one noun of one client, gathered into rounds. */
export class BatchedGets<T> {
  readonly #source: BatchedGetsSource<T>;
  /** Reads that arrived since the last decision (made once the current task's reads are all in). */
  #arrived: [string, Waiter<T>][] = [];
  #pending = new Map<string, Waiter<T>[]>();
  /** Reads to be answered by gets, waiting for one of {@link GETS_IN_FLIGHT} places, oldest first. */
  #getQueue = new Map<string, Waiter<T>[]>();
  #getsInFlight = 0;
  /** When the reads of the last {@link GATHER_MAX_WAIT_MS} arrived, epoch ms, oldest first. */
  #recent: number[] = [];
  #firstAt = 0;
  #timer: NodeJS.Timeout | undefined;
  /** Whether a listing is in progress (the next round waits for it), and whether a round waits. */
  #listingRuns = false;
  #roundWaits = false;
  /** Items the last listing held, or the `total` of the last probe page; undefined until one ran. */
  #listSize: number | undefined;

  constructor(source: BatchedGetsSource<T>) {
    this.#source = source;
  }

  /** Resolves with the item of `id` as its get would, or rejects with the get's error. */
  get(id: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#arrived.push([id, { resolve, reject }]);
      if (this.#arrived.length === 1) queueMicrotask(() => this.#sortArrived());
    });
  }

  /**
   * Gathers the reads that just arrived (all those of the current task) into a round, or sends
   * them as gets at once. A read gathers when a round is gathering, when it is the first after a
   * pause (a refresh's reads may all follow it), or when the reads of the last
   * {@link GATHER_MAX_WAIT_MS} are enough for a listing to pay. Otherwise, as at the engine's
   * default parallelism (a handful of reads in flight, each starting when one ends), no read waits
   * for a round that would end in gets.
   */
  #sortArrived(): void {
    const arrived = this.#arrived;
    this.#arrived = [];
    const now = Date.now();
    while (this.#recent.length > 0 && this.#recent[0]! < now - GATHER_MAX_WAIT_MS) this.#recent.shift();
    const afterPause = this.#recent.length === 0;
    for (let i = 0; i < arrived.length; i++) this.#recent.push(now);
    if (this.#pending.size === 0 && !afterPause && this.#recent.length < this.#listingPaysAt()) {
      for (const [id, waiter] of arrived) add(this.#getQueue, id, [waiter]);
      if (this.#getQueue.size < this.#listingPaysAt()) {
        this.#sendGets();
        return;
      }
      // The gets waiting are enough for a listing: they become a round (they arrived before it starts).
      this.#firstAt = now;
      this.#takeGetQueue();
    } else {
      if (this.#pending.size === 0) this.#firstAt = now;
      for (const [id, waiter] of arrived) add(this.#pending, id, [waiter]);
    }
    this.#schedule();
  }

  /** Moves the reads waiting for a get into the round being gathered. */
  #takeGetQueue(): void {
    for (const [id, waiters] of this.#getQueue) add(this.#pending, id, waiters);
    this.#getQueue.clear();
  }

  /** Sends the oldest reads of the get queue while fewer than {@link GETS_IN_FLIGHT} gets are out. */
  #sendGets(): void {
    for (const [id, waiters] of this.#getQueue) {
      if (this.#getsInFlight >= GETS_IN_FLIGHT) return;
      this.#getQueue.delete(id);
      this.#getsInFlight++;
      void this.#viaGet(id, waiters).finally(() => {
        this.#getsInFlight--;
        this.#sendGets();
      });
    }
  }

  /** Fewest reads for which a round tries a listing (a probe page while the size is unknown). */
  #listingPaysAt(): number {
    const listing = this.#source.listing;
    if ("all" in listing) return GETS_PER_PAGE;
    if (this.#listSize === undefined) return PROBE_AT;
    return GETS_PER_PAGE * pagesFor(this.#listSize, listing.limit);
  }

  #schedule(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const waited = Date.now() - this.#firstAt;
    this.#timer = setTimeout(() => this.#startRound(), Math.max(0, Math.min(GATHER_QUIET_MS, GATHER_MAX_WAIT_MS - waited)));
  }

  #startRound(): void {
    this.#timer = undefined;
    if (this.#listingRuns) {
      // Reads arriving meanwhile join this round; it starts when the listing ends.
      this.#roundWaits = true;
      return;
    }
    // Reads still waiting for a get join the round: a listing may answer them sooner.
    this.#takeGetQueue();
    const round = this.#pending;
    this.#pending = new Map();
    if (round.size === 0) return;
    void this.#answer(round);
  }

  async #answer(round: Map<string, Waiter<T>[]>): Promise<void> {
    const found = await this.#listed([...round.keys()]);
    for (const [id, waiters] of round) {
      const listed = found.get(id);
      if (listed === undefined) add(this.#getQueue, id, waiters);
      else for (const w of waiters) w.resolve(listed);
    }
    this.#sendGets();
  }

  async #viaGet(id: string, waiters: Waiter<T>[]): Promise<void> {
    try {
      const item = await this.#source.get(id);
      for (const w of waiters) w.resolve(item);
    } catch (error) {
      for (const w of waiters) w.reject(error);
    }
  }

  /** The items of `ids` a probe page or a complete listing holds (none when gets cost less or the listing failed). */
  async #listed(ids: string[]): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const wanted = new Set(ids);
    const listing = this.#source.listing;
    const keep = (items: readonly T[]): void => {
      for (const item of items) if (wanted.has(listing.idOf(item))) found.set(listing.idOf(item), item);
    };
    if (ids.length < this.#listingPaysAt()) return found;
    if ("all" in listing) {
      await this.#whileListing(async () => keep(await listing.all()));
      return found;
    }
    const expectedTotal = this.#listSize;
    await this.#whileListing(async () => {
      let first: Page<T> | undefined;
      if (this.#listSize === undefined) {
        first = await listing.fetchPage(1);
        this.#listSize = first.total;
        keep(first.items);
        if (first.items.length < listing.limit) return; // page 1 was the whole list
        // The rest of the listing pays only if each of its pages replaces at least two of the gets left.
        if (GETS_PER_PAGE * (pagesFor(first.total, listing.limit) - 1) > ids.length - found.size) return;
      }
      const items = await collectAll({
        ...listing,
        expectedTotal,
        fetchPage: (page) => {
          if (page === 1 && first !== undefined) {
            const answered = first;
            first = undefined;
            return Promise.resolve(answered);
          }
          return listing.fetchPage(page);
        },
      });
      this.#listSize = items.length;
      keep(items);
    });
    return found;
  }

  /**
   * Runs a listing as the only one of this noun (the next round waits for it). A listing that
   * fails leaves what it found so far (a probe page's items) and the rest to gets, each with its
   * own outcome; a list too large for the API's page window is not tried again by this client.
   */
  async #whileListing(run: () => Promise<void>): Promise<void> {
    this.#listingRuns = true;
    try {
      await run();
    } catch (error) {
      if (error instanceof FlashdutyPagingError && error.reason === "window") this.#listSize = Number.POSITIVE_INFINITY;
    } finally {
      this.#listingRuns = false;
      if (this.#roundWaits) {
        this.#roundWaits = false;
        if (this.#timer === undefined) this.#startRound();
      }
    }
  }
}

/** Adds `waiters` of `id` to `reads` (one entry per id: the same id read twice is answered once). */
function add<T>(reads: Map<string, Waiter<T>[]>, id: string, waiters: Waiter<T>[]): void {
  const known = reads.get(id);
  if (known !== undefined) known.push(...waiters);
  else reads.set(id, waiters);
}

/** Pages of a listing of `size` items, `limit` a page (at least 1). */
function pagesFor(size: number, limit: number): number {
  return Math.max(1, Math.ceil(size / limit));
}
