/** Fault injection: each kind, count, fraction, "*", start-time faults, and validation. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "undici";
import { PATHS } from "../../wire/wire";
import { PROXY_502_HTML, startEmulator, type Emulator, type FaultSpec } from "../../emulator";
import { call, expectError } from "../support/emulatorCalls";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 10 }, limits: false });
});
beforeEach(() => emu.reset());
afterAll(() => emu.close());

const disable = (serverId = "mcp_grafana") => call(emu, PATHS.mcpServerDisable, { key: emu.keys.admin, body: { server_id: serverId } });
const templates = () => call(emu, PATHS.automationTemplateList, { key: emu.keys.admin, body: {} });

describe("fault kinds", () => {
  it("latency: waits latencyMs, then answers normally", async () => {
    emu.setFaults([{ operation: "automationTemplate.list", kind: "latency", latencyMs: 1500 }]);
    const t0 = performance.now();
    const answered: string[] = [];
    const slow = templates().then((a) => {
      answered.push("templates");
      return a;
    });
    // Another operation, sent after it, is not delayed: it is answered first.
    const other = call(emu, PATHS.mcpServerList, { key: emu.keys.admin, body: {} }).then((a) => {
      answered.push("servers");
      return a;
    });
    expect((await other).status).toBe(200);
    expect((await slow).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1490);
    expect(answered).toEqual(["servers", "templates"]);
  });

  it("latency combines with another fault", async () => {
    emu.setFaults([
      { operation: "mcpServer.disable", kind: "latency", latencyMs: 100 },
      { operation: "mcpServer.disable", kind: "error", status: 503 },
    ]);
    const t0 = performance.now();
    expectError(await disable(), 503, "ServiceUnavailable");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(90);
  });

  it("error: 500 InternalError (default) or 503 ServiceUnavailable envelopes; nothing applied", async () => {
    emu.setFaults([
      { operation: "mcpServer.disable", kind: "error", count: 1 },
      { operation: "mcpServer.disable", kind: "error", status: 503, count: 1 },
    ]);
    expectError(await disable(), 500, "InternalError");
    expectError(await disable(), 503, "ServiceUnavailable");
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
    expect(emu.audit()).toEqual([]);
    expect((await disable()).status).toBe(200);
    expect(emu.counters()["mcpServer.disable"]).toEqual({ requests: 3, statuses: { "500": 1, "503": 1, "200": 1 } });
  });

  it("rateLimit: 429 RequestTooFrequently with Retry-After (default 1) and X-RateLimit-*", async () => {
    emu.setFaults([
      { operation: "automationTemplate.list", kind: "rateLimit", count: 1 },
      { operation: "automationTemplate.list", kind: "rateLimit", retryAfterSeconds: 7, count: 1 },
    ]);
    const first = await templates();
    expectError(first, 429, "RequestTooFrequently");
    expect(first.headers["retry-after"]).toBe("1");
    expect(first.headers["x-ratelimit-remaining"]).toBe("0");
    expect(first.headers["x-ratelimit-limit"]).toBe("50");
    expect(Number(first.headers["x-ratelimit-reset"])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect((await templates()).headers["retry-after"]).toBe("7");
    expect((await templates()).status).toBe(200);
  });

  it("reset: the connection is reset before answering and nothing is applied", async () => {
    emu.setFaults([{ operation: "mcpServer.disable", kind: "reset", count: 1 }]);
    await expect(disable()).rejects.toThrow();
    expect(emu.server("mcp_grafana")!.status).toBe("enabled");
    expect(emu.audit()).toEqual([]);
    expect(emu.counters()["mcpServer.disable"]).toEqual({ requests: 1, statuses: { reset: 1 } });
    expect((await disable()).status).toBe(200);
  });

  it("applyThenDrop: the write is committed and audited, then the socket closes without a response", async () => {
    emu.setFaults([{ operation: "mcpServer.disable", kind: "applyThenDrop", count: 1 }]);
    await expect(disable()).rejects.toThrow();
    expect(emu.server("mcp_grafana")!.status).toBe("disabled");
    const [entry] = emu.audit();
    expect(entry).toMatchObject({ operation: "disable", serverId: "mcp_grafana", outcome: "success" });
    expect(entry!.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(emu.counters()["mcpServer.disable"]).toEqual({ requests: 1, statuses: { dropped: 1 } });
    // The client's retry sees the non-idempotent answer.
    expectError(await disable(), 400, "InvalidParameter");
  });

  it("proxyHtml: a 502 text/html page, no envelope, no request id", async () => {
    emu.setFaults([{ operation: "*", kind: "proxyHtml", count: 1 }]);
    const answer = await templates();
    expect(answer.status).toBe(502);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.text).toBe(PROXY_502_HTML);
    expect(answer.text).toContain("502 Bad Gateway");
    expect(answer.headers["flashcat-request-id"]).toBeUndefined();
    expect(answer.body).toBeUndefined();
  });
});

describe("fault selection", () => {
  it("applies only to the named operation; '*' applies to all", async () => {
    emu.setFaults([{ operation: "mcpServer.get", kind: "error" }]);
    expect((await templates()).status).toBe(200);
    expectError(await call(emu, PATHS.mcpServerGet, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } }), 500, "InternalError");
    emu.setFaults([{ operation: "*", kind: "error", status: 503 }]);
    for (const path of Object.values(PATHS)) {
      expectError(await call(emu, path, { key: emu.keys.admin, body: { server_id: "mcp_grafana" } }), 503, "ServiceUnavailable");
    }
  });

  it("without count or fraction: every matching request; count N: the next N, then spent", async () => {
    emu.setFaults([{ operation: "automationTemplate.list", kind: "error" }]);
    for (let i = 0; i < 5; i++) expect((await templates()).status).toBe(500);
    emu.setFaults([{ operation: "automationTemplate.list", kind: "error", count: 3 }]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await templates()).status);
    expect(statuses).toEqual([500, 500, 500, 200, 200]);
  });

  it("fraction: about that share of requests, the same sequence every time the faults are set", async () => {
    const run = async () => {
      emu.setFaults([{ operation: "automationTemplate.list", kind: "error", fraction: 0.3 }]);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await templates()).status);
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const failed = first.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(30);
  });

  it("faults come before auth (an outage hits everyone)", async () => {
    emu.setFaults([{ operation: "*", kind: "error" }]);
    expectError(await call(emu, PATHS.automationRuleList, { key: null, body: {} }), 500, "InternalError");
  });

  it("can be set at start, and reset() clears them", async () => {
    const faulty = await startEmulator({
      seed: { rules: 0 },
      limits: false,
      faults: [{ operation: "automationTemplate.list", kind: "error", status: 503, count: 1 }],
    });
    try {
      const answer = await call(faulty, PATHS.automationTemplateList, { key: faulty.keys.admin, body: {} });
      expectError(answer, 503, "ServiceUnavailable");
      expect((await call(faulty, PATHS.automationTemplateList, { key: faulty.keys.admin, body: {} })).status).toBe(200);
      faulty.setFaults([{ operation: "*", kind: "error" }]);
      faulty.reset();
      expect((await call(faulty, PATHS.automationTemplateList, { key: faulty.keys.admin, body: {} })).status).toBe(200);
    } finally {
      await faulty.close();
    }
  });

  it("invalid specs are refused with the field named", async () => {
    const bad: unknown[] = [
      { operation: "mcpServer.archive", kind: "error" },
      { operation: "*", kind: "explode" },
      { operation: "*", kind: "error", status: 502 },
      { operation: "*", kind: "latency" },
      { operation: "*", kind: "error", fraction: 2 },
      { operation: "*", kind: "error", extra: 1 },
    ];
    for (const spec of bad) expect(() => emu.setFaults([spec as FaultSpec]), JSON.stringify(spec)).toThrow(/faults\[0\]/);
    await expect(startEmulator({ faults: [bad[1] as FaultSpec] })).rejects.toThrow(/kind/);
  });

  it("close() ends a request held by a latency fault: dropped, not answered or counted, no timer left", async () => {
    // Ten minutes: were close() to wait for the fault, the test would time out long before.
    const slow = await startEmulator({ seed: { rules: 0 }, limits: false, faults: [{ operation: "*", kind: "latency", latencyMs: 600_000 }] });
    const pending = request(`${slow.url}${PATHS.automationTemplateList}?app_key=${slow.keys.admin}`, { method: "POST" }).catch((e: unknown) => e);
    // Held by the fault: its timer is one more active timer of this process.
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const idle = timers();
    await vi.waitFor(() => expect(timers()).toBeGreaterThan(idle));
    const held = timers();
    await slow.close();
    expect(await pending).toBeInstanceOf(Error);
    // The fault's timer went with the server.
    expect(timers()).toBeLessThan(held);
    expect(slow.requestLog()).toEqual([]);
  });
});
