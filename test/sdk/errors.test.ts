/**
 * Every error path of the client over real HTTP: each wire code, non-envelope bodies, resets,
 * timeouts, Retry-After / X-RateLimit-Reset, the retry policy, mayHaveApplied, and that the app
 * key never leaks into an error or a log line.
 */
import { inspect } from "node:util";
import { Dispatcher } from "undici";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  FlashdutyApiError,
  FlashdutyClient,
  FlashdutyConnectionError,
  FlashdutyPagingError,
  FlashdutyResponseError,
  FlashdutyTimeoutError,
  isFlashdutyApiError,
  type FlashdutyClientOptions,
} from "../../sdk";
import { ERROR_CODES } from "../../wire/protocol";
import { fail, ok, SECRET_KEY, startRecorder, wireRule, wireServer, type Recorder } from "../support/recorder";
import { flashdutyRejection } from "../support/sdkEmulator";

let rec: Recorder;
beforeEach(async () => {
  rec = await startRecorder();
});
afterEach(async () => {
  await rec.close();
});

function clientFor(options: Partial<FlashdutyClientOptions> = {}): FlashdutyClient {
  return new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: false, maxRetries: 0, ...options });
}

const caught = flashdutyRejection;

/** Every way the error could be printed or shipped. */
function everyRendering(e: unknown): string {
  const err = e as Error;
  return [
    String(err),
    err.message,
    err.stack ?? "",
    JSON.stringify(err),
    inspect(err, { showHidden: true, depth: Infinity }),
    String(err.cause ?? ""),
    inspect(err.cause, { showHidden: true, depth: Infinity }),
    JSON.stringify(Object.getOwnPropertyDescriptors(err)),
  ].join("\n");
}

function expectNoKey(e: unknown): void {
  const text = everyRendering(e);
  expect(text).not.toContain(SECRET_KEY);
  expect(text).not.toContain("SECRET-4f9a");
}

const STATUS_OF: Record<string, number> = {
  OK: 200,
  InvalidParameter: 400,
  BadRequest: 400,
  InvalidContentType: 400,
  ResourceNotFound: 400,
  NoLicense: 400,
  ReferenceExist: 400,
  Unauthorized: 401,
  BalanceNotEnough: 400,
  AccessDenied: 403,
  RouteNotFound: 404,
  MethodNotAllowed: 400,
  UndonedOrderExist: 400,
  RequestLocked: 423,
  EntityTooLarge: 413,
  RequestTooFrequently: 429,
  RequestVerifyRequired: 400,
  DangerousOperation: 400,
  InternalError: 500,
  ServiceUnavailable: 503,
};

describe("API error codes", () => {
  test("the table covers the 20 documented codes", () => {
    expect(Object.keys(STATUS_OF).sort()).toEqual([...ERROR_CODES].sort());
  });

  // "OK" on a 2xx is a success for the vendor's client (see "success envelopes" in test/sdk/envelope.test.ts).
  test.each([...ERROR_CODES.filter((c) => c !== "OK"), "SomethingBrandNew"])(
    "%s becomes a FlashdutyApiError naming operation, code and request id",
    async (code) => {
      const status = STATUS_OF[code] ?? 418;
      rec.respond(() => fail(status, code, `message for ${code}`, `rid-${code}`));
      // A refusal (429) is retried until the call's deadline: a deadline of 1 ms makes it final.
      const e = await caught(clientFor({ deadlineMs: 1 }).mcpServers.disable({ serverId: "mcp_grafana" }));
      expect(e).toBeInstanceOf(FlashdutyApiError);
      const api = e as FlashdutyApiError;
      expect(api.code).toBe(code);
      expect(api.httpStatus).toBe(status);
      expect(api.requestId).toBe(`rid-${code}`);
      expect(api.serverMessage).toBe(`message for ${code}`);
      expect(api.operation).toBe("POST /safari/mcp/server/disable");
      expect(api.attempts).toBe(1);
      expect(api.message).toContain("POST /safari/mcp/server/disable");
      expect(api.message).toContain(code);
      expect(api.message).toContain(`rid-${code}`);
      expect(api.message).toContain(`message for ${code}`);
      expect(api.name).toBe("FlashdutyApiError");
      expect(api.isNotFound).toBe(code === "ResourceNotFound");
      expect(api.isUnauthorized).toBe(code === "Unauthorized");
      expect(api.isAccessDenied).toBe(code === "AccessDenied");
      expect(api.isRateLimited).toBe(code === "RequestTooFrequently");
      expect(api.isInvalidParameter).toBe(code === "InvalidParameter");
      expect(isFlashdutyApiError(api)).toBe(true);
      expect(isFlashdutyApiError(api, code)).toBe(true);
      expect(isFlashdutyApiError(api, "Nope")).toBe(false);
      expect(isFlashdutyApiError(new Error("x"))).toBe(false);
      expectNoKey(api);
    },
  );

  test.each([
    [400, "InvalidParameter"],
    [400, "ResourceNotFound"],
    [401, "Unauthorized"],
    [403, "AccessDenied"],
    [404, "RouteNotFound"],
    [413, "EntityTooLarge"],
  ])("HTTP %i %s is never retried", async (status, code) => {
    rec.respond(() => fail(status, code, "no"));
    const e = await caught(clientFor({ maxRetries: 3 }).automationRules.list());
    expect(rec.requests).toHaveLength(1);
    expect(e.attempts).toBe(1);
    expect(e.mayHaveApplied).toBe(false);
  });

  test("a server message that echoes the key is redacted", async () => {
    rec.respond(() => fail(400, "InvalidParameter", `bad request ?app_key=${SECRET_KEY}&x=1 (key ${SECRET_KEY})`));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyApiError;
    expect(e.serverMessage).toBe("bad request ?app_key=***&x=1 (key ***)");
    expectNoKey(e);
  });
});

