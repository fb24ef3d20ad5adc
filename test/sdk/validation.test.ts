/**
 * Arguments are checked before anything is sent: each violation is a FlashdutyValidationError
 * naming the field and the limit, and the recording peer sees no request.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FlashdutyClient, FlashdutyValidationError } from "../../sdk";
import { ok, SECRET_KEY, startRecorder, type Recorder } from "../support/recorder";

let rec: Recorder;
let client: FlashdutyClient;
beforeAll(async () => {
  rec = await startRecorder(() => ok({ total: 0, rules: [], servers: [], templates: [] }));
  client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, rateLimit: false });
});
afterAll(async () => {
  expect(rec.requests).toHaveLength(0);
  await rec.close();
});

async function rejection(p: Promise<unknown>): Promise<FlashdutyValidationError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(FlashdutyValidationError);
    const v = e as FlashdutyValidationError;
    expect(v.attempts).toBe(0);
    expect(v.mayHaveApplied).toBe(false);
    return v;
  }
  throw new Error("expected a FlashdutyValidationError");
}

describe("automationRules.list", () => {
  const op = "POST /safari/automation/rule/list";
  test.each([
    [{ limit: 101 }, "limit", `${op}: limit must be an integer from 1 to 100 (got 101)`],
    [{ limit: 0 }, "limit", `${op}: limit must be an integer from 1 to 100 (got 0)`],
    [{ limit: 2.5 }, "limit", "limit must be an integer from 1 to 100 (got 2.5)"],
    [{ limit: "10" }, "limit", 'limit must be an integer from 1 to 100 (got "10")'],
    [{ page: 0 }, "page", "page must be an integer >= 1 (got 0)"],
    [{ page: 1.5 }, "page", "page must be an integer >= 1 (got 1.5)"],
    [{ page: 101, limit: 100 }, "page", "page * limit must be at most 10000 (got page 101 * limit 100 = 10100)"],
    [{ page: 501 }, "page", "page * limit must be at most 10000 (got page 501 * limit 20 = 10020)"],
    [{ scope: "everyone" }, "scope", 'scope must be one of all, personal, team (got "everyone")'],
    [{ scope: "account" }, "scope", "scope must be one of all, personal, team"],
    [{ keyword: "k".repeat(65) }, "keyword", "keyword must be at most 64 characters (got 65)"],
    [{ keyword: 5 }, "keyword", "keyword must be a string (got 5)"],
    [{ teamIds: [1, 2.5] }, "teamIds[1]", "teamIds[1] must be an integer (got 2.5)"],
    [{ teamIds: ["1"] }, "teamIds[0]", 'teamIds[0] must be an integer (got "1")'],
    [{ teamIds: 3 }, "teamIds", "teamIds must be an array of integers (got 3)"],
    [{ enabled: "yes" }, "enabled", 'enabled must be a boolean or null (got "yes")'],
    [{ includePerson: 0 }, "includePerson", "includePerson must be a boolean or null (got 0)"],
  ])("%j is rejected on %s", async (params, field, message) => {
    const e = await rejection(client.automationRules.list(params as never));
    expect(e.field).toBe(field);
    expect(e.operation).toBe(op);
    expect(e.message).toContain(message);
    expect(e.message.startsWith(op)).toBe(true);
  });

  test("64 characters (code points, not UTF-16 units) are fine", async () => {
    await expect(client.automationRules.list({ keyword: "😀".repeat(64) })).resolves.toBeDefined();
    rec.requests.length = 0;
  });

  test("params that are not an object", async () => {
    expect((await rejection(client.automationRules.list("x" as never))).field).toBe("params");
  });
});

describe("mcpServers", () => {
  test.each(["disable", "enable", "get"] as const)("%s needs a non-empty serverId", async (method) => {
    for (const serverId of ["", "   ", undefined, 7]) {
      const e = await rejection(client.mcpServers[method]({ serverId } as never));
      expect(e.field).toBe("serverId");
      expect(e.message).toContain("serverId must be a non-empty string");
      expect(e.message).toContain(`/safari/mcp/server/${method}`);
    }
  });

  test("list checks scope (all/account/team), limit, page, teamIds, includeAccount", async () => {
    expect((await rejection(client.mcpServers.list({ scope: "personal" as never }))).message).toContain(
      'scope must be one of all, account, team (got "personal")',
    );
    expect((await rejection(client.mcpServers.list({ limit: 500 }))).field).toBe("limit");
    expect((await rejection(client.mcpServers.list({ page: -1 }))).field).toBe("page");
    expect((await rejection(client.mcpServers.list({ teamIds: [NaN] }))).field).toBe("teamIds[0]");
    expect((await rejection(client.mcpServers.list({ includeAccount: "no" as never }))).field).toBe("includeAccount");
    expect((await rejection(client.mcpServers.list({ query: 1 as never }))).field).toBe("query");
    const long = await rejection(client.mcpServers.list({ query: "q".repeat(129) }));
    expect(long.field).toBe("query");
    expect(long.message).toContain("query must be at most 128 characters (got 129)");
  });
});

describe("automationTemplates.list", () => {
  test("locale is at most 16 characters", async () => {
    const e = await rejection(client.automationTemplates.list({ locale: "x".repeat(17) }));
    expect(e.field).toBe("locale");
    expect(e.message).toBe("POST /safari/automation/template/list: locale must be at most 16 characters (got 17)");
  });
});

describe("client options", () => {
  const make = (o: object) => () => new FlashdutyClient({ appKey: SECRET_KEY, ...o } as never);
  test.each([
    [{ appKey: "" }, "appKey", "appKey must be a non-empty string"],
    [{ appKey: "   " }, "appKey", "appKey must be a non-empty string"],
    [{ appKey: undefined }, "appKey", "appKey must be a non-empty string"],
    [{ baseUrl: "ftp://x" }, "baseUrl", "baseUrl must be an http(s) URL"],
    [{ baseUrl: "not a url" }, "baseUrl", "baseUrl must be an http(s) URL"],
    [{ baseUrl: "https://x/?a=1" }, "baseUrl", "without query"],
    [{ timeoutMs: 0 }, "timeoutMs", "timeoutMs must be a positive number of milliseconds (got 0)"],
    [{ maxRetries: -1 }, "maxRetries", "maxRetries must be an integer from 0 to 20 (got -1)"],
    [{ rateLimit: { perSecond: 0, perMinute: 10 } }, "rateLimit.perSecond", "rateLimit.perSecond must be an integer >= 1"],
    [{ rateLimit: { perSecond: 5 } }, "rateLimit.perMinute", "rateLimit.perMinute must be an integer >= 1 (got undefined)"],
    [{ userAgent: "" }, "userAgent", "userAgent must be a non-empty string"],
  ])("%j is rejected on %s", (options, field, message) => {
    let error: unknown;
    try {
      make(options)();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect((error as FlashdutyValidationError).field).toBe(field);
    expect((error as Error).message).toContain("new FlashdutyClient: ");
    expect((error as Error).message).toContain(message);
  });

  test("a malformed key is never echoed", () => {
    expect(make({ appKey: " \t " })).toThrow(/^new FlashdutyClient: appKey must be a non-empty string \(the application key/);
  });

  test("defaults construct", () => {
    expect(() => new FlashdutyClient({ appKey: SECRET_KEY })).not.toThrow();
    expect(() => new FlashdutyClient({ appKey: SECRET_KEY, rateLimit: false, maxRetries: 0, baseUrl: "http://127.0.0.1:1/" })).not.toThrow();
  });
});
