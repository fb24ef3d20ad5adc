/**
 * The client's retry policy over real HTTP, `mayHaveApplied` of each failure, and that the app
 * key never leaks into an error or a log line. The error paths themselves: errors.test.ts.
 */
import { inspect } from "node:util";
import { describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyClient, FlashdutyPagingError, FlashdutyResponseError } from "../../sdk";
import { fail, ok, SECRET_KEY, wireRule } from "../support/recorder";

import { caught, clientFor, expectNoKey, rec, useRecorder } from "../support/errorClient";

useRecorder();

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
