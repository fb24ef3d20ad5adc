/** The request log: one entry per answered request, with arrival and answer times, for timing proofs. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATHS } from "../../wire/wire";
import { startEmulator, type Emulator } from "../../emulator";
import { call } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 10 }, limits: false });
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

const disable = (serverId: string) => call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: serverId } });

describe("requestLog", () => {
  it("logs each answered request in order: operation, body fields, status, request id, times", async () => {
    const before = Date.now();
    const ok = await disable("mcp_grafana");
    const again = await disable("mcp_grafana");
    await call(emu, PATHS.automationRuleList, { key: emu.keys.admin, body: { p: 2, limit: 5 } });
    await call(emu, PATHS.automationTemplateList, { key: emu.keys.admin, body: { locale: "zh-CN" } });
    await call(emu, PATHS.mcpServerGet, { key: "wrong", body: { server_id: "mcp_k8s" } });
    const after = Date.now();

    const log = emu.requestLog();
    expect(log.map(({ operation, serverId, page, locale, status }) => ({ operation, serverId, page, locale, status }))).toEqual([
      { operation: "mcpServer.disable", serverId: "mcp_grafana", page: undefined, locale: undefined, status: 200 },
      { operation: "mcpServer.disable", serverId: "mcp_grafana", page: undefined, locale: undefined, status: 400 },
      { operation: "automationRule.list", serverId: undefined, page: 2, locale: undefined, status: 200 },
      { operation: "automationTemplate.list", serverId: undefined, page: undefined, locale: "zh-CN", status: 200 },
      { operation: "mcpServer.get", serverId: "mcp_k8s", page: undefined, locale: undefined, status: 401 },
    ]);
    expect(log[0]!.requestId).toBe(ok.body.request_id);
    expect(log[1]!.requestId).toBe(again.body.request_id);
    for (const entry of log) {
      expect(entry.receivedAt).toBeGreaterThanOrEqual(before - 1);
      expect(entry.time).toBeGreaterThanOrEqual(entry.receivedAt);
      expect(entry.time).toBeLessThanOrEqual(after + 1);
      expect(entry).not.toHaveProperty("retryAfterSeconds");
    }
    // Answer order: each entry answered no earlier than the one before it.
    for (let i = 1; i < log.length; i++) expect(log[i]!.time).toBeGreaterThanOrEqual(log[i - 1]!.time);
    // Never the key, in any form.
    expect(JSON.stringify(log)).not.toContain(emu.keys.admin);
  });

  it("records Retry-After of 429s (fault and real limit), and faults that sent nothing", async () => {
    emu.setFaults([
      { operation: "mcpServer.get", kind: "rateLimit", retryAfterSeconds: 3, count: 1 },
      { operation: "mcpServer.get", kind: "reset", count: 1 },
      { operation: "mcpServer.get", kind: "proxyHtml", count: 1 },
      { operation: "mcpServer.disable", kind: "applyThenDrop", count: 1 },
    ]);
    const get = () => call(emu, PATHS.mcpServerGet, { key: emu.keys.admin, body: { server_id: "mcp_k8s" } });
    expect((await get()).status).toBe(429);
    await expect(get()).rejects.toThrow();
    expect((await get()).status).toBe(502);
    await expect(disable("mcp_k8s")).rejects.toThrow();
    emu.setLimits({ perSecond: 1, perMinute: 100 });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);

    const log = emu.requestLog();
    expect(log.map((e) => [e.operation, e.status, e.retryAfterSeconds])).toEqual([
      ["mcpServer.get", 429, 3],
      ["mcpServer.get", "reset", undefined],
      ["mcpServer.get", 502, undefined],
      ["mcpServer.disable", "dropped", undefined],
      ["mcpServer.get", 200, undefined],
      ["mcpServer.get", 429, 1],
    ]);
    expect(log[1]).not.toHaveProperty("requestId");
    expect(log[2]).not.toHaveProperty("requestId");
    expect(log[3]).toMatchObject({ serverId: "mcp_k8s" });
  });

  it("receivedAt is before injected latency, time after it", async () => {
    emu.setFaults([{ operation: "automationTemplate.list", kind: "latency", latencyMs: 300 }]);
    await call(emu, PATHS.automationTemplateList, { key: emu.keys.admin, body: {} });
    const [entry] = emu.requestLog();
    expect(entry!.time - entry!.receivedAt).toBeGreaterThanOrEqual(299);
  });

  it("is emptied by resetCounters and reset, and served by GET /_emulator/requests", async () => {
    await disable("mcp_grafana");
    const served = await call(emu, "/_emulator/requests", { key: null, method: "GET" });
    expect(served.status).toBe(200);
    expect(served.body.data.entries).toEqual(emu.requestLog());
    expect(served.body.data.entries).toHaveLength(1);
    emu.resetCounters();
    expect(emu.requestLog()).toEqual([]);
    await disable("mcp_k8s");
    emu.reset();
    expect(emu.requestLog()).toEqual([]);
  });

  it("a body too large is logged without body fields", async () => {
    const big = JSON.stringify({ server_id: "mcp_grafana", pad: "x".repeat(1_100_000) });
    const answer = await call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, raw: big });
    expect(answer.status).toBe(413);
    expect(emu.requestLog()).toEqual([expect.objectContaining({ operation: "mcpServer.disable", status: 413, requestId: answer.body.request_id })]);
    expect(emu.requestLog()[0]).not.toHaveProperty("serverId");
  });
});
