/**
 * The HTTP server: fastify routes for the API operations and the control API, and the
 * pipeline every API request goes through, in this order:
 *
 * 1. routing: unknown path 404 `RouteNotFound`, known path with another method 405 `MethodNotAllowed`;
 * 2. body size: over 1 MiB (2 MiB for knowledge `file/put`; skill upload: its archive's 100 MB and the form around it) 413 `EntityTooLarge` (while reading the body);
 * 3. injected faults (latency, error, rateLimit, reset, proxyHtml; applyThenDrop acts at the end);
 * 4. `app_key`: 401 `Unauthorized`;
 * 5. rate limits: 429 `RequestTooFrequently`;
 * 6. Content-Type and JSON: 400 `InvalidContentType` / `InvalidParameter`;
 * 7. the operation itself (body fields, permissions, state).
 *
 * Errors below the pipeline get the same envelope with a request id: a malformed request line or
 * header (400 `BadRequest`), headers over node's 16 KiB limit (431 `BadRequest`), a malformed URL
 * (400 `BadRequest`), and a request whose headers and body have not all arrived within
 * `requestTimeoutMs` (408 `BadRequest`; node checks once a second, so the answer comes at most
 * a second later).
 */
import type { Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { GENERAL_RATE_LIMIT, LIMITS, operationRateLimit } from "../wire/protocol";
import { authenticate } from "./auth";
import { MAX_BODY_BYTES, readJsonObject } from "./http/body";
import { clientErrorHandler } from "./http/clientErrors";
import { registerControlRoutes, type ControlTarget } from "./control";
import { ApiError, requestIdGenerator, sendData, sendError } from "./http/envelope";
import { PROXY_502_HTML, type Faults } from "./faults";
import { messageLocale } from "./http/messages";
import type { Operation, World } from "./operation";
import { tooFrequently, type RateLimitHeaders, type RateLimits } from "./rateLimits";
import { createRule, deleteRule, fireTrigger, getRule, listRules, runRule, updateRule } from "./routes/automationRules";
import { listTemplates } from "./routes/automationTemplates";
import { KNOWLEDGE_OPERATIONS } from "./routes/knowledge";
import { createAgent, deleteAgent, updateAgent } from "./routes/a2aAgentWrites";
import { disableAgent, enableAgent, getAgent, listAgents } from "./routes/a2aAgents";
import { createServer, deleteServer, updateServer } from "./routes/mcpServerWrites";
import { disableServer, enableServer, getServer, listServers } from "./routes/mcpServers";
import { uploadSkill } from "./routes/skillUpload";
import { deleteSkill, disableSkill, enableSkill, getSkill, listSkills, updateSkill } from "./routes/skills";
import { StateSaveError } from "./state/stateFile";
import type { OperationName, RequestLogEntry, SeedUser } from "./types";

/** The API operations, one route each (all POST). */
export const OPERATIONS: readonly Operation[] = [
  disableServer,
  enableServer,
  getServer,
  listServers,
  createServer,
  updateServer,
  deleteServer,
  listRules,
  listTemplates,
  getRule,
  createRule,
  updateRule,
  deleteRule,
  runRule,
  fireTrigger,
  listSkills,
  getSkill,
  updateSkill,
  enableSkill,
  disableSkill,
  deleteSkill,
  uploadSkill,
  ...KNOWLEDGE_OPERATIONS,
  listAgents,
  getAgent,
  createAgent,
  updateAgent,
  enableAgent,
  disableAgent,
  deleteAgent,
];

export interface ServerParts {
  world: World;
  usersByKey: ReadonlyMap<string, SeedUser>;
  faults: Faults;
  limits: RateLimits;
  control: ControlTarget;
  /** Longest time, in ms, for a request's headers and body to arrive; then 408. */
  requestTimeoutMs: number;
}

/** Longest time, in ms, for the request headers alone to arrive (capped by the request timeout). */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often node looks for requests past their timeouts, in ms. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

interface RouteConfig {
  operation?: OperationName;
  /** The route's body limit, bytes (the API's general one when absent). */
  bodyLimitBytes?: number;
}

/**
 * Waits `ms` for a latency fault; resolves false at once when `closing` aborts (the server is
 * closing: the exchange is dropped, nothing is answered or counted, and no timer outlives it).
 */
function sleep(ms: number, closing: AbortSignal): Promise<boolean> {
  return delay(ms, true, { signal: closing }).catch(() => false);
}

/** Epoch ms with a fraction (monotonic within the process), for the request log. */
function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Bodies larger than this are not looked into for the request log. */
const LOGGED_BODY_MAX_BYTES = 64 * 1024;

/** The fields of a request body the request log keeps (`server_id`, `p`, `locale`), if readable. */
function loggedFields(body: unknown): Pick<RequestLogEntry, "serverId" | "page" | "locale"> {
  if (!Buffer.isBuffer(body) || body.length === 0 || body.length > LOGGED_BODY_MAX_BYTES) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return {};
  }
  if (parsed === null || typeof parsed !== "object") return {};
  const { server_id: serverId, p: page, locale } = parsed as Record<string, unknown>;
  return {
    ...(typeof serverId === "string" ? { serverId } : {}),
    ...(typeof page === "number" ? { page } : {}),
    ...(typeof locale === "string" ? { locale } : {}),
  };
}