describe("bodies that are not the envelope", () => {
  test("HTML from a proxy (502) is retried, then a FlashdutyResponseError at (body) with the header request id", async () => {
    rec.respond(() => ({
      status: 502,
      text: "<html><body><h1>502 Bad Gateway</h1></body></html>",
      headers: { "flashcat-request-id": "rid-proxy" },
    }));
    const e = await caught(clientFor({ maxRetries: 1 }).automationTemplates.list());
    expect(rec.requests).toHaveLength(2);
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    const r = e as FlashdutyResponseError;
    expect(r.httpStatus).toBe(502);
    expect(r.path).toBe("(body)");
    expect(r.requestId).toBe("rid-proxy");
    expect(r.attempts).toBe(2);
    expect(r.message).toContain("POST /safari/automation/template/list");
    expect(r.message).toContain("HTTP 502");
    expect(r.message).toContain("rid-proxy");
    expect(r.message).toContain("text/html");
    expectNoKey(r);
  });

  test("a body that echoes the bare key across the message's cut leaves no part of it", async () => {
    // The excerpt of a non-JSON body is cut to 60 characters; the key starts before the cut and
    // ends after it, so cutting before redacting would keep its first part.
    const prefix = "<html><body>Bad gateway: invalid token ";
    rec.respond(() => ({ status: 502, text: `${prefix}${SECRET_KEY}</body></html>` }));
    const e = await caught(clientFor().automationTemplates.list());
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    expect(prefix.length).toBeLessThan(60);
    expect(prefix.length + SECRET_KEY.length).toBeGreaterThan(60);
    expect(e.message).toContain("invalid token ***");
    expect(e.message).not.toContain(SECRET_KEY.slice(0, 8));
    expectNoKey(e);
  });

  test("HTML with 200 is not retried", async () => {
    rec.respond(() => ({ status: 200, text: "<html>login</html>" }));
    const e = await caught(clientFor({ maxRetries: 3 }).automationTemplates.list());
    expect(rec.requests).toHaveLength(1);
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    expect((e as FlashdutyResponseError).path).toBe("(body)");
    expect((e as FlashdutyResponseError).requestId).toBeUndefined();
  });

  test("malformed JSON", async () => {
    rec.respond(() => ({ status: 200, text: '{"request_id": "r1", "data": {', headers: { "content-type": "application/json" } }));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyResponseError;
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    expect(e.path).toBe("(body)");
    expect(e.message).toContain("not JSON");
  });

  test("an empty body", async () => {
    rec.respond(() => ({ status: 200, text: "" }));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyResponseError;
    expect(e.path).toBe("(body)");
    expect(e.message).toContain("empty body");
  });

  test("JSON that is not an object", async () => {
    rec.respond(() => ({ status: 200, json: [1, 2] }));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyResponseError;
    expect(e.path).toBe("(body)");
  });

  test("a wrong type deep in the data names its path and the body's request id", async () => {
    const rules = [wireRule(0), wireRule(1), wireRule(2), wireRule(3, { rule_id: 42 })];
    rec.respond(() => ok({ total: 4, rules }, "rid-types"));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyResponseError;
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    expect(e.path).toBe("data.rules[3].rule_id");
    expect(e.httpStatus).toBe(200);
    expect(e.requestId).toBe("rid-types");
    expect(e.message).toContain("data.rules[3].rule_id");
    expect(e.message).toContain("rid-types");
    expect(e.mayHaveApplied).toBe(false);
  });

  test("a missing field", async () => {
    const { cron_expr: _drop, ...rule } = wireRule(0);
    rec.respond(() => ok({ total: 1, rules: [rule] }));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyResponseError;
    expect(e.path).toBe("data.rules[0].cron_expr");
  });

  test("a wrong element type in an array", async () => {
    rec.respond(() => ok({ total: 1, rules: [wireRule(0, { oncall_incident_channel_ids: [1, "2"] })] }));
    const e = (await caught(clientFor().automationRules.list())) as FlashdutyResponseError;
    expect(e.path).toBe("data.rules[0].oncall_incident_channel_ids[1]");
  });

  test("a missing data on success", async () => {
    rec.respond(() => ({ json: { request_id: "r" } }));
    const e = (await caught(clientFor().mcpServers.get({ serverId: "mcp_a" }))) as FlashdutyResponseError;
    expect(e.path).toBe("data");
  });

  test("an unknown MCP server status", async () => {
    rec.respond(() => ok(wireServer("mcp_a", { status: "paused" })));
    const e = (await caught(clientFor().mcpServers.get({ serverId: "mcp_a" }))) as FlashdutyResponseError;
    expect(e.path).toBe("data.status");
  });

  test("a missing request_id", async () => {
    rec.respond(() => ({ json: { data: { templates: [] } } }));
    const e = (await caught(clientFor().automationTemplates.list())) as FlashdutyResponseError;
    expect(e.path).toBe("request_id");
  });

  test("an error status without an error payload is retried when 5xx and reported at error", async () => {
    rec.respond(() => ({ status: 503, json: { request_id: "r503" } }));
    const e = (await caught(clientFor({ maxRetries: 1 }).automationTemplates.list())) as FlashdutyResponseError;
    expect(rec.requests).toHaveLength(2);
    expect(e.path).toBe("error");
    expect(e.requestId).toBe("r503");
  });
});

