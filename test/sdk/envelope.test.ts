/**
 * Success and failure of an envelope as the vendor's own client decides them (docs/platform-api.md
 * "The envelope"): `error` null or absent, or a code of "", "0" or "OK" (any case) on a 2xx, is a
 * success; `data` may be absent or null where the operation's data is null; the body's
 * `request_id` wins over the header. Over real HTTP to a recording peer.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyClient, FlashdutyResponseError } from "../../sdk";
import { SECRET_KEY, startRecorder, wireServer, type Recorder } from "../support/recorder";

let rec: Recorder;
let client: FlashdutyClient;

beforeEach(async () => {
  rec = await startRecorder();
  client = new FlashdutyClient({ appKey: SECRET_KEY, baseUrl: rec.url, maxRetries: 0, rateLimit: false });
});
afterEach(async () => {
  await rec.close();
});

async function caught(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection");
}

describe("success envelopes", () => {
  test.each([
    ["error null", { error: null }],
    ["error absent", {}],
    ['code ""', { error: { code: "", message: "" } }],
    ['code "0"', { error: { code: "0", message: "success" } }],
    ['code "OK"', { error: { code: "OK", message: "ok" } }],
    ['code "ok"', { error: { code: "ok" } }],
    ['code "Ok" without message', { error: { code: "Ok" } }],
    ["an empty error object (the Go client's zero value)", { error: {} }],
    ["code null", { error: { code: null, message: null } }],
  ])("%s on a 200 is a success (get, list)", async (_name, envelope) => {
    rec.respond(() => ({ json: { request_id: "r1", data: wireServer("mcp_a"), ...envelope } }));
    expect((await client.mcpServers.get({ serverId: "mcp_a" })).serverId).toBe("mcp_a");
    rec.respond(() => ({ json: { request_id: "r2", data: { total: 0, rules: null }, ...envelope } }));
    expect(await client.automationRules.list()).toStrictEqual({ total: 0, rules: [] });
  });

  test.each([
    ["data null", { data: null }],
    ["data absent", {}],
    ["data null and error null", { data: null, error: null }],
    ["data absent and code OK", { error: { code: "OK", message: "" } }],
  ])("disable and enable: %s is a success", async (_name, envelope) => {
    rec.respond(() => ({ json: { request_id: "r", ...envelope } }));
    await expect(client.mcpServers.disable({ serverId: "mcp_a" })).resolves.toBeUndefined();
    await expect(client.mcpServers.enable({ serverId: "mcp_a" })).resolves.toBeUndefined();
  });

  test("a 200 whose templates list is null reads as no templates", async () => {
    rec.respond(() => ({ json: { request_id: "r", data: { templates: null } } }));
    expect(await client.automationTemplates.list()).toStrictEqual({ templates: [] });
  });

  test("get with data absent or null is still an unreadable answer (the operation's data is not null)", async () => {
    rec.respond(() => ({ json: { request_id: "r", error: null } }));
    expect(((await caught(client.mcpServers.get({ serverId: "mcp_a" }))) as FlashdutyResponseError).path).toBe("data");
    rec.respond(() => ({ json: { request_id: "r", data: null } }));
    expect(await caught(client.mcpServers.get({ serverId: "mcp_a" }))).toBeInstanceOf(FlashdutyResponseError);
  });
});

describe("failure envelopes", () => {
  test("a failure code on a 200 is a failure", async () => {
    rec.respond(() => ({ json: { request_id: "r", error: { code: "InvalidParameter", message: "bad" } } }));
    const e = (await caught(client.mcpServers.disable({ serverId: "mcp_a" }))) as FlashdutyApiError;
    expect(e).toBeInstanceOf(FlashdutyApiError);
    expect(e.code).toBe("InvalidParameter");
  });

  test('a success code ("OK") or error null on a non-2xx status is a failure', async () => {
    for (const error of [{ code: "OK", message: "" }, null]) {
      rec.respond(() => ({ status: 400, json: { request_id: "r400", error } }));
      const e = (await caught(client.mcpServers.disable({ serverId: "mcp_a" }))) as FlashdutyResponseError;
      expect(e).toBeInstanceOf(FlashdutyResponseError);
      expect(e.httpStatus).toBe(400);
      expect(e.requestId).toBe("r400");
    }
  });
});

describe("request id", () => {
  test("the body's request_id wins over the Flashcat-Request-Id header", async () => {
    rec.respond(() => ({
      status: 403,
      json: { request_id: "from-body", error: { code: "AccessDenied", message: "no" } },
      headers: { "flashcat-request-id": "from-header" },
    }));
    expect(((await caught(client.mcpServers.disable({ serverId: "mcp_a" }))) as FlashdutyApiError).requestId).toBe("from-body");
  });

  test("an empty body request_id falls back to the header", async () => {
    rec.respond(() => ({
      status: 403,
      json: { request_id: "", error: { code: "AccessDenied", message: "no" } },
      headers: { "flashcat-request-id": "from-header" },
    }));
    expect(((await caught(client.mcpServers.disable({ serverId: "mcp_a" }))) as FlashdutyApiError).requestId).toBe("from-header");
  });
});
