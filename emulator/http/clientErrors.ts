/**
 * Answers for requests that fail below the API, before fastify has a request to route: a
 * malformed request line or header, headers over node's size limit, a request whose headers or
 * body do not arrive in time. Node reports them on the socket ('clientError'); they are answered
 * here with the same envelope and request id as every other error, written by hand since there
 * is no reply object at that level, and the connection is closed.
 */
import type { Duplex } from "node:stream";
import { REQUEST_ID_HEADER } from "../../wire/protocol";
import { ApiError, errorBody } from "./envelope";

/** The API error for a node client error code (`ERR_HTTP_REQUEST_TIMEOUT`, `HPE_HEADER_OVERFLOW`, `HPE_*`). */
export function clientErrorAnswer(code: string | undefined, requestTimeoutMs: number): ApiError {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return new ApiError("BadRequest", (m) => m.requestTimeout(requestTimeoutMs), {}, 408);
  if (code === "HPE_HEADER_OVERFLOW") return new ApiError("BadRequest", (m) => m.headersTooLarge(), {}, 431);
  return new ApiError("BadRequest", (m) => m.malformedRequest());
}

const REASONS: Readonly<Record<number, string>> = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" };

/**
 * A 'clientError' listener for the HTTP server.
 * @param nextRequestId the server's request-id generator.
 * @param requestTimeoutMs the request timeout, for the message.
 */
export function clientErrorHandler(nextRequestId: () => string, requestTimeoutMs: number): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    // A reset or an already closed socket: nobody is left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    if (socket.writable && (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent !== true) {
      const answer = clientErrorAnswer(error.code, requestTimeoutMs);
      const requestId = nextRequestId();
      // The headers could not be read, so no Accept-Language either: messages are in en-US.
      const body = Buffer.from(errorBody(requestId, "en-US", answer), "utf8");
      socket.write(
        `HTTP/1.1 ${answer.status} ${REASONS[answer.status] ?? "Bad Request"}\r\n` +
          `${REQUEST_ID_HEADER}: ${requestId}\r\n` +
          "content-type: application/json; charset=utf-8\r\n" +
          `content-length: ${body.length}\r\n` +
          "connection: close\r\n\r\n",
      );
      socket.end(body);
      return;
    }
    socket.destroy();
  };
}