describe("failures without an answer", () => {
  test("a reset connection is a FlashdutyConnectionError, retried", async () => {
    rec.respond(() => ({ reset: true }));
    const e = await caught(clientFor({ maxRetries: 1 }).mcpServers.get({ serverId: "mcp_a" }));
    expect(e).toBeInstanceOf(FlashdutyConnectionError);
    expect(e).not.toBeInstanceOf(FlashdutyTimeoutError);
    expect(rec.requests).toHaveLength(2);
    expect(e.attempts).toBe(2);
    expect(e.message).toContain("POST /safari/mcp/server/get");
    expect(e.message).toContain("connection error");
    expect(e.mayHaveApplied).toBe(false); // a read
    expectNoKey(e);
  });

  test("a reset after the request was sent leaves disable's outcome unknown", async () => {
    rec.respond(() => ({ reset: true }));
    const e = await caught(clientFor().mcpServers.disable({ serverId: "mcp_a" }));
    expect(e).toBeInstanceOf(FlashdutyConnectionError);
    expect(e.mayHaveApplied).toBe(true);
    expect(e.message).toContain("may have been applied");
  });

  test("a reset in the middle of the body", async () => {
    rec.respond(() => ({ ...ok({ total: 0, rules: [] }), resetMidBody: true }));
    const e = await caught(clientFor().automationRules.list());
    expect(e).toBeInstanceOf(FlashdutyConnectionError);
  });

  test("a refused connection never reached the server: disable's mayHaveApplied stays false", async () => {
    const closed = await startRecorder();
    const url = closed.url;
    await closed.close();
    const e = await caught(
      new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: url, rateLimit: false, maxRetries: 1 }).mcpServers.disable({
        serverId: "mcp_a",
      }),
    );
    expect(e).toBeInstanceOf(FlashdutyConnectionError);
    expect(e.message).toContain("ECONNREFUSED");
    expect(e.attempts).toBe(2);
    expect(e.mayHaveApplied).toBe(false);
    expectNoKey(e);
  });

  test("a transport error that carries the URL (with app_key) is redacted in message, cause and stack", async () => {
    class LeakyDispatcher extends Dispatcher {
      override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        const url = `${String(opts.origin)}${opts.path}`;
        const err = Object.assign(new Error(`socket hang up while talking to ${url}`), { code: "ECONNRESET", url, options: opts });
        queueMicrotask(() => (handler as { onError(e: Error): void }).onError(err));
        return true;
      }
    }
    const e = await caught(clientFor({ dispatcher: new LeakyDispatcher() }).automationRules.list());
    expect(e).toBeInstanceOf(FlashdutyConnectionError);
    expect(e.message).toContain("app_key=***");
    expect(String((e.cause as Error).message)).toContain("app_key=***");
    expect((e.cause as { code?: string }).code).toBe("ECONNRESET");
    expect(e.cause).not.toHaveProperty("url");
    expectNoKey(e);
  });

  test("no answer within timeoutMs is a FlashdutyTimeoutError (a FlashdutyConnectionError)", async () => {
    rec.respond(() => ({ hang: true }));
    const started = performance.now();
    const e = await caught(clientFor({ timeoutMs: 150 }).mcpServers.enable({ serverId: "mcp_a" }));
    const elapsed = performance.now() - started;
    expect(e).toBeInstanceOf(FlashdutyTimeoutError);
    expect(e).toBeInstanceOf(FlashdutyConnectionError);
    expect((e as FlashdutyTimeoutError).timeoutMs).toBe(150);
    expect(e.message).toContain("POST /safari/mcp/server/enable timed out after 150 ms");
    expect(e.mayHaveApplied).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expectNoKey(e);
  });

  test("an answer later than the timeout is abandoned, and a retry can then succeed", async () => {
    rec.respond((r) => (r.n === 1 ? { ...ok({ templates: [] }), delayMs: 400 } : ok({ templates: [] })));
    const logs: string[] = [];
    const res = await clientFor({ timeoutMs: 150, maxRetries: 1, log: (m) => logs.push(m) }).automationTemplates.list();
    expect(res).toEqual({ templates: [] });
    expect(rec.requests).toHaveLength(2);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("timeout after 150 ms");
  });

  test("the timeout covers the body too: headers in time, body too late", async () => {
    // The body never comes (the recorder holds it until the client gives up): only a timer that
    // covers the body can end the call, and it ends as a timeout, not as a success.
    rec.respond(() => ({ ...ok({ templates: [] }), bodyDelayMs: 600_000 }));
    const e = await caught(clientFor({ timeoutMs: 150 }).automationTemplates.list());
    expect(e).toBeInstanceOf(FlashdutyTimeoutError);
    expect((e as FlashdutyTimeoutError).timeoutMs).toBe(150);
  });

  test("a slow answer within the timeout succeeds", async () => {
    rec.respond(() => ({ ...ok({ templates: [] }), delayMs: 60 }));
    await expect(clientFor({ timeoutMs: 1000 }).automationTemplates.list()).resolves.toEqual({ templates: [] });
  });
});

