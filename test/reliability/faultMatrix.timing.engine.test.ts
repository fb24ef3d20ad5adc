/**
 * Fault matrix, part 2 (issue 6, faults 3, 4 and 5), with the real Pulumi CLI against the
 * emulator, on the 20-server stack with both data sources:
 *
 * 3. 429 bursts with Retry-After: converges; the emulator's request log proves no retry came
 *    earlier than the Retry-After of the 429 before it.
 * 4. Latency above the client timeout on every attempt: a timeout error naming the operation,
 *    nothing half-written in state, and the next `up` completes the job.
 * 5. A 502 HTML page from a proxy: an error naming status and operation, no crash.
 */
import { describe, expect, test } from "vitest";
import type { RequestLogEntry } from "../../emulator";
import {
  ADOPTED,
  DATA_SOURCES,
  SEED_SERVERS,
  SWITCHED,
  TWENTY,
  answered,
  disablementsInState,
  expectExactlyOnce,
  expectNoCrash,
  reliabilitySuite,
  serverOutputs,
  waitFor,
} from "../support/reliability";

const suite = reliabilitySuite({ port: 0, seed: { servers: SEED_SERVERS } });
const { newStack } = suite;

// `--skip-preview`: the program (and so each data source) runs once per command, so every
// request in the emulator's log belongs to one chain of attempts. `--parallel 20`: resource
// operations wait on the API and on backoff, not on the CPU.
const UP = ["up", "--yes", "--skip-preview", "--parallel", "20"];

/** Identifies the repeated attempts of one request: operation and what it asked for. */
function chainKey(entry: RequestLogEntry): string {
  return `${entry.operation}|${entry.serverId ?? ""}|${entry.page ?? ""}|${entry.locale ?? ""}`;
}

