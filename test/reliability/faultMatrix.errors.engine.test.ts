/**
 * Fault matrix, part 1 (issue 6, faults 1, 2 and 6), with the real Pulumi CLI against the
 * emulator: a stack of 20 McpServerDisablement resources (17 enabled servers it switches off,
 * 3 disabled ones it adopts) and both data sources.
 *
 * 1. 30% of every operation answers 500 or 503: `up` succeeds, exactly one successful disable per server.
 * 2. Every disable is applied and its response lost: no error, right state, no second successful disable.
 * 6. `destroy` under 1 and under 2: each server the stack disabled is enabled exactly once.
 */
import { describe, expect, test } from "vitest";
import type { FaultSpec } from "../../emulator";
import type { EngineStack } from "../support/engineStack";
import {
  ADOPTED,
  DATA_SOURCES,
  SEED_SERVERS,
  SWITCHED,
  TWENTY,
  answered,
  disablementsInState,
  expectExactlyOnce,
  reliabilitySuite,
  serverOutputs,
} from "../support/reliability";

const suite = reliabilitySuite({ port: 0, seed: { servers: SEED_SERVERS } });
const { newStack } = suite;

// Every resource operation waits on the API (and on backoff), not on the CPU: let all 20 run at once.
const UP = ["up", "--yes", "--skip-preview", "--parallel", "20"];
const DESTROY = ["destroy", "--yes", "--skip-preview", "--parallel", "20"];

/** Outputs say what the stack did: switched servers disabled by it, adopted ones not. */
async function expectOutputs(stack: EngineStack): Promise<void> {
  const outputs = await serverOutputs(stack);
  expect(Object.keys(outputs).sort()).toEqual([...TWENTY].sort());
  for (const id of SWITCHED) expect({ id, ...outputs[id] }).toMatchObject({ id, status: "disabled", disabledByThisResource: true });
  for (const id of ADOPTED) expect({ id, ...outputs[id] }).toMatchObject({ id, status: "disabled", disabledByThisResource: false });
  for (const id of TWENTY) expect(suite.emulator.server(id)?.status).toBe("disabled");
}

/** The data-source outputs are exactly what the emulator holds, faults or not. */
async function expectDataSources(stack: EngineStack): Promise<void> {
  const outputs = (await stack.ws.outputs()) as {
    rules: { total: number; rules: Array<{ ruleId: string }> };
    templates: Record<string, { templates: Array<{ name: string }> }>;
  };
  const expected = suite.emulator
    .visibleRules(suite.emulator.keys.admin, { scope: "all" })
    .map((r) => r.rule_id)
    .sort();
  expect(outputs.rules.total).toBe(expected.length);
  expect(outputs.rules.rules.map((r) => r.ruleId)).toEqual(expected);
  for (const locale of DATA_SOURCES.templates) {
    expect(outputs.templates[locale]?.templates.map((t) => t.name)).toEqual(
      suite.emulator
        .templates(locale)
        .map((t) => t.name)
        .sort(),
    );
  }
}

