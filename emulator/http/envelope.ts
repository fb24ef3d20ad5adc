/**
 * The response envelope and the errors that end in it: `{request_id, data}` on success,
 * `{request_id, error: {code, message}}` on failure, the same id in `Flashcat-Request-Id`.
 */
import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import { REQUEST_ID_HEADER, type KnownErrorCode } from "../../wire/protocol";
import { MESSAGES, type MessageLocale, type Messages } from "./messages";

/**
 * HTTP status per error code (docs/platform-api.md "Error codes"), except `MethodNotAllowed`, which answers a true 405
 * as the issue asks, and the codes the spec leaves open, which take their natural status.
 */
export const HTTP_STATUS: Readonly<Partial<Record<KnownErrorCode, number>>> = {
  InvalidParameter: 400,
  BadRequest: 400,
  InvalidContentType: 400,
  ResourceNotFound: 400,
  NoLicense: 400,
  Unauthorized: 401,
  AccessDenied: 403,
  RouteNotFound: 404,
  MethodNotAllowed: 405,
  EntityTooLarge: 413,
  RequestTooFrequently: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
};

/**
 * An error answer: code, a message rendered in the caller's language, optional extra headers,
 * and an HTTP status other than the code's own when HTTP itself names the problem (408 for a
 * request that took too long, 431 for oversized headers).
 */
export class ApiError extends Error {
  constructor(
    readonly code: KnownErrorCode,
    readonly render: (messages: Messages) => string,
    readonly headers: Readonly<Record<string, string>> = {},
    private readonly statusOverride?: number,
  ) {
    super(render(MESSAGES["en-US"]));
    this.name = "ApiError";
  }

  get status(): number {
    return this.statusOverride ?? HTTP_STATUS[this.code] ?? 400;
  }
}

/**
 * A request-id generator: 32 hex digits, a random per-process prefix then a counter, so ids are
 * unique across restarts without paying for a UUID on every request.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(8).toString("hex");
  let counter = 0;
  return () => prefix + (++counter).toString(16).padStart(16, "0");
}

/**
 * `data` that is already JSON, as UTF-8 chunks sent as they are. For pages of pre-serialised
 * rules, where serialising and encoding ~100 KB on every request would dominate the cost.
 */
export class RawJson {
  constructor(readonly chunks: readonly Buffer[]) {}
}

const JSON_TYPE = "application/json; charset=utf-8";
const CLOSE = Buffer.from("}");

/** @internal Sends a success envelope; `data` (null for disable and enable) is serialised, or used verbatim when it is `RawJson`. */
export function sendData(reply: FastifyReply, requestId: string, data: unknown, headers?: Record<string, string>): void {
  if (headers !== undefined) reply.headers(headers);
  reply
    .code(200)
    .header(REQUEST_ID_HEADER, requestId)
    .header("content-type", JSON_TYPE)
    .send(
      data instanceof RawJson
        ? Buffer.concat([Buffer.from(`{"request_id":${JSON.stringify(requestId)},"data":`), ...data.chunks, CLOSE])
        : JSON.stringify({ request_id: requestId, data }),
    );
}

/** The failure envelope for `error` as JSON text, its message in `locale`. */
export function errorBody(requestId: string, locale: MessageLocale, error: ApiError): string {
  return JSON.stringify({ request_id: requestId, error: { code: error.code, message: error.render(MESSAGES[locale]) } });
}

/** @internal Sends a failure envelope for `error`, its message in `locale`. */
export function sendError(reply: FastifyReply, requestId: string, locale: MessageLocale, error: ApiError): void {
  reply
    .headers(error.headers)
    .code(error.status)
    .header(REQUEST_ID_HEADER, requestId)
    .header("content-type", JSON_TYPE)
    .send(errorBody(requestId, locale, error));
}