describe("retries", () => {
  test("500 is retried maxRetries times, then thrown with attempts", async () => {
    rec.respond((r) => fail(500, "InternalError", "boom", `rid-${r.n}`));
    const logs: string[] = [];
    const e = (await caught(clientFor({ maxRetries: 2, log: (m) => logs.push(m) }).automationRules.list())) as FlashdutyApiError;
    expect(rec.requests).toHaveLength(3);
    expect(e.attempts).toBe(3);
    expect(e.requestId).toBe("rid-3");
    expect(e.message).toContain("after 3 attempts");
    expect(e.mayHaveApplied).toBe(false); // a read
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/POST \/safari\/automation\/rule\/list attempt 1 of 3 failed \(InternalError, HTTP 500, request id rid-1\); retrying in \d+ ms/);
    expect(logs[1]).toContain("attempt 2 of 3");
    for (const line of logs) expect(line).not.toContain(SECRET_KEY);
  });

  test.each([429, 500, 502, 503, 504])("HTTP %i is retried and the retry can succeed", async (status) => {
    rec.respond((r) => (r.n === 1 ? fail(status, status === 429 ? "RequestTooFrequently" : "InternalError", "x") : ok({ templates: [] })));
    await expect(clientFor({ maxRetries: 1 }).automationTemplates.list()).resolves.toEqual({ templates: [] });
    expect(rec.requests).toHaveLength(2);
  });

  test("the backoff is full jitter under base * 2^(n-1)", async () => {
    rec.respond(() => fail(503, "ServiceUnavailable", "x"));
    const logs: string[] = [];
    await caught(clientFor({ maxRetries: 2, log: (m) => logs.push(m) }).automationTemplates.list());
    const delays = logs.map((l) => Number(/retrying in (\d+) ms/.exec(l)![1]));
    expect(delays[0]).toBeLessThan(500);
    expect(delays[1]).toBeLessThan(1000);
    // The server saw the retries no earlier than the logged delays.
    expect(rec.requests[1]!.at - rec.requests[0]!.at).toBeGreaterThanOrEqual(delays[0]! - 2);
    expect(rec.requests[2]!.at - rec.requests[1]!.at).toBeGreaterThanOrEqual(delays[1]! - 2);
  });

  test("Retry-After in seconds is honoured: the retry comes no earlier", async () => {
    rec.respond((r) => (r.n === 1 ? fail(429, "RequestTooFrequently", "slow down", "rid-429", { "retry-after": "1" }) : ok({ templates: [] })));
    const logs: string[] = [];
    await clientFor({ maxRetries: 1, log: (m) => logs.push(m) }).automationTemplates.list();
    const gap = rec.requests[1]!.at - rec.requests[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(999);
    expect(logs[0]).toContain("RequestTooFrequently, HTTP 429, request id rid-429");
    // The wait counts from the 429's arrival; the answer is read a loop turn or so later.
    const waitMs = Number(/retrying in (\d+) ms/.exec(logs[0] ?? "")?.[1]);
    expect(waitMs).toBeGreaterThanOrEqual(950);
    expect(waitMs).toBeLessThan(2000);
  });

  test("Retry-After as an HTTP date is honoured", async () => {
    let notBefore = 0;
    rec.respond((r) => {
      if (r.n > 1) return ok({ templates: [] });
      notBefore = Math.ceil((Date.now() + 300) / 1000) * 1000; // HTTP dates have whole seconds
      return fail(503, "ServiceUnavailable", "later", "rid", { "retry-after": new Date(notBefore).toUTCString() });
    });
    await clientFor({ maxRetries: 1 }).automationTemplates.list();
    expect(rec.requests[1]!.wall).toBeGreaterThanOrEqual(notBefore - 1);
  });

  test("X-RateLimit-Reset (unix seconds) is honoured on a 429", async () => {
    let reset = 0;
    rec.respond((r) => {
      if (r.n > 1) return ok({ templates: [] });
      // At least 300 ms ahead, in whole unix seconds.
      reset = Math.ceil((Date.now() + 300) / 1000);
      return fail(429, "RequestTooFrequently", "x", "rid", { "x-ratelimit-reset": String(reset), "x-ratelimit-remaining": "0" });
    });
    await clientFor({ maxRetries: 1 }).automationTemplates.list();
    expect(rec.requests[1]!.wall).toBeGreaterThanOrEqual(reset * 1000 - 1);
  });

  test("a Retry-After beyond 60 s is not slept through: the 429 is thrown at once", async () => {
    rec.respond(() => fail(429, "RequestTooFrequently", "x", "rid", { "retry-after": "3600" }));
    const logs: string[] = [];
    const e = (await caught(clientFor({ maxRetries: 3, log: (m) => logs.push(m) }).automationTemplates.list())) as FlashdutyApiError;
    expect(e.isRateLimited).toBe(true);
    expect(e.attempts).toBe(1);
    expect(rec.requests).toHaveLength(1);
    // No wait was scheduled at all (a retry logs its delay before sleeping).
    expect(logs).toEqual([]);
  });
});