/** The request's `User-Agent` for the request log, cut to 200 characters. */
function userAgentOf(request: FastifyRequest): Pick<RequestLogEntry, "userAgent"> {
  const ua = request.headers["user-agent"];
  return typeof ua === "string" && ua.length > 0 ? { userAgent: ua.slice(0, 200) } : {};
}

/** Ends the exchange with no response at all, with a TCP reset where the platform allows it. */
function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const socket: Socket = request.raw.socket;
  if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
  else socket.destroy();
}

/** A fastify instance serving the API and the control API, not yet listening. */
export function buildServer(parts: ServerParts): FastifyInstance {
  const { world, usersByKey, faults, limits, requestTimeoutMs } = parts;
  const nextRequestId = requestIdGenerator();
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    forceCloseConnections: true,
    requestIdHeader: false,
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, requestTimeoutMs),
    },
    // fastify's own answer while closing is not the envelope; connections are force-closed anyway.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(nextRequestId, requestTimeoutMs),
    // A URL that cannot be decoded (`/%zz`) and the like, before routing.
    frameworkErrors: (_error, request, reply) =>
      sendError(reply, nextRequestId(), messageLocale(request.headers["accept-language"]), new ApiError("BadRequest", (m) => m.badRequest())),
  });

  // One catch-all parser that only collects bytes: Content-Type and JSON are checked in the
  // pipeline, after auth and rate limits, with the platform's own error codes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body));

  // Aborted when close() begins, so that pending latency faults end with it.
  const closing = new AbortController();
  app.addHook("preClose", (done) => {
    closing.abort();
    done();
  });

  async function handle(operation: Operation, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const receivedAt = preciseNow();
    const requestId = nextRequestId();
    const acceptLanguage = request.headers["accept-language"];
    const { latencyMs, fault } = faults.decide(operation.name);
    if (latencyMs > 0 && !(await sleep(latencyMs, closing.signal))) {
      dropConnection(request, reply);
      return;
    }
    /** Counts the answer and logs it; call once, right before answering. */
    const count = (status: number | "reset" | "dropped", answer: { requestId?: string; error?: ApiError } = {}) => {
      world.store.count(operation.name, status);
      const retryAfter = answer.error?.status === 429 ? Number(answer.error.headers?.["retry-after"]) : NaN;
      world.store.logRequest({
        receivedAt,
        time: preciseNow(),
        operation: operation.name,
        ...loggedFields(request.body),
        status,
        ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
        ...(answer.requestId !== undefined ? { requestId: answer.requestId } : {}),
        ...userAgentOf(request),
      });
    };
    switch (fault?.kind) {
      case "reset":
        count("reset");
        dropConnection(request, reply);
        return;
      case "proxyHtml":
        count(502);
        reply.code(502).header("content-type", "text/html").send(PROXY_502_HTML);
        return;
      case "error":
      case "rateLimit": {
        const error =
          fault.kind === "rateLimit"
            ? tooFrequently(limits.config === false ? LIMITS.perSecond : limits.config.perSecond, fault.retryAfterSeconds ?? 1, undefined, limits.clockOffsetMs)
            : fault.status === 503
              ? new ApiError("ServiceUnavailable", (m) => m.serviceUnavailable())
              : new ApiError("InternalError", (m) => m.internalError());
        count(error.status, { requestId, error });
        sendError(reply, requestId, messageLocale(acceptLanguage), error);
        return;
      }
    }
    let rateHeaders: RateLimitHeaders | undefined;
    let outcome: { data: unknown } | { error: ApiError };
    try {
      const params = (request.params ?? {}) as Record<string, string>;
      const caller =
        operation.authenticate !== undefined
          ? operation.authenticate(world, request.headers, params)
          : authenticate((request.query as Record<string, unknown>).app_key, usersByKey);
      const rate = operationRateLimit(operation.path);
      rateHeaders = await limits.consume(
        rate.scope === "appKey" ? `${operation.name}|key|${caller.appKey}` : `${operation.name}|account|${caller.accountId}`,
        // An operation whose own limits are lower than the API's general ones (rule writes, run)
        // keeps them under any emulator limits; the others take the emulator's.
        rate.perSecond < GENERAL_RATE_LIMIT.perSecond || rate.perMinute < GENERAL_RATE_LIMIT.perMinute ? rate : undefined,
      );
      // The fire endpoint's body is optional; an operation with a raw body (skill upload) reads it itself.
      const raw =
        operation.rawBody !== undefined
          ? { bytes: (request.body as Buffer | undefined) ?? Buffer.alloc(0), contentType: request.headers["content-type"] }
          : undefined;
      const body =
        raw !== undefined || (operation.authenticate !== undefined && (request.body === undefined || (request.body as Buffer).length === 0))
          ? {}
          : readJsonObject(request);
      outcome = {
        data: await operation.handle({ world, caller, body, requestId, acceptLanguage, now: Date.now(), params, ...(raw !== undefined ? { raw } : {}) }),
      };
    } catch (thrown) {
      outcome = { error: thrown instanceof ApiError ? thrown : unexpected(thrown) };
    }
    if (fault?.kind === "applyThenDrop") {
      count("dropped");
      dropConnection(request, reply);
    } else if ("data" in outcome) {
      count(200, { requestId });
      sendData(reply, requestId, outcome.data, rateHeaders);
    } else {
      count(outcome.error.status, { requestId, error: outcome.error });
      if (rateHeaders !== undefined) reply.headers(rateHeaders);
      sendError(reply, requestId, messageLocale(acceptLanguage), outcome.error);
    }
  }

  const allowedMethods = new Map<string, string>();
  for (const operation of OPERATIONS) {
    const config: RouteConfig = { operation: operation.name, ...(operation.bodyLimitBytes !== undefined ? { bodyLimitBytes: operation.bodyLimitBytes } : {}) };
    app.post(operation.path, { config, ...(operation.bodyLimitBytes !== undefined ? { bodyLimit: operation.bodyLimitBytes } : {}) }, (request, reply) =>
      handle(operation, request, reply),
    );
    allowedMethods.set(operation.path, "POST");
  }
  for (const [path, method] of registerControlRoutes(app, parts.control, nextRequestId)) allowedMethods.set(path, method);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?", 1)[0]!.slice(0, 256);
    const allowed = allowedMethods.get(path);
    const error =
      allowed !== undefined
        ? new ApiError("MethodNotAllowed", (m) => m.methodNotAllowed(request.method, allowed), { allow: allowed })
        : new ApiError("RouteNotFound", (m) => m.routeNotFound(request.method, path));
    sendError(reply, nextRequestId(), messageLocale(request.headers["accept-language"]), error);
  });

  // Errors fastify raises before a handler runs: body too large, unparsable Content-Type, a
  // broken body stream. They are answered (and counted) like any other API error.
  app.setErrorHandler((raw: FastifyError, request, reply) => {
    const bodyLimit = (request.routeOptions.config as RouteConfig).bodyLimitBytes ?? MAX_BODY_BYTES;
    const error =
      raw.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? new ApiError("EntityTooLarge", (m) => m.entityTooLarge(bodyLimit))
        : raw.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? new ApiError("InvalidContentType", (m) => m.invalidContentType())
          : raw.statusCode !== undefined && raw.statusCode >= 400 && raw.statusCode < 500
            ? new ApiError("BadRequest", (m) => m.badRequest())
            : unexpected(raw);
    const operation = (request.routeOptions.config as RouteConfig).operation;
    const requestId = nextRequestId();
    if (operation !== undefined) {
      world.store.count(operation, error.status);
      const time = preciseNow();
      // Refused while reading the body: arrival and answer are the same moment for the log.
      world.store.logRequest({ receivedAt: time, time, operation, status: error.status, requestId });
    }
    sendError(reply, requestId, messageLocale(request.headers["accept-language"]), error);
  });

  return app;
}

/**
 * A bug in the emulator, or a change that could not be saved (printed by the store): answered as
 * the platform would (500), and printed so it is not missed.
 */
function unexpected(thrown: unknown): ApiError {
  if (!(thrown instanceof StateSaveError)) console.error("flashduty emulator: unexpected error:", thrown);
  return new ApiError("InternalError", (m) => m.internalError());
}