describe("fault matrix: server errors and lost responses", () => {
  test("1 + 6: 30% of every operation answers 500/503: up and destroy converge, each switch exactly once", async () => {
    // With 30% failures an operation fails for good only if all its attempts fail. With the
    // default 3 retries that is 0.3^4 ≈ 0.8% per operation, and this test makes ~80 operations
    // (up: 20 gets, 17 disables, the rule pages, 2 template lists; destroy: 17 gets, 17 enables),
    // so about half the runs would fail. 10 retries make it 0.3^11 ≈ 1.8e-6 per operation,
    // ≈ 1.4e-4 per run. The long waits of deep retries (up to 30 s) come only with those rare
    // streaks, so the test stays fast.
    const stack = await newStack({ program: { servers: TWENTY, ...DATA_SOURCES }, config: { "flashduty:maxRetries": "10" } });
    // First 15% of the requests answer 500, then 15/85 of the rest 503: 30% in all.
    const faults: FaultSpec[] = [
      { operation: "*", kind: "error", status: 500, fraction: 0.15 },
      { operation: "*", kind: "error", status: 503, fraction: 0.15 / 0.85 },
    ];
    suite.emulator.setFaults(faults);

    const up = await stack.ws.run(UP);
    expect(up.code).toBe(0);
    // The faults did fire, on the reads and on the writes, and were retried.
    expect(answered(suite.emulator, 500)).toBeGreaterThan(0);
    expect(answered(suite.emulator, 503)).toBeGreaterThan(0);
    const counters = suite.emulator.counters();
    for (const op of ["mcpServer.get", "mcpServer.disable", "automationRule.list"] as const) {
      expect((counters[op].statuses["500"] ?? 0) + (counters[op].statuses["503"] ?? 0)).toBeGreaterThan(0);
    }
    expect(up.output).toMatch(
      /flashduty: POST \/safari\/mcp\/server\/(get|disable) attempt 1 of 11 failed \((InternalError, HTTP 500|ServiceUnavailable, HTTP 503)/,
    );
    expectExactlyOnce(suite.emulator, "disable", SWITCHED, ADOPTED);
    // A 500/503 applies nothing, so no retry ever met an already disabled server.
    expect(suite.emulator.audit().every((e) => e.outcome === "success")).toBe(true);
    await expectOutputs(stack);
    await expectDataSources(stack);
    expect(await disablementsInState(stack)).toHaveLength(20);

    // 6 (under fault 1): destroy puts back exactly what the stack switched.
    suite.emulator.resetCounters();
    suite.emulator.setFaults(faults);
    const destroy = await stack.ws.run(DESTROY);
    expect(destroy.code).toBe(0);
    expect(answered(suite.emulator, 500) + answered(suite.emulator, 503)).toBeGreaterThan(0);
    expectExactlyOnce(suite.emulator, "enable", SWITCHED, ADOPTED);
    expect(suite.emulator.audit().filter((e) => e.operation === "disable")).toEqual([]);
    for (const id of SWITCHED) expect(suite.emulator.server(id)?.status).toBe("enabled");
    for (const id of ADOPTED) expect(suite.emulator.server(id)?.status).toBe("disabled");
    expect(await disablementsInState(stack)).toEqual([]);
  });

  test("2 + 6: every disable (then every enable) is applied and its response lost: no error, no second switch", async () => {
    const stack = await newStack({ program: { servers: TWENTY, ...DATA_SOURCES } });
    suite.emulator.setFaults([{ operation: "mcpServer.disable", kind: "applyThenDrop" }]);

    const up = await stack.ws.run(UP);
    expect(up.code).toBe(0);
    expect(up.output).not.toMatch(/error:/i);
    // Each disable went through and lost its answer; the client retried (the platform refused
    // the retry as "already disabled", also without an answer), then the provider read the
    // server, found it disabled and recorded it as switched by this stack.
    expect(suite.emulator.counters()["mcpServer.disable"].statuses).toEqual({ dropped: suite.emulator.counters()["mcpServer.disable"].requests });
    expect(suite.emulator.counters()["mcpServer.disable"].requests).toBeGreaterThanOrEqual(SWITCHED.length);
    expectExactlyOnce(suite.emulator, "disable", SWITCHED, ADOPTED);
    await expectOutputs(stack);
    await expectDataSources(stack);
    const state = await disablementsInState(stack);
    expect(state).toHaveLength(20);
    for (const resource of state) {
      const switched = SWITCHED.includes(resource.outputs.serverId);
      expect(resource.outputs).toMatchObject({ status: "disabled", disabledByThisResource: switched });
      expect(typeof resource.outputs.disabledAt === "number").toBe(switched);
    }

    // A second up with the same faults has nothing to do: no write at all.
    suite.emulator.resetCounters();
    await stack.ws.run(["up", "--yes", "--skip-preview", "--expect-no-changes"]);
    expect(suite.emulator.counters()["mcpServer.disable"].requests).toBe(0);

    // 6 (under fault 2): every enable is applied and its answer lost.
    suite.emulator.resetCounters();
    suite.emulator.setFaults([{ operation: "mcpServer.enable", kind: "applyThenDrop" }]);
    const destroy = await stack.ws.run(DESTROY);
    expect(destroy.code).toBe(0);
    expect(suite.emulator.counters()["mcpServer.enable"].statuses).toEqual({ dropped: suite.emulator.counters()["mcpServer.enable"].requests });
    expectExactlyOnce(suite.emulator, "enable", SWITCHED, ADOPTED);
    for (const id of SWITCHED) expect(suite.emulator.server(id)?.status).toBe("enabled");
    for (const id of ADOPTED) expect(suite.emulator.server(id)?.status).toBe("disabled");
    expect(await disablementsInState(stack)).toEqual([]);
  });
});