describe("mayHaveApplied", () => {
  test("disable: a 500 then InvalidParameter (already disabled) reports that an attempt may have applied", async () => {
    rec.respond((r) => (r.n === 1 ? fail(500, "InternalError", "oops") : fail(400, "InvalidParameter", "server is already disabled", "rid-2")));
    const e = (await caught(clientFor({ maxRetries: 1 }).mcpServers.disable({ serverId: "mcp_a" }))) as FlashdutyApiError;
    expect(e.isInvalidParameter).toBe(true);
    expect(e.attempts).toBe(2);
    expect(e.mayHaveApplied).toBe(true);
  });

  test("disable: applied then the answer was lost (reset), retry says InvalidParameter", async () => {
    rec.respond((r) => (r.n === 1 ? { reset: true } : fail(400, "InvalidParameter", "already disabled")));
    const e = (await caught(clientFor({ maxRetries: 1 }).mcpServers.disable({ serverId: "mcp_a" }))) as FlashdutyApiError;
    expect(e).toBeInstanceOf(FlashdutyApiError);
    expect(e.mayHaveApplied).toBe(true);
  });

  test("disable: a 429 then InvalidParameter never reached the handler", async () => {
    rec.respond((r) => (r.n === 1 ? fail(429, "RequestTooFrequently", "x") : fail(400, "InvalidParameter", "bad")));
    const e = await caught(clientFor({ maxRetries: 1 }).mcpServers.disable({ serverId: "mcp_a" }));
    expect(e.mayHaveApplied).toBe(false);
  });

  test("disable: an unreadable 200 may have applied", async () => {
    rec.respond(() => ({ status: 200, text: "<html>ok</html>" }));
    const e = await caught(clientFor().mcpServers.disable({ serverId: "mcp_a" }));
    expect(e).toBeInstanceOf(FlashdutyResponseError);
    expect(e.mayHaveApplied).toBe(true);
  });

  test("reads never report it", async () => {
    rec.respond(() => fail(500, "InternalError", "oops"));
    const e = await caught(clientFor().mcpServers.get({ serverId: "mcp_a" }));
    expect(e.mayHaveApplied).toBe(false);
  });
});

