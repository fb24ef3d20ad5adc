/**
 * Load (issue 6): 300 McpServerDisablement resources in one stack against the emulator with the
 * production rate limits on (50/s and 1000/min per operation and key/account). The client-side
 * limiter of the provider keeps every request under them: no 429 at all, and each server is
 * disabled exactly once.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { PRODUCTION_LIMITS, startEmulator, type Emulator } from "../../emulator";
import type { EngineStack } from "../support/engineStack";
import { answered, disablementsInState, expectExactlyOnce, generatedServers, reliabilityStack, serverOutputs } from "./helpers";

const COUNT = 300;
let emulator: Emulator;
let stack: EngineStack | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { servers: 12 + COUNT }, limits: PRODUCTION_LIMITS });
});
afterAll(async () => {
  stack?.dispose();
  await emulator?.close();
});

test(`${COUNT} disablements with production rate limits: up completes with zero 429s, each server disabled once`, async () => {
  const servers = generatedServers(COUNT);
  stack = await reliabilityStack({ emulator, program: { servers, rules: { scope: "all" }, templates: ["en-US"] } });

  const started = Date.now();
  // 300 creates make 600 requests (get, disable): at 50/s that is at least 12 s whatever the
  // engine's parallelism; 16 keeps the limiter's queue fed without more engine overhead.
  const up = await stack.ws.run(["up", "--yes", "--skip-preview", "--parallel", "16"]);
  const seconds = (Date.now() - started) / 1000;
  expect(up.code).toBe(0);

  expect(answered(emulator, 429)).toBe(0);
  const counters = emulator.counters();
  expect(counters["mcpServer.get"]).toEqual({ requests: COUNT, statuses: { "200": COUNT } });
  expect(counters["mcpServer.disable"]).toEqual({ requests: COUNT, statuses: { "200": COUNT } });
  expectExactlyOnce(emulator, "disable", servers, []);
  expect(emulator.audit()).toHaveLength(COUNT);
  for (const id of servers) expect(emulator.server(id)?.status).toBe("disabled");

  const outputs = await serverOutputs(stack);
  expect(Object.keys(outputs)).toHaveLength(COUNT);
  for (const id of servers) expect(outputs[id]).toMatchObject({ status: "disabled", disabledByThisResource: true });
  expect(await disablementsInState(stack)).toHaveLength(COUNT);

  // The limiter, not luck: in no second did the emulator receive more than 50 requests of one operation.
  const log = emulator.requestLog();
  for (const operation of ["mcpServer.get", "mcpServer.disable"] as const) {
    const times = log.filter((e) => e.operation === operation).map((e) => e.receivedAt).sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect({ operation, busiest }).toSatisfy((b: { busiest: number }) => b.busiest <= PRODUCTION_LIMITS.perSecond);
  }
  console.log(`load: ${COUNT} disablements in ${seconds.toFixed(1)} s, no 429`);
});