describe("fault matrix: rate limits, timeouts, proxies", () => {
  test("3: 429 bursts with Retry-After: converges, and no retry comes earlier than Retry-After said", async () => {
    // Enough retries that no chain can run out while both bursts last (each burst is spent
    // within its first wave of requests; see below).
    const stack = await newStack({ program: { servers: TWENTY, ...DATA_SOURCES }, config: { "flashduty:maxRetries": "8" } });
    suite.emulator.setFaults([
      // The first 25 requests of any operation (the 20 gets, the rule and template lists...): Retry-After 1 s.
      { operation: "*", kind: "rateLimit", retryAfterSeconds: 1, count: 25 },
      // Then the first 10 disables that get past it: Retry-After 2 s.
      { operation: "mcpServer.disable", kind: "rateLimit", retryAfterSeconds: 2, count: 10 },
    ]);

    const up = await stack.ws.run(UP);
    expect(up.code).toBe(0);
    expect(answered(suite.emulator, 429)).toBe(35);
    expectExactlyOnce(suite.emulator, "disable", SWITCHED, ADOPTED);
    expect(suite.emulator.audit().every((e) => e.outcome === "success")).toBe(true);
    const outputs = await serverOutputs(stack);
    for (const id of SWITCHED) expect(outputs[id]).toMatchObject({ status: "disabled", disabledByThisResource: true });
    for (const id of ADOPTED) expect(outputs[id]).toMatchObject({ status: "disabled", disabledByThisResource: false });
    expect(up.output).toMatch(/attempt 1 of 9 failed \(RequestTooFrequently, HTTP 429/);

    // The proof from timestamps: after each 429 the next attempt of the same request reached
    // the emulator at least Retry-After seconds after the 429 was sent (both times from the
    // emulator's clock; the client's wait starts only when it has read the 429, later still).
    const log = suite.emulator.requestLog();
    const limited = log.filter((e) => e.status === 429);
    expect(limited).toHaveLength(35);
    expect(new Set(limited.map((e) => e.retryAfterSeconds))).toEqual(new Set([1, 2]));
    const gaps: number[] = [];
    for (const refused of limited) {
      const next = log
        .filter((e) => e !== refused && chainKey(e) === chainKey(refused) && e.receivedAt >= refused.receivedAt)
        .sort((a, b) => a.receivedAt - b.receivedAt)[0];
      expect(next, `a retry of ${chainKey(refused)}`).toBeDefined();
      const gap = next!.receivedAt - refused.time;
      gaps.push(gap);
      expect({ request: chainKey(refused), gap, retryAfterMs: refused.retryAfterSeconds! * 1000 }).toSatisfy(
        (g: { gap: number; retryAfterMs: number }) => g.gap >= g.retryAfterMs,
      );
    }
    // Every chain ended in a success.
    const last = new Map<string, RequestLogEntry>();
    for (const entry of [...log].sort((a, b) => a.receivedAt - b.receivedAt)) last.set(chainKey(entry), entry);
    for (const [key, entry] of last) expect({ key, status: entry.status }).toEqual({ key, status: 200 });
    console.log(
      `fault 3: ${gaps.length} retries after a 429, smallest gap over Retry-After ${Math.min(...gaps.map((g, i) => g - limited[i]!.retryAfterSeconds! * 1000)).toFixed(1)} ms`,
    );
  });

  test("4: latency above the client timeout on every attempt: timeout error, nothing half-written, next up completes", async () => {
    // 300 ms per attempt, 2 attempts: an operation gives up after at most 300 + 500 (backoff) + 300 ms.
    const stack = await newStack({
      program: { servers: TWENTY, ...DATA_SOURCES },
      config: { "flashduty:timeoutMs": "300", "flashduty:maxRetries": "1" },
    });

    // (a) Every operation answers after 1.5 s: reads time out, so no write is ever sent.
    suite.emulator.setFaults([{ operation: "*", kind: "latency", latencyMs: 1500 }]);
    const slow = await stack.ws.run(UP, { check: false });
    expect(slow.code).not.toBe(0);
    expectNoCrash(slow.output);
    expect(slow.output).toContain("POST /safari/automation/rule/list timed out after 300 ms after 2 attempts");
    expect(slow.output).toMatch(/POST \/safari\/mcp\/server\/get timed out after 300 ms after 2 attempts/);
    expect(await disablementsInState(stack)).toEqual([]);
    // Let the late answers arrive, then check that nothing was written.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(suite.emulator.counters()["mcpServer.disable"].requests).toBe(0);
    for (const id of SWITCHED) expect(suite.emulator.server(id)?.status).toBe("enabled");

    // (b) Only disable is slow (4 s): each disable's two attempts time out, the provider reads
    // the server (still enabled: the first attempt lands only after 4 s), and the create fails
    // with the timeout, which says an attempt may have been applied. Nothing is recorded.
    suite.emulator.resetCounters();
    suite.emulator.setFaults([{ operation: "mcpServer.disable", kind: "latency", latencyMs: 4000 }]);
    const timedOut = await stack.ws.run(UP, { check: false });
    expect(timedOut.code).not.toBe(0);
    expectNoCrash(timedOut.output);
    expect(timedOut.output).toContain(
      "POST /safari/mcp/server/disable timed out after 300 ms after 2 attempts (an attempt may have been applied on the server; read the current state before retrying)",
    );
    const partial = await disablementsInState(stack);
    // The three adopted servers needed no write and are in state; none of the 17 is.
    expect(partial.map((r) => r.outputs.serverId).sort()).toEqual([...ADOPTED].sort());
    for (const resource of partial) expect(resource.outputs).toMatchObject({ status: "disabled", disabledByThisResource: false });

    // Like a real server, the emulator still carries out the timed-out requests when their
    // latency is over: the first attempt disables the server, the second is refused.
    await waitFor(() => suite.emulator.counters()["mcpServer.disable"].requests === 2 * SWITCHED.length, 15_000, "the late disables");
    expectExactlyOnce(suite.emulator, "disable", SWITCHED, ADOPTED);
    for (const id of SWITCHED) expect(suite.emulator.server(id)?.status).toBe("disabled");

    // (c) No fault: the next up completes the job. The provider cannot tell its own late
    // request from someone else's disable, so it adopts the servers it finds disabled
    // (disabledByThisResource false) instead of claiming them, with no further write...
    suite.emulator.resetCounters();
    suite.emulator.setFaults([]);
    await stack.ws.run(UP);
    expect(suite.emulator.counters()["mcpServer.disable"].requests).toBe(0);
    const outputs = await serverOutputs(stack);
    for (const id of TWENTY) expect({ id, ...outputs[id] }).toMatchObject({ id, status: "disabled", disabledByThisResource: false });
    expect(await disablementsInState(stack)).toHaveLength(20);

    // ...so destroy leaves them disabled: the provider never enables a server it cannot show it disabled.
    await stack.ws.run(["destroy", "--yes", "--skip-preview"]);
    expect(suite.emulator.counters()["mcpServer.enable"].requests).toBe(0);
    for (const id of TWENTY) expect(suite.emulator.server(id)?.status).toBe("disabled");
  });

  test("5: a 502 HTML page from a proxy: an error naming status and operation, no crash; the next up completes", async () => {
    const stack = await newStack({ program: { servers: TWENTY, ...DATA_SOURCES } });

    // (a) The proxy answers everything.
    suite.emulator.setFaults([{ operation: "*", kind: "proxyHtml" }]);
    const proxied = await stack.ws.run(UP, { check: false });
    expect(proxied.code).not.toBe(0);
    expectNoCrash(proxied.output);
    const htmlError = (op: string) =>
      new RegExp(
        `POST /safari/${op} returned an unexpected response \\(HTTP 502\\) after 4 attempts: \\(body\\): not JSON \\(text/html: "<html> <head><title>502 Bad Gateway</title>`,
      );
    expect(proxied.output).toMatch(htmlError("automation/rule/list"));
    expect(proxied.output).toMatch(htmlError("mcp/server/get"));
    expect(await disablementsInState(stack)).toEqual([]);
    expect(suite.emulator.counters()["mcpServer.disable"].requests).toBe(0);

    // (b) Only disable goes through the broken proxy: a 502 may hide an applied write, so the
    // provider reads the server, finds it still enabled, and reports the 502.
    suite.emulator.resetCounters();
    suite.emulator.setFaults([{ operation: "mcpServer.disable", kind: "proxyHtml" }]);
    const writes = await stack.ws.run(UP, { check: false });
    expect(writes.code).not.toBe(0);
    expectNoCrash(writes.output);
    expect(writes.output).toMatch(htmlError("mcp/server/disable"));
    expect(writes.output).toContain("(an attempt may have been applied on the server; read the current state before retrying)");
    expect(suite.emulator.audit()).toEqual([]);
    expect((await disablementsInState(stack)).map((r) => r.outputs.serverId).sort()).toEqual([...ADOPTED].sort());

    // (c) The proxy is fixed: up disables each server once and records it as switched by the stack.
    suite.emulator.resetCounters();
    suite.emulator.setFaults([]);
    await stack.ws.run(UP);
    expectExactlyOnce(suite.emulator, "disable", SWITCHED, ADOPTED);
    const outputs = await serverOutputs(stack);
    for (const id of SWITCHED) expect(outputs[id]).toMatchObject({ status: "disabled", disabledByThisResource: true });
    for (const id of ADOPTED) expect(outputs[id]).toMatchObject({ status: "disabled", disabledByThisResource: false });
  });
});