describe("the key never leaks", () => {
  test("from any error kind, the client object, or a log line", async () => {
    const errors: unknown[] = [];
    const logs: string[] = [];
    rec.respond(() => fail(403, "AccessDenied", "denied"));
    errors.push(await caught(clientFor().mcpServers.disable({ serverId: "mcp_a" })));
    rec.respond(() => ({ status: 502, text: `<html>upstream http://x/safari?app_key=${SECRET_KEY}</html>` }));
    errors.push(await caught(clientFor({ log: (m) => logs.push(m), maxRetries: 1 }).mcpServers.get({ serverId: "mcp_a" })));
    rec.respond(() => ({ reset: true }));
    errors.push(await caught(clientFor({ log: (m) => logs.push(m), maxRetries: 1 }).mcpServers.get({ serverId: "mcp_a" })));
    rec.respond(() => ({ hang: true }));
    errors.push(await caught(clientFor({ timeoutMs: 50 }).mcpServers.get({ serverId: "mcp_a" })));
    errors.push(await caught(clientFor().automationRules.list({ limit: 101 })));
    rec.respond(() => ok({ total: 20_000, rules: Array.from({ length: 100 }, (_, i) => wireRule(i)) }));
    const paging = await caught(
      (async () => {
        for await (const _ of clientFor().automationRules.listAll()) void _;
      })(),
    );
    expect(paging).toBeInstanceOf(FlashdutyPagingError);
    errors.push(paging);
    try {
      new FlashdutyClient({ appKey: "  ", baseUrl: rec.url });
    } catch (e) {
      errors.push(e);
    }

    expect(errors.map((e) => (e as Error).constructor.name)).toEqual([
      "FlashdutyApiError",
      "FlashdutyResponseError",
      "FlashdutyConnectionError",
      "FlashdutyTimeoutError",
      "FlashdutyValidationError",
      "FlashdutyPagingError",
      "FlashdutyValidationError",
    ]);
    for (const e of errors) expectNoKey(e);
    expect((errors[1] as Error).message).toContain("app_key=***");
    expect(logs.length).toBeGreaterThanOrEqual(2);
    for (const line of logs) expect(line).not.toContain(SECRET_KEY);

    const client = clientFor();
    expect(inspect(client, { showHidden: true, depth: Infinity })).not.toContain(SECRET_KEY);
    expect(JSON.stringify(client)).not.toContain(SECRET_KEY);
  });
});
