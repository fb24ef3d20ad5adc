/** The envelope, request ids and localized messages, on successes and every kind of error. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { startEmulator, type Emulator } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 40 }, limits: false });
});
afterAll(() => emu.close());

describe("envelope", () => {
  it("success: request_id in body and Flashcat-Request-Id header, data present, no error", async () => {
    const answer = await call(emu, PATHS.automationTemplateList, { key: emu.keys.member, body: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.body.request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.headers["flashcat-request-id"]).toBe(answer.body.request_id);
    expect(answer.body).toHaveProperty("data");
    expect(answer.body).not.toHaveProperty("error");
  });

  it("disable and enable answer data: null", async () => {
    const disabled = await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toEqual({ request_id: disabled.body.request_id, data: null });
    const enabled = await call(emu, PATHS.mcpServerEnable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } });
    expect(enabled.body).toEqual({ request_id: enabled.body.request_id, data: null });
  });

  it("errors carry request_id (body and header), error {code, message}, and no data", async () => {
    expectError(await call(emu, PATHS.automationRuleList, { key: null, body: {} }), 401, "Unauthorized");
    expectError(await call(emu, "/safari/unknown", { key: emu.keys.admin, body: {} }), 404, "RouteNotFound");
    expectError(await call(emu, PATHS.automationRuleList, { key: emu.keys.admin, method: "GET" }), 405, "MethodNotAllowed");
    expectError(await call(emu, PATHS.automationRuleList, { key: emu.keys.admin, body: { limit: 101 } }), 400, "InvalidParameter");
  });

  it("every response has its own request id", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const answer = await call(emu, PATHS.mcpServerGet, { key: emu.keys.member, body: { server_id: i % 2 ? "mcp_grafana" : "nope" } });
      ids.add(answer.body.request_id);
    }
    expect(ids.size).toBe(20);
  });

  it("messages follow Accept-Language: zh-CN, en-US, best match, fallback en-US", async () => {
    const message = async (acceptLanguage?: string) => {
      const headers = acceptLanguage === undefined ? undefined : { "accept-language": acceptLanguage };
      const answer = await call(emu, PATHS.mcpServerGet, { key: emu.keys.member, body: { server_id: "mcp_missing" }, headers });
      expectError(answer, 400, "ResourceNotFound");
      return answer.body.error.message as string;
    };
    expect(await message()).toBe("MCP server mcp_missing not found");
    expect(await message("zh-CN")).toBe("MCP 服务 mcp_missing 不存在");
    expect(await message("zh-TW,zh;q=0.9")).toBe("MCP 服务 mcp_missing 不存在");
    expect(await message("fr-FR,zh-CN;q=0.8,en;q=0.5")).toBe("MCP 服务 mcp_missing 不存在");
    expect(await message("en-GB,zh-CN;q=0.8")).toBe("MCP server mcp_missing not found");
    expect(await message("fr-FR")).toBe("MCP server mcp_missing not found");
    expect(await message("zh-CN;q=0,en")).toBe("MCP server mcp_missing not found");
  });

  it("InvalidParameter messages name the parameter, in both languages", async () => {
    const en = await call(emu, PATHS.automationRuleList, { key: emu.keys.member, body: { limit: 500 } });
    expect(en.body.error.message).toContain("limit");
    const zh = await call(emu, PATHS.automationRuleList, { key: emu.keys.member, body: { limit: 500 }, headers: { "accept-language": "zh-CN" } });
    expect(zh.body.error.message).toContain("limit");
    expect(zh.body.error.message).not.toBe(en.body.error.message);
  });

  it("messages never contain the app key", async () => {
    const answer = await call(emu, PATHS.automationRuleList, { key: `${emu.keys.admin}x`, body: {} });
    expectError(answer, 401, "Unauthorized");
    expect(answer.text).not.toContain(emu.keys.admin);
    const notFound = await call(emu, "/nowhere", { key: emu.keys.admin, body: {} });
    expect(notFound.text).not.toContain(emu.keys.admin);
  });
});
