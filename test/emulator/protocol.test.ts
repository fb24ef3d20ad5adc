/** Protocol errors: 404, 405, Content-Type, malformed JSON, wrong field types, 413. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { MAX_BODY_BYTES, startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 20 }, limits: false });
});
afterAll(() => emu.close());

describe("routing", () => {
  it("unknown path: 404 RouteNotFound (whatever the method)", async () => {
    for (const method of ["POST", "GET", "DELETE"] as const) {
      expectError(await call(emu, "/safari/mcp/server/archive", { key: emu.keys.admin, method }), 404, "RouteNotFound");
    }
    expectError(await call(emu, "/", { key: emu.keys.admin, method: "GET" }), 404, "RouteNotFound");
    expectError(await call(emu, `${PATHS.mcpServerList}/`, { key: emu.keys.admin, body: {} }), 404, "RouteNotFound");
  });

  it("known path, not POST: 405 MethodNotAllowed with Allow: POST", async () => {
    for (const path of Object.values(PATHS)) {
      for (const method of ["GET", "PUT", "DELETE", "PATCH"] as const) {
        const answer = await call(emu, path, { key: emu.keys.admin, method, body: method === "GET" || method === "DELETE" ? undefined : {} });
        expectError(answer, 405, "MethodNotAllowed");
        expect(answer.headers.allow).toBe("POST");
      }
    }
  });

  it("405 and 404 are not counted against any operation", async () => {
    emu.resetCounters();
    await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, method: "GET" });
    await call(emu, "/nope", { key: emu.keys.admin, body: {} });
    expect(Object.values(emu.counters()).every((c) => c.requests === 0)).toBe(true);
  });
});

describe("bodies", () => {
  const list = (options: Parameters<typeof call>[2]) => call(emu, PATHS.automationRuleList, { key: emu.keys.admin, ...options });

  it("non-JSON Content-Type: 400 InvalidContentType", async () => {
    expectError(await list({ raw: "{}", contentType: "text/plain" }), 400, "InvalidContentType");
    expectError(await list({ raw: "limit=5", contentType: "application/x-www-form-urlencoded" }), 400, "InvalidContentType");
    expectError(await list({ raw: "{}", contentType: "not a media type" }), 400, "InvalidContentType");
    expectError(await list({ raw: "{}", contentType: null }), 400, "InvalidContentType");
  });

  it("application/json with parameters and any case is JSON", async () => {
    expect((await list({ raw: "{}", contentType: "application/json; charset=utf-8" })).status).toBe(200);
    expect((await list({ raw: "{}", contentType: "Application/JSON" })).status).toBe(200);
  });

  it("an empty body is {} (no Content-Type needed)", async () => {
    expect((await list({ contentType: null })).status).toBe(200);
    const answer = await call(emu, PATHS.mcpServerGet, { key: emu.keys.admin, contentType: null });
    expectError(answer, 400, "InvalidParameter");
    expect(answer.body.error.message).toContain("server_id");
  });

  it("malformed JSON or a body that is not an object: 400 InvalidParameter", async () => {
    for (const raw of ["{", "{'limit': 5}", "nul", "[]", "5", '"text"', "null"]) {
      const answer = await list({ raw });
      expectError(answer, 400, "InvalidParameter");
      expect(answer.body.error.message).toContain("body");
    }
  });

  it("wrong field types: 400 InvalidParameter naming the field", async () => {
    const cases: Array<[string, unknown, string]> = [
      [PATHS.automationRuleList, { limit: "20" }, "limit"],
      [PATHS.automationRuleList, { p: 1.5 }, "p"],
      [PATHS.automationRuleList, { scope: 1 }, "scope"],
      [PATHS.automationRuleList, { team_ids: [1, "2"] }, "team_ids[1]"],
      [PATHS.automationRuleList, { team_ids: 1 }, "team_ids"],
      [PATHS.automationRuleList, { enabled: "true" }, "enabled"],
      [PATHS.automationRuleList, { include_person: 0 }, "include_person"],
      [PATHS.automationRuleList, { keyword: ["disk"] }, "keyword"],
      [PATHS.mcpServerList, { include_account: "yes" }, "include_account"],
      [PATHS.mcpServerList, { query: 5 }, "query"],
      [PATHS.mcpServerDisable, { server_id: 7 }, "server_id"],
      [PATHS.mcpServerEnable, {}, "server_id"],
      [PATHS.mcpServerGet, { server_id: "" }, "server_id"],
      [PATHS.automationTemplateList, { locale: 5 }, "locale"],
    ];
    for (const [path, body, field] of cases) {
      const answer = await call(emu, path, { key: emu.keys.admin, body });
      expectError(answer, 400, "InvalidParameter");
      expect(answer.body.error.message, JSON.stringify(body)).toContain(field);
    }
  });

  it("unknown fields are ignored", async () => {
    expect((await list({ body: { limit: 5, shiny_new_field: true } })).status).toBe(200);
  });

  it("body over 1 MiB: 413 EntityTooLarge; exactly 1 MiB is read", async () => {
    const pad = (total: number) => {
      const head = '{"limit":5,"pad":"';
      return `${head + "x".repeat(total - head.length - 2)}"}`;
    };
    expect(Buffer.byteLength(pad(MAX_BODY_BYTES))).toBe(1024 * 1024);
    expect((await list({ raw: pad(MAX_BODY_BYTES) })).status).toBe(200);
    expectError(await list({ raw: pad(MAX_BODY_BYTES + 1) }), 413, "EntityTooLarge");
    emu.resetCounters();
    expectError(await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, raw: pad(2 * MAX_BODY_BYTES) }), 413, "EntityTooLarge");
    expect(emu.counters()["mcpServer.disable"]).toEqual({ requests: 1, statuses: { "413": 1 } });
    expect(emu.audit()).toEqual([]);
  });
});
