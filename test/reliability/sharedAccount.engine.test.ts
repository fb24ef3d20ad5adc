/**
 * Many pipelines, one account, with the real Pulumi CLI (issue 20): three stacks on one app key
 * run `pulumi up`, then `pulumi destroy`, at the same moment, each its own CLI, language host and
 * provider plugin, against one emulator whose production limits are scaled down (3/s) so that
 * they contend, in fixed windows, sliding ones, and each on a server clock 30 s off ours. Every command completes, every server ends in the state its program says, each
 * disable and enable is applied exactly once, no request is sent again before its Retry-After,
 * and the wait is explained to the user.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import type { EngineStack } from "../support/engineStack";
import { limitsFor, RATE_WINDOW_CASES } from "../support/rateWindows";
import { earlyRetries } from "../support/sharedAccount";
import { expectExactlyOnce, generatedServers, reliabilityStack } from "../support/reliability";

const STACKS = 3;
const PER_STACK = 8;

describe.each(RATE_WINDOW_CASES)("$name", (kind) => {
  let emulator: Emulator;
  const stacks: EngineStack[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: { servers: 12 + STACKS * PER_STACK }, limits: limitsFor(kind, { perSecond: 3, perMinute: 300 }) });
  });
  afterAll(async () => {
    for (const stack of stacks) stack.dispose();
    await emulator?.close();
  });

  test(`${STACKS} stacks x ${PER_STACK} resources on one app key: up and destroy at once complete, each write exactly once`, async () => {
    const servers = generatedServers(STACKS * PER_STACK);
    const share = (i: number) => servers.slice(i * PER_STACK, (i + 1) * PER_STACK);
    for (let i = 0; i < STACKS; i++) stacks.push(await reliabilityStack({ emulator, program: { servers: share(i) } }));

    const ups = await Promise.all(stacks.map((s) => s.ws.run(["up", "--yes", "--skip-preview"], { check: false })));
    for (const up of ups) expect(up.code, up.output).toBe(0);
    for (const id of servers) expect(emulator.server(id)?.status).toBe("disabled");
    expectExactlyOnce(emulator, "disable", servers, []);
    expect(emulator.requestLog().some((e) => e.status === 429)).toBe(true);
    // The user is told why a resource is slow: one line under it, naming the rate limit.
    expect(ups.map((u) => u.output).join("\n")).toMatch(
      /McpServerDisablement "mcp_gen_\d+" \(mcp_gen_\d+\) is waiting about [\d.]+ s on the Flashduty account's rate limit/,
    );

    const destroys = await Promise.all(stacks.map((s) => s.ws.run(["destroy", "--yes", "--skip-preview"], { check: false })));
    for (const destroy of destroys) expect(destroy.code, destroy.output).toBe(0);
    for (const id of servers) expect(emulator.server(id)?.status).toBe("enabled");
    expectExactlyOnce(emulator, "enable", servers, []);
    expect(earlyRetries(emulator)).toEqual([]);
  });
});
