/**
 * The HTTP layer: one POST per attempt with undici, the envelope read and checked with the zod
 * schemas of `wire/wire.ts`, every failure turned into an {@link AttemptFailure} for the retry
 * loop of `sdk/retry.ts`. Resources describe their operations with {@link defineOperation} and
 * call {@link Transport.call}; they never see HTTP.
 */
import type { IncomingHttpHeaders } from "node:http";
import { request, type Dispatcher, type FormData } from "undici";
import type { z } from "zod";
import { FlashdutyAbortError, FlashdutyApiError, FlashdutyConnectionError, FlashdutyResponseError, FlashdutyTimeoutError } from "./errors";
import { redactSecrets, redactedCause } from "./redaction";
import { loadRateLimiter, sharedRateLimiter, type AdaptiveRateLimiter } from "./rateLimit";
import type { RequestOptions } from "./requestOptions";
import { RETRYABLE_CODES, RETRYABLE_STATUSES, runWithRetries, serverRequestedDelayMs, type AttemptFailure, type AttemptResult } from "./retry";
import { anyEnvelopeSchema, isFailureError, operationRateLimit, REQUEST_ID_HEADER, type ApiPath } from "../wire/wire";

/** An API operation: its path, the schema of its `data`, and whether it is safe to repeat. */
export interface Operation<T> {
  /** `"POST /safari/mcp/server/disable"`: the name used in errors and logs. */
  readonly name: string;
  readonly path: ApiPath;
  /** Schema of the envelope's `data` on success. */
  readonly data: z.ZodType<T>;
  /** Disable/enable, rule create: a repeated attempt is not harmless, so errors report `mayHaveApplied`. */
  readonly nonIdempotent: boolean;
}

/** Describes one API operation (all are POST). */
export function defineOperation<T>(path: ApiPath, data: z.ZodType<T>, opts: { nonIdempotent: boolean }): Operation<T> {
  return { name: `POST ${path}`, path, data, nonIdempotent: opts.nonIdempotent };
}

/** Resolved client settings the transport works with. */
export interface TransportConfig {
  appKey: string;
  /** Without trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  /** How long (ms from a call's start) rate-limit refusals are retried; see `sdk/retry.ts`. */
  deadlineMs: number;
  acceptLanguage?: string;
  userAgent: string;
  /** One limit for every operation, the per-operation table `OPERATION_RATE_LIMITS` of `wire/protocol.ts` (undefined), or none (false). */
  rateLimit: { perSecond: number; perMinute: number } | false | undefined;
  /** Source of jitter, [0, 1); default Math.random. */
  random?: () => number;
  dispatcher?: Dispatcher;
  log?: (message: string) => void;
  /** Default hook for waits on the rate limit (a call's own `onRateLimitWait` replaces it). */
  onRateLimitWait?: (waitMs: number, operation: string) => void;
  /** Ends calls at their next wait (never an attempt in flight); see `FlashdutyClientOptions.stopSignal`. */
  stopSignal?: AbortSignal;
}

/** Transport failures that happen before any byte of the request leaves: nothing can have been applied. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** Errors of our own making (bad arguments to undici): retrying cannot help. */
const NON_RETRYABLE_TRANSPORT_CODES: ReadonlySet<string> = new Set(["UND_ERR_INVALID_ARG", "UND_ERR_NOT_SUPPORTED"]);

const TIMEOUT = Symbol("flashduty attempt timeout");

/** Sends operations over HTTP with retries and the shared rate limit. */
export class Transport {
  // A private field: util.inspect / JSON.stringify of the client never show the key.
  readonly #appKey: string;
  /** The secrets to redact from anything a server sends back (`redactSecrets` covers their echoes). */
  readonly #secrets: readonly string[];
  readonly #config: Omit<TransportConfig, "appKey">;

  constructor(config: TransportConfig) {
    const { appKey, ...rest } = config;
    this.#appKey = appKey;
    this.#secrets = [appKey];
    this.#config = rest;
    // Start loading the limiter now, so the first call does not wait for the import.
    if (rest.rateLimit !== false) loadRateLimiter().catch(() => undefined);
  }

  /** Retries after the first attempt that a call makes unless it says otherwise. */
  get maxRetries(): number {
    return this.#config.maxRetries;
  }

  /** The client's `deadlineMs` (ms from a call's start): a call without its own uses this one. */
  get deadlineMs(): number {
    return this.#config.deadlineMs;
  }

  /**
   * Performs `op` with `body` (already in wire form) and returns the parsed `data`.
   * `options` (checked by the caller) override the client's timeout and retries for this call;
   * its `signal` aborts it.
   * @throws FlashdutyApiError, FlashdutyResponseError, FlashdutyConnectionError, FlashdutyTimeoutError, FlashdutyAbortError
   */
  async call<T>(op: Operation<T>, body: object, options: RequestOptions = {}): Promise<T> {
    return this.#send(op, JSON.stringify(body), options);
  }

