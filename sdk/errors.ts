/**
 * The client's one error hierarchy.
 *
 * ```
 * FlashdutyError                      every failure of the client; `operation`, `attempts`, `mayHaveApplied`
 * ├── FlashdutyApiError               the server answered with an `error` envelope (`code`, `httpStatus`, `requestId`)
 * ├── FlashdutyValidationError        an argument was rejected before anything was sent (`field`)
 * ├── FlashdutyPagingError            `listAll` could not produce a complete, consistent listing (`reason`)
 * ├── FlashdutyAmbiguousCreateError   a rule create's answer was lost and several rules could be it (`candidateRuleIds`)
 * ├── FlashdutyResponseError          the answer was not the documented envelope (`httpStatus`, `path`)
 * ├── FlashdutyConnectionError        no answer at all (reset, refused, DNS...)
 * │   └── FlashdutyTimeoutError       no complete answer within `timeoutMs` (`timeoutMs`)
 * └── FlashdutyAbortError             the caller's `signal` aborted the call (`stage`)
 * ```
 *
 * No message, `cause` or stack of these errors contains the app key: the transport builds the
 * messages itself and passes transport failures through `redactSecrets` (sdk/redaction.ts) first.
 * Text from the platform in a message (error code, request id, server message, response paths)
 * has its control characters shown escaped (`terminalText.ts`); the fields keep it as received.
 */
import type { KnownErrorCode } from "../wire/errorCodes";
import { escapeTerminalControls as shown } from "./terminalText";

export type { KnownErrorCode };

/**
 * An `error.code` of the API: one of the 20 documented codes, or any other string a newer server
 * may send (kept as-is so callers can still log and compare it).
 */
export type ErrorCode = KnownErrorCode | (string & {});

/** Fields every {@link FlashdutyError} carries. */
export interface FlashdutyErrorInit {
  /** The API operation, `"POST /safari/mcp/server/disable"`, or the client method for local checks. */
  operation: string;
  /** HTTP attempts made (0 when the error came before any request). */
  attempts: number;
  /** See {@link FlashdutyError.mayHaveApplied}. */
  mayHaveApplied: boolean;
  /** The underlying failure, already redacted. */
  cause?: unknown;
}

/** Base class of every error the client throws. Branch on subclasses with `instanceof`. */
export class FlashdutyError extends Error {
  /** The API operation, e.g. `"POST /safari/mcp/server/disable"`. */
  readonly operation: string;
  /** Number of HTTP attempts made, retries included (0 when nothing was sent). */
  readonly attempts: number;
  /**
   * `true` when the operation is a non-idempotent write (MCP server disable/enable, automation
   * rule create) and at least one attempt may have reached the server with an unknown outcome: a
   * timeout or reset after the request was sent, a 5xx answer, or an answer that could not be
   * read. The caller should then read the current state (e.g. `mcpServers.get`, or the rules
   * `automationRules.listAll` finds) instead of assuming nothing happened;
   * a later attempt's `InvalidParameter` ("already disabled") is typically the echo of such an
   * earlier attempt. Always `false` for reads and for validation errors.
   */
  readonly mayHaveApplied: boolean;

  constructor(message: string, init: FlashdutyErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.operation = init.operation;
    this.attempts = init.attempts;
    this.mayHaveApplied = init.mayHaveApplied;
  }
}

/** Fields of a {@link FlashdutyApiError}. */
export interface FlashdutyApiErrorInit extends FlashdutyErrorInit {
  code: ErrorCode;
  httpStatus: number;
  requestId?: string;
  serverMessage: string;
}

/**
 * The server answered with the error envelope `{ request_id, error: { code, message } }`.
 * `code` is authoritative (the platform answers a missing MCP server with HTTP 400
 * `ResourceNotFound`, not 404); `httpStatus` is informational.
 */
export class FlashdutyApiError extends FlashdutyError {
  /** The wire `error.code`, e.g. `"ResourceNotFound"`. */
  readonly code: ErrorCode;
  /** HTTP status of the final attempt. */
  readonly httpStatus: number;
  /** Request id from the body's `request_id`, else the `Flashcat-Request-Id` header. */
  readonly requestId?: string;
  /** The server's `error.message` (localized by `Accept-Language`), with any key redacted. */
  readonly serverMessage: string;

  constructor(init: FlashdutyApiErrorInit) {
    super(
      `${init.operation} failed: ${shown(init.code)} (HTTP ${init.httpStatus}${requestIdPart(init.requestId)})` +
        `${attemptsPart(init.attempts)}: ${shown(init.serverMessage) || "(no message)"}${appliedPart(init.mayHaveApplied)}`,
      init,
    );
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    this.serverMessage = init.serverMessage;
  }

