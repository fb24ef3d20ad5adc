/**
 * Every error path of the client over real HTTP: each wire code, non-envelope bodies, resets,
 * timeouts, Retry-After / X-RateLimit-Reset. The retry policy, mayHaveApplied and the app key in
 * no error or log line: errorRetries.test.ts.
 */
import { Dispatcher } from "undici";
import { describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyClient, FlashdutyConnectionError, FlashdutyResponseError, FlashdutyTimeoutError, isFlashdutyApiError } from "../../sdk";
import { ERROR_CODES } from "../../wire/errorCodes";
import { fail, ok, SECRET_KEY, startRecorder, wireRule, wireServer } from "../support/recorder";

import { caught, clientFor, expectNoKey, rec, useRecorder } from "../support/errorClient";

useRecorder();

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