  /**
   * Performs `op` with a `multipart/form-data` body (skill upload): `form` makes the body afresh
   * for each attempt (undici's FormData; undici writes the boundary and the `Content-Type`).
   * Same retries, rate limit, envelope and errors as {@link call}.
   */
  async callMultipart<T>(op: Operation<T>, form: () => FormData, options: RequestOptions = {}): Promise<T> {
    return this.#send(op, form, options);
  }

  async #send<T>(op: Operation<T>, json: string | (() => FormData), options: RequestOptions): Promise<T> {
    // The caller's signal ends the call anywhere, an attempt in flight included; the client's stop
    // signal only at its waits (before sending, in the rate gate, between retries).
    const { signal } = options;
    const stop = this.#config.stopSignal;
    const waitSignal = signal !== undefined && stop !== undefined ? AbortSignal.any([signal, stop]) : (signal ?? stop);
    const abortError = (stage: FlashdutyAbortError["stage"], final: { attempts: number; mayHaveApplied: boolean }) =>
      new FlashdutyAbortError({ operation: op.name, stage, ...final, ...(waitSignal?.reason !== undefined ? { cause: waitSignal.reason } : {}) });
    if (waitSignal?.aborted) throw abortError("before sending", { attempts: 0, mayHaveApplied: false });
    const limiter = this.rateLimiter(op.path);
    const timeoutMs = options.timeoutMs ?? this.#config.timeoutMs;
    const deadlineAt = Date.now() + (options.deadlineMs ?? this.#config.deadlineMs);
    const random = this.#config.random ?? Math.random;
    return runWithRetries<T>({
      operation: op.name,
      maxRetries: options.maxRetries ?? this.#config.maxRetries,
      nonIdempotent: op.nonIdempotent,
      deadlineAt,
      random,
      ...(limiter ? { gate: (o: Parameters<AdaptiveRateLimiter["acquire"]>[0]) => limiter.acquire(o) } : {}),
      ...(options.onRateLimitWait
        ? { onRateLimitWait: options.onRateLimitWait }
        : this.#config.onRateLimitWait
          ? { onRateLimitWait: (ms: number) => this.#config.onRateLimitWait!(ms, op.name) }
          : {}),
      ...(this.#config.log ? { log: this.#config.log } : {}),
      ...(waitSignal ? { signal: waitSignal, abortError } : {}),
      attempt: (_n, answered) => this.#attempt(op, json, timeoutMs, signal, answered, limiter, random),
    });
  }

  /**
   * The process-wide limiter of the operation at `path` for this base URL and key (undefined
   * with rate limits off); see `sharedRateLimiter`. Its limits are the operation's production
   * row, or the client's `rateLimit` where that is lower: a client ceiling never raises an
   * operation above the platform's limit for it (rule writes stay at 20/s under `{ perSecond: 50 }`).
   */
  rateLimiter(path: string): AdaptiveRateLimiter | undefined {
    const ceiling = this.#config.rateLimit;
    if (ceiling === false) return undefined;
    const row = operationRateLimit(path);
    const limits =
      ceiling === undefined ? row : { perSecond: Math.min(ceiling.perSecond, row.perSecond), perMinute: Math.min(ceiling.perMinute, row.perMinute) };
    return sharedRateLimiter(this.#config.baseUrl, this.#appKey, path, limits);
  }

  async #attempt<T>(
    op: Operation<T>,
    json: string | (() => FormData),
    timeoutMs: number,
    callerSignal: AbortSignal | undefined,
    answered: () => void,
    limiter: AdaptiveRateLimiter | undefined,
    random: () => number,
  ): Promise<AttemptResult<T>> {
    const sentAt = Date.now();
    const { baseUrl, userAgent, acceptLanguage, dispatcher } = this.#config;
    const url = `${baseUrl}${op.path}?app_key=${encodeURIComponent(this.#appKey)}`;
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": userAgent,
    };
    // A form's Content-Type (with its boundary) is set by undici.
    if (typeof json === "string") headers["content-type"] = "application/json";
    if (acceptLanguage !== undefined) headers["accept-language"] = acceptLanguage;

    // One timer for the whole attempt (headers and body), started after the rate gate.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs);
    let statusCode: number;
    let answeredAt: number;
    let responseHeaders: IncomingHttpHeaders;
    let text: string;
    try {
      const res = await request(url, {
        method: "POST",
        headers,
        body: typeof json === "string" ? json : json(),
        signal: callerSignal ? AbortSignal.any([controller.signal, callerSignal]) : controller.signal,
        ...(dispatcher ? { dispatcher } : {}),
      });
      // The server has the request: its place in the rate limit's windows ends here, not after
      // the body (a 100 KB page takes a while to arrive and be read).
      answered();
      answeredAt = Date.now();
      statusCode = res.statusCode;
      responseHeaders = res.headers;
      text = await res.body.text();
    } catch (error) {
      if (callerSignal?.aborted && controller.signal.reason !== TIMEOUT) {
        return { ok: false, failure: abortedInFlight(op, callerSignal) };
      }
      return { ok: false, failure: this.#transportFailure(op, error, controller.signal, timeoutMs) };
    } finally {
      clearTimeout(timer);
    }
    // Reading a page (JSON, schema, model) is ~2 ms of synchronous work per 100 rules. Deferred
    // to the event loop's check phase, one read a turn, it runs after the I/O that is waiting, so
    // the other answers of a burst are seen (and their rate-limit places released) as they come.
    await readTurn();
    const result = this.#readResponse(op, statusCode, responseHeaders, text);
    // A server-given pause counts from the answer's arrival, not from when it was read.
    if (!result.ok) result.failure.answeredAt = answeredAt;
    if (limiter !== undefined) {
      const rateLimited = !result.ok && result.failure.rateLimited === true;
      limiter.observe(
        {
          sentAt,
          answeredAt,
          status: statusCode,
          rateLimited,
          ...(rateLimited && result.failure.retryAfterMs !== undefined ? { retryAfterMs: result.failure.retryAfterMs } : {}),
          ...rateLimitHeaders(responseHeaders),
        },
        random,
      );
    }
    return result;
  }

  #transportFailure(op: Operation<unknown>, error: unknown, signal: AbortSignal, timeoutMs: number): AttemptFailure {
    if (signal.aborted && signal.reason === TIMEOUT) {
      return {
        retryable: true,
        // Whether the request had left when the timer fired is unknowable here; assume it had.
        outcomeUnknown: true,
        summary: `timeout after ${timeoutMs} ms`,
        toError: (final) => new FlashdutyTimeoutError({ operation: op.name, timeoutMs, ...final }),
      };
    }
    const cause = redactedCause(error, this.#secrets);
    const code = (cause as { code?: string }).code ?? "";
    const bytesWritten = (error as { socket?: { bytesWritten?: unknown } } | null)?.socket?.bytesWritten;
    const notSent = NOT_SENT_CODES.has(code) || bytesWritten === 0;
    const detail = `${code ? `${code}: ` : ""}${cause.message}`;
    return {
      retryable: !NON_RETRYABLE_TRANSPORT_CODES.has(code),
      outcomeUnknown: !notSent,
      summary: `connection error ${code || cause.name}`,
      toError: (final) => new FlashdutyConnectionError({ operation: op.name, detail, cause, ...final }),
    };
  }

  #readResponse<T>(op: Operation<T>, status: number, headers: IncomingHttpHeaders, text: string): AttemptResult<T> {
    const headerId = headers[REQUEST_ID_HEADER];
    // Anything taken from the response is redacted: a server may echo the key anywhere.
    const redact = (text: string) => redactSecrets(text, this.#secrets);
    const rawHeaderId = (Array.isArray(headerId) ? headerId[0] : headerId) || undefined;
    const requestIdFromHeader = rawHeaderId === undefined ? undefined : redact(rawHeaderId);
    const statusRetryable = RETRYABLE_STATUSES.has(status);
    const serverFault = status >= 500;
    const ok = status >= 200 && status < 300;

    const badResponse = (path: string, problem: string, requestId: string | undefined): AttemptResult<T> => ({
      ok: false,
      failure: {
        retryable: statusRetryable,
        ...(status === 429 ? { rateLimited: true } : {}),
        // A 2xx we cannot read may well have been applied; so may anything a 5xx hides.
        outcomeUnknown: ok || serverFault,
        ...(statusRetryable ? optionalDelay(serverRequestedDelayMs(headers, status === 429)) : {}),
        summary: `HTTP ${status}, unreadable body${requestId ? `, request id ${requestId}` : ""}`,
        toError: (final) =>
          new FlashdutyResponseError({
            operation: op.name,
            httpStatus: status,
            ...(requestId !== undefined ? { requestId } : {}),
            path: redact(path),
            problem: redact(problem),
            ...final,
          }),
      },
    });

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return badResponse("(body)", `not JSON (${describeBody(headers, text, this.#secrets)})`, requestIdFromHeader);
    }
    const bodyId = (body as { request_id?: unknown } | null)?.request_id;
    const requestId = (typeof bodyId === "string" && bodyId && redact(bodyId)) || requestIdFromHeader;

    const envelope = anyEnvelopeSchema.safeParse(body);
    if (!envelope.success) {
      const issue = envelope.error.issues[0];
      return badResponse(formatPath(issue?.path ?? []), issue?.message ?? "not the response envelope", requestId);
    }
    const env = envelope.data;

    // As the vendor's client decides: `error` null, absent or a success code ("", "0", "OK") is no error.
    if (isFailureError(env.error)) {
      const code = redact(env.error.code);
      const rateLimited = status === 429 || code === "RequestTooFrequently";
      const retryable = statusRetryable || RETRYABLE_CODES.has(code);
      const serverMessage = redact(env.error.message);
      return {
        ok: false,
        failure: {
          retryable,
          ...(rateLimited ? { rateLimited: true } : {}),
          outcomeUnknown: serverFault || code === "InternalError" || code === "ServiceUnavailable",
          ...(retryable ? optionalDelay(serverRequestedDelayMs(headers, rateLimited)) : {}),
          summary: `${code}, HTTP ${status}${requestId ? `, request id ${requestId}` : ""}`,
          toError: (final) =>
            new FlashdutyApiError({
              operation: op.name,
              code,
              httpStatus: status,
              ...(requestId !== undefined ? { requestId } : {}),
              serverMessage,
              ...final,
            }),
        },
      };
    }
    if (!ok) return badResponse("error", `HTTP ${status} without a failure error code`, requestId);

    const data = op.data.safeParse(env.data);
    if (!data.success) {
      const issue = data.error.issues[0];
      return badResponse(formatPath(["data", ...(issue?.path ?? [])]), issue?.message ?? "invalid data", requestId);
    }
    return { ok: true, value: data.data };
  }
}

/** The end of the last {@link readTurn} handed out. */
let lastReadTurn: Promise<void> = Promise.resolve();

/**
 * Resolves in a check phase of the event loop of its own: at most one caller a turn, in call
 * order, so the poll phase between two answers' reads sees the I/O that arrived meanwhile (a
 * burst of 50 pages read back to back would hold the other answers' headers, and with them the
 * release of their rate-limit places, for ~100 ms).
 */
function readTurn(): Promise<void> {
  const turn = lastReadTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  lastReadTurn = turn;
  return turn;
}
/**
 * The `X-RateLimit-*` numbers of an answer, those that are present and numeric, and its `Date`
 * (epoch ms on the server's clock) when it parses.
 */
function rateLimitHeaders(headers: IncomingHttpHeaders): { limit?: number; remaining?: number; resetAtSeconds?: number; serverDate?: number } {
  const read = (name: string): number | undefined => {
    const raw = headers[name];
    const value = Number((Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "");
    return (Array.isArray(raw) ? raw[0] : raw)?.trim() && Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const limit = read("x-ratelimit-limit");
  const remaining = read("x-ratelimit-remaining");
  const resetAtSeconds = read("x-ratelimit-reset");
  const serverDate = headers.date !== undefined ? Date.parse(headers.date) : Number.NaN;
  return {
    ...(Number.isFinite(serverDate) ? { serverDate } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(remaining !== undefined ? { remaining } : {}),
    ...(resetAtSeconds !== undefined ? { resetAtSeconds } : {}),
  };
}

function optionalDelay(ms: number | undefined): { retryAfterMs?: number } {
  return ms === undefined ? {} : { retryAfterMs: ms };
}

/** `["data", "rules", 3, "rule_id"]` → `"data.rules[3].rule_id"`; the root → `"(body)"`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out === "" ? "(body)" : out;
}

/** A short, safe description of a body that is not JSON: its type and first characters. */
function describeBody(headers: IncomingHttpHeaders, text: string, secrets: readonly string[]): string {
  const type = redactSecrets(String(headers["content-type"] ?? "no content-type"), secrets);
  // Redact before cutting: a key echoed across the cut would otherwise survive in part.
  const start = redactSecrets(text.replace(/\s+/g, " ").trim(), secrets).slice(0, 60);
  return text.length === 0 ? `empty body, ${type}` : `${type}: ${JSON.stringify(start)}${text.length > 60 ? "..." : ""}`;
}

/** The caller's signal aborted an attempt in flight: final, and a write may have been applied. */
function abortedInFlight(op: Operation<unknown>, signal: AbortSignal): AttemptFailure {
  return {
    retryable: false,
    outcomeUnknown: true,
    summary: "aborted by the caller",
    toError: (final) =>
      new FlashdutyAbortError({ operation: op.name, stage: "in flight", ...final, ...(signal.reason !== undefined ? { cause: signal.reason } : {}) }),
  };
}