  /** The entity does not exist (`ResourceNotFound`, HTTP 400 on this platform). */
  get isNotFound(): boolean {
    return this.code === "ResourceNotFound";
  }
  /** The app key is missing or invalid (`Unauthorized`, HTTP 401). */
  get isUnauthorized(): boolean {
    return this.code === "Unauthorized";
  }
  /** The key is valid but lacks the permission or edit rights (`AccessDenied`, HTTP 403). */
  get isAccessDenied(): boolean {
    return this.code === "AccessDenied";
  }
  /** Rate limit reached and retries exhausted (`RequestTooFrequently`, HTTP 429). */
  get isRateLimited(): boolean {
    return this.code === "RequestTooFrequently";
  }
  /**
   * A parameter was rejected (`InvalidParameter`, HTTP 400). For MCP server disable/enable this is
   * also the answer when the server is already in the requested state.
   */
  get isInvalidParameter(): boolean {
    return this.code === "InvalidParameter";
  }
}

/** Fields of a {@link FlashdutyValidationError}. */
export interface FlashdutyValidationErrorInit {
  operation: string;
  /** The offending argument, in the caller's (camelCase) spelling, e.g. `"limit"`, `"teamIds[2]"`. */
  field: string;
  /** What is wrong, naming the field and the limit, e.g. `"limit must be an integer from 1 to 100 (got 101)"`. */
  problem: string;
}

/**
 * An argument was rejected by the client before any request was sent (`attempts` is 0,
 * `mayHaveApplied` is false). The message names the field and the limit.
 */
export class FlashdutyValidationError extends FlashdutyError {
  /** The offending argument, e.g. `"limit"`, `"serverId"`, `"teamIds[1]"`, `"appKey"`. */
  readonly field: string;

  constructor(init: FlashdutyValidationErrorInit) {
    super(`${init.operation}: ${init.problem}`, { operation: init.operation, attempts: 0, mayHaveApplied: false });
    this.field = init.field;
  }
}

/** Why `listAll` gave up. */
export type PagingFailureReason =
  /** More rules match than the API's offset window (`p * limit <= 10000`) can serve. */
  | "window"
  /** `total` kept changing on every walk (at most 3), so no consistent listing could be made. */
  | "unstable";

/** Fields of a {@link FlashdutyPagingError}. */
export interface FlashdutyPagingErrorInit {
  operation: string;
  reason: PagingFailureReason;
  attempts: number;
  message: string;
}

/**
 * `listAll` could not produce a complete and consistent listing: either more items match than
 * the API can page through (`reason: "window"`: narrow the filters), or the result set kept
 * changing while it was being read (`reason: "unstable"`). Nothing is yielded in either case,
 * so a caller never mistakes a partial list for the whole. `attempts` counts the page requests
 * made (each of which may itself have been retried).
 */
export class FlashdutyPagingError extends FlashdutyError {
  /** `"window"` or `"unstable"`, see {@link PagingFailureReason}. */
  readonly reason: PagingFailureReason;

  constructor(init: FlashdutyPagingErrorInit) {
    super(`${init.operation}: ${init.message}`, {
      operation: init.operation,
      attempts: init.attempts,
      mayHaveApplied: false,
    });
    this.reason = init.reason;
  }
}

/** Fields of a {@link FlashdutyAmbiguousCreateError}. */
export interface FlashdutyAmbiguousCreateErrorInit {
  operation: string;
  attempts: number;
  /** Rule name of the create. */
  name: string;
  /** Ids of the rules made since the create began whose fields all equal the declared ones. */
  candidateRuleIds: string[];
}

/**
 * A rule create's answer was lost (reset, timeout, 5xx) and, before retrying, the client found
 * several rules made since the create began whose fields all equal the declared ones: it cannot
 * tell which one is its own, so it neither retries nor picks one. Delete the extra rules, or
 * adopt one (the `ruleId` input of the `AutomationRule` resource, or `automationRules.get` /
 * `update` with its id). `mayHaveApplied` is true.
 */
export class FlashdutyAmbiguousCreateError extends FlashdutyError {
  /** The candidate rule ids (`arule_...`). */
  readonly candidateRuleIds: readonly string[];

  constructor(init: FlashdutyAmbiguousCreateErrorInit) {
    super(
      `${init.operation}: the answer to creating rule ${JSON.stringify(init.name)} was lost, and ${init.candidateRuleIds.length} rules ` +
        `created since then match every declared field (${init.candidateRuleIds.join(", ")}), so which one this create made cannot be ` +
        `decided and it is not retried. Adopt one by its id (the AutomationRule resource's ruleId input, e.g. ruleId: ` +
        `"${init.candidateRuleIds[0] ?? ""}") and delete the others.`,
      { operation: init.operation, attempts: init.attempts, mayHaveApplied: true },
    );
    this.candidateRuleIds = [...init.candidateRuleIds];
  }
}

