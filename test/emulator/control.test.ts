/** The control API under /_emulator/: state, audit, counters, out-of-band status, faults, limits, reset; loopback only. */
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { SEED_TEAMS, startEmulator, type Emulator } from "../../emulator";
import { isLoopback } from "../../emulator/http/loopback";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 25 }, limits: false });
});
beforeEach(() => {
  emu.reset();
  emu.setLimits(false);
});
afterAll(() => emu.close());

const control = (path: string, body?: unknown) => call(emu, `/_emulator/${path}`, { key: null, method: body === undefined ? "GET" : "POST", body });

describe("control API", () => {
  it("GET state: servers, users with keys, teams, rule count, limits, faults", async () => {
    const answer = await control("state");
    expect(answer.status).toBe(200);
    expect(answer.headers["flashcat-request-id"]).toBe(answer.body.request_id);
    const state = answer.body.data;
    expect(state.servers).toEqual(emu.servers());
    expect(state.users).toEqual(emu.users);
    expect(state.teams).toEqual(SEED_TEAMS);
    expect(state.rules).toBe(25);
    expect(state.limits).toBe(false);
    expect(state.faults).toEqual([]);
  });

  it("GET audit and counters mirror the API calls", async () => {
    const disable = await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } });
    const audit = (await control("audit")).body.data.entries;
    expect(audit).toEqual(emu.audit());
    expect(audit[0]).toMatchObject({ serverId: "mcp_grafana", outcome: "success", requestId: disable.body.request_id });
    const counters = (await control("counters")).body.data;
    expect(counters).toEqual(emu.counters());
    expect(counters["mcpServer.disable"]).toEqual({ requests: 1, statuses: { "200": 1 } });
    expect(Object.keys(counters).sort()).toEqual([
      "a2aAgent.create",
      "a2aAgent.delete",
      "a2aAgent.disable",
      "a2aAgent.enable",
      "a2aAgent.get",
      "a2aAgent.list",
      "a2aAgent.update",
      "automationRule.create",
      "automationRule.delete",
      "automationRule.get",
      "automationRule.list",
      "automationRule.run",
      "automationRule.update",
      "automationTemplate.list",
      "automationTrigger.fire",
      "knowledge.get",
      "knowledgeFile.delete",
      "knowledgeFile.get",
      "knowledgeFile.list",
      "knowledgeFile.put",
      "knowledgePack.delete",
      "knowledgePack.ensure",
      "knowledgePack.list",
      "knowledgePack.update",
      "mcpServer.create",
      "mcpServer.delete",
      "mcpServer.disable",
      "mcpServer.enable",
      "mcpServer.get",
      "mcpServer.list",
      "mcpServer.update",
      "skill.delete",
      "skill.disable",
      "skill.enable",
      "skill.get",
      "skill.list",
      "skill.update",
      "skill.upload",
    ]);
  });

  it("POST servers/status changes a server out of band (not audited, not counted)", async () => {
    const answer = await control("servers/status", { server_id: "mcp_jira", status: "enabled" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ server_id: "mcp_jira", status: "enabled" });
    expect(emu.server("mcp_jira")!.status).toBe("enabled");
    expect(emu.audit()).toEqual([]);
    expectError(await control("servers/status", { server_id: "mcp_nope", status: "enabled" }), 400, "ResourceNotFound");
    const bad = await control("servers/status", { server_id: "mcp_jira", status: "paused" });
    expectError(bad, 400, "InvalidParameter");
    expect(bad.body.error.message).toContain("status");
  });

  it("POST faults replaces the faults; invalid specs are 400 naming the field", async () => {
    const set = await control("faults", { faults: [{ operation: "mcpServer.list", kind: "error", status: 503, count: 2 }] });
    expect(set.body.data.faults).toEqual([{ operation: "mcpServer.list", kind: "error", status: 503, count: 2 }]);
    expectError(await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, body: {} }), 503, "ServiceUnavailable");
    expect((await control("state")).body.data.faults).toEqual([{ operation: "mcpServer.list", kind: "error", status: 503, count: 1 }]);
    const bad = await control("faults", { faults: [{ operation: "*", kind: "boom" }] });
    expectError(bad, 400, "InvalidParameter");
    expect(bad.body.error.message).toContain("faults[0].kind");
    expectError(await control("faults", { faults: "all" }), 400, "InvalidParameter");
    await control("faults", { faults: [] });
    expect((await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, body: {} })).status).toBe(200);
  });

  it("POST limits sets or turns off the rate limits", async () => {
    expect((await control("limits", { perSecond: 1, perMinute: 10 })).body.data).toEqual({ limits: { perSecond: 1, perMinute: 10 } });
    expect((await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, body: {} })).status).toBe(200);
    expectError(await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, body: {} }), 429, "RequestTooFrequently");
    expect((await control("limits", { enabled: false })).body.data).toEqual({ limits: false });
    expect((await call(emu, PATHS.mcpServerList, { key: emu.keys.admin, body: {} })).status).toBe(200);
    const missing = await control("limits", { perSecond: 5 });
    expectError(missing, 400, "InvalidParameter");
    expect(missing.body.error.message).toContain("perMinute");
    expectError(await control("limits", { perSecond: 0, perMinute: 5 }), 400, "InvalidParameter");
  });

  it("POST reset and counters/reset", async () => {
    await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } });
    await control("faults", { faults: [{ operation: "*", kind: "latency", latencyMs: 1 }] });
    expect((await control("counters/reset", {})).status).toBe(200);
    expect(emu.audit()).toEqual([]);
    expect(emu.counters()["mcpServer.disable"].requests).toBe(0);
    expect(emu.server("mcp_grafana")!.status).toBe("disabled");
    expect((await control("reset", {})).body.data).toBeNull();
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
    expect((await control("state")).body.data.faults).toEqual([]);
  });

  it("is never counted, rate limited or faulted", async () => {
    emu.setLimits({ perSecond: 1, perMinute: 1 });
    emu.setFaults([{ operation: "*", kind: "error" }]);
    for (let i = 0; i < 5; i++) expect((await control("state")).status).toBe(200);
    expect((await control("servers/status", { server_id: "mcp_k8s", status: "disabled" })).status).toBe(200);
    expect(Object.values(emu.counters()).every((c) => c.requests === 0)).toBe(true);
  });

  it("wrong method: 405; unknown control path: 404", async () => {
    const wrong = await call(emu, "/_emulator/reset", { key: null, method: "GET" });
    expectError(wrong, 405, "MethodNotAllowed");
    expect(wrong.headers.allow).toBe("POST");
    expectError(await call(emu, "/_emulator/state", { key: null, body: {} }), 405, "MethodNotAllowed");
    expectError(await control("nothing"), 404, "RouteNotFound");
  });

  it("answers loopback callers only", async () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("127.4.5.6")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("192.0.2.2")).toBe(false);
    expect(isLoopback("::ffff:10.0.0.1")).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
    // Over the wire too, when this machine has a non-loopback address to call from.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i !== undefined && i.family === "IPv4" && !i.internal);
    if (external === undefined) return;
    const open = await startEmulator({ host: "0.0.0.0", seed: { rules: 0 }, limits: false });
    try {
      const remote = { url: `http://${external.address}:${open.port}` };
      expectError(await call(remote, "/_emulator/state", { key: null, method: "GET" }), 403, "AccessDenied");
      expectError(await call(remote, "/_emulator/reset", { key: null, body: {} }), 403, "AccessDenied");
      expect((await call(remote, PATHS.automationTemplateList, { key: open.keys.admin, body: {} })).status).toBe(200);
      expect((await call(open, "/_emulator/state", { key: null, method: "GET" })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
