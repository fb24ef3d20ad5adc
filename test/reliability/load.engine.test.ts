/**
 * Load (issues 6 and 32): 300 McpServerDisablement resources in one stack against the emulator
 * with the production rate limits on (50/s and 1000/min per operation and key/account), counted
 * in fixed windows, sliding ones, and each on a server clock 30 s off ours. The client-side
 * limiter of the provider keeps every request under them: no 429 at all, no more than 50 of one
 * operation in any second, and each server is disabled exactly once.
 */
import { afterEach, describe, expect, test } from "vitest";
import { PRODUCTION_LIMITS, startEmulator, type Emulator } from "../../emulator";
import type { EngineStack } from "../support/engineStack";
import { busiestWindow, limitsFor, RATE_WINDOW_CASES } from "../support/rateWindows";
import { answered, disablementsInState, expectExactlyOnce, generatedServers, reliabilityStack, serverOutputs } from "../support/reliability";

const COUNT = 300;
let emulator: Emulator | undefined;
let stack: EngineStack | undefined;

afterEach(async () => {
  stack?.dispose();
  stack = undefined;
  await emulator?.close();
  emulator = undefined;
});

describe.each(RATE_WINDOW_CASES)("$name", (kind) => {
  test(`${COUNT} disablements with production rate limits: up completes with zero 429s, each server disabled once`, async () => {
    const em = await startEmulator({ port: 0, seed: { servers: 12 + COUNT }, limits: limitsFor(kind, PRODUCTION_LIMITS) });
    emulator = em;
    const servers = generatedServers(COUNT);
    stack = await reliabilityStack({ emulator: em, program: { servers, rules: { scope: "all" }, templates: ["en-US"] } });

    const started = Date.now();
    // 300 creates make 600 requests (get, disable): at 50/s that is at least 12 s whatever the
    // engine's parallelism; 16 keeps the limiter's queue fed without more engine overhead.
    const up = await stack.ws.run(["up", "--yes", "--skip-preview", "--parallel", "16"]);
    const seconds = (Date.now() - started) / 1000;
    expect(up.code).toBe(0);

    expect(answered(em, 429)).toBe(0);
    const counters = em.counters();
    expect(counters["mcpServer.get"]).toEqual({ requests: COUNT, statuses: { "200": COUNT } });
    expect(counters["mcpServer.disable"]).toEqual({ requests: COUNT, statuses: { "200": COUNT } });
    expectExactlyOnce(em, "disable", servers, []);
    expect(em.audit()).toHaveLength(COUNT);
    for (const id of servers) expect(em.server(id)?.status).toBe("disabled");

    const outputs = await serverOutputs(stack);
    expect(Object.keys(outputs)).toHaveLength(COUNT);
    for (const id of servers) expect(outputs[id]).toMatchObject({ status: "disabled", disabledByThisResource: true });
    expect(await disablementsInState(stack)).toHaveLength(COUNT);

    // The limiter, not luck: in no second did the emulator receive more than 50 requests of one operation.
    for (const operation of ["mcpServer.get", "mcpServer.disable"] as const) {
      expect({ operation, busiest: busiestWindow(em, operation) }).toSatisfy((b: { busiest: number }) => b.busiest <= PRODUCTION_LIMITS.perSecond);
    }
    console.log(`load (${kind.name}): ${COUNT} disablements in ${seconds.toFixed(1)} s, no 429`);
  });
});