/** Fields of a {@link FlashdutyResponseError}. */
export interface FlashdutyResponseErrorInit extends FlashdutyErrorInit {
  httpStatus: number;
  requestId?: string;
  /** Path of the offending field (`"data.rules[3].rule_id"`), or `"(body)"` when the body is not a JSON object. */
  path: string;
  /** What was wrong at `path`. */
  problem: string;
}

/**
 * The server (or something in between, such as a proxy answering HTML) answered with a body that
 * is not the documented envelope: not JSON, a wrong type, a missing field.
 */
export class FlashdutyResponseError extends FlashdutyError {
  /** HTTP status of the final attempt. */
  readonly httpStatus: number;
  /** Request id from the body when readable, else the `Flashcat-Request-Id` header. */
  readonly requestId?: string;
  /** Path of the offending field, e.g. `"data.rules[3].rule_id"`, or `"(body)"` for a non-JSON body. */
  readonly path: string;

  constructor(init: FlashdutyResponseErrorInit) {
    super(
      `${init.operation} returned an unexpected response (HTTP ${init.httpStatus}${requestIdPart(init.requestId)})` +
        `${attemptsPart(init.attempts)}: ${shown(init.path)}: ${shown(init.problem)}${appliedPart(init.mayHaveApplied)}`,
      init,
    );
    this.httpStatus = init.httpStatus;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    this.path = init.path;
  }
}

/** Fields of a {@link FlashdutyConnectionError}. */
export interface FlashdutyConnectionErrorInit extends FlashdutyErrorInit {
  /** Short description of the failure, already redacted (e.g. `"UND_ERR_SOCKET: other side closed"`). */
  detail: string;
}

/** No (complete) answer: connection refused or reset, DNS failure, TLS failure... */
export class FlashdutyConnectionError extends FlashdutyError {
  constructor(init: FlashdutyConnectionErrorInit, message?: string) {
    super(message ?? `${init.operation} failed: connection error${attemptsPart(init.attempts)}: ${init.detail}${appliedPart(init.mayHaveApplied)}`, init);
  }
}

/** Fields of a {@link FlashdutyTimeoutError}. */
export interface FlashdutyTimeoutErrorInit extends FlashdutyErrorInit {
  timeoutMs: number;
}

/** No complete answer within the per-attempt timeout (`timeoutMs`, headers and body). */
export class FlashdutyTimeoutError extends FlashdutyConnectionError {
  /** The per-attempt timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(init: FlashdutyTimeoutErrorInit) {
    super(
      { ...init, detail: `timed out after ${init.timeoutMs} ms` },
      `${init.operation} timed out after ${init.timeoutMs} ms${attemptsPart(init.attempts)}${appliedPart(init.mayHaveApplied)}`,
    );
    this.timeoutMs = init.timeoutMs;
  }
}

/** Fields of a {@link FlashdutyAbortError}. */
export interface FlashdutyAbortErrorInit extends FlashdutyErrorInit {
  /** Where the call was when its signal aborted it. */
  stage: "before sending" | "waiting for the rate limit" | "in flight" | "waiting to retry";
}

/**
 * The caller's `signal` (per-call option) aborted the call: before it was sent, while it waited
 * in the client-side rate limit or between retries, or while a request was in flight. `cause` is
 * the signal's reason. For a write aborted in flight, `mayHaveApplied` is true: read the server.
 */
export class FlashdutyAbortError extends FlashdutyError {
  /** Where the call was when it was aborted. */
  readonly stage: FlashdutyAbortErrorInit["stage"];

  constructor(init: FlashdutyAbortErrorInit) {
    super(`${init.operation} was aborted ${init.stage}${attemptsPart(init.attempts)}${appliedPart(init.mayHaveApplied)}`, init);
    this.stage = init.stage;
  }
}

/**
 * Whether `e` is any error of this client: {@link FlashdutyError} or one of its subclasses
 * (API, validation, paging, ambiguous create, response, connection, timeout, abort).
 */
export function isFlashdutyError(e: unknown): e is FlashdutyError {
  return e instanceof FlashdutyError;
}

/**
 * Whether `e` is a {@link FlashdutyApiError}, optionally with the given wire code.
 *
 * @example if (isFlashdutyApiError(e, "ResourceNotFound")) return undefined;
 */
export function isFlashdutyApiError(e: unknown, code?: ErrorCode): e is FlashdutyApiError {
  return e instanceof FlashdutyApiError && (code === undefined || e.code === code);
}

function requestIdPart(requestId: string | undefined): string {
  return requestId === undefined ? "" : `, request id ${shown(requestId)}`;
}

function attemptsPart(attempts: number): string {
  return attempts > 1 ? ` after ${attempts} attempts` : "";
}

function appliedPart(mayHaveApplied: boolean): string {
  return mayHaveApplied ? " (an attempt may have been applied on the server; read the current state before retrying)" : "";
}
