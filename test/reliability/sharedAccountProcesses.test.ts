/**
 * Many pipelines, one account (issue 20): several separate Node processes use one emulator at
 * once, over real HTTP. The platform counts reads per account and writes per app key for
 * everyone together; the limits are the production ones scaled down (5/s) so that a few
 * processes contend within seconds, in fixed windows, sliding ones, and each on a server clock
 * 30 s off ours (issue 32). Every process completes (a 429 never fails a call before
 * its deadline), each write is applied exactly once, and no request is sent again before the
 * Retry-After its 429 carried. Speed and fairness are measured in bench/, not asserted here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { limitsFor, RATE_WINDOW_CASES } from "../support/rateWindows";
import { earlyRetries, runWorkers } from "../support/sharedAccount";
import { expectExactlyOnce, generatedServers } from "../support/reliability";

const LIMITS = { perSecond: 5, perMinute: 300 };
const RULES = 600;
const SERVERS_PER_PROCESS = 8;
const PROCESSES = 4;

describe.each(RATE_WINDOW_CASES)("$name", (kind) => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: { rules: RULES, servers: 12 + PROCESSES * SERVERS_PER_PROCESS }, limits: limitsFor(kind, LIMITS) });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => {
    emulator.reset();
  });

  test(`${PROCESSES} processes read every rule at once with keys of one account: all complete, no retry before Retry-After`, async () => {
    const keys = [emulator.keys.admin, emulator.keys.member, emulator.keys.admin, emulator.keys.teamMember2];
    const admins = emulator.visibleRules(emulator.keys.admin).length;
    const results = await runWorkers(
      keys.map((appKey, i) => ({ baseUrl: emulator.url, appKey, userAgent: `pipeline-${i}`, mode: "rules" as const, pageSize: 100 })),
    );
    for (const [i, result] of results.entries()) {
      expect(result, `pipeline-${i}`).toMatchObject({ ok: true });
      expect(result.items).toBe(emulator.visibleRules(keys[i]!).length);
    }
    expect(results[0]!.items).toBe(admins);
    const log = emulator.requestLog();
    // Four walks of 6-7 pages each at 5/s for the whole account: the processes did contend.
    expect(log.filter((e) => e.operation === "automationRule.list" && e.status === 200).length).toBeGreaterThan(LIMITS.perSecond * 2);
    expect(earlyRetries(emulator)).toEqual([]);
  });

  test(`${PROCESSES} processes disable and then enable servers with one app key: each write exactly once, no retry before Retry-After`, async () => {
    const servers = generatedServers(PROCESSES * SERVERS_PER_PROCESS);
    const share = (i: number) => servers.slice(i * SERVERS_PER_PROCESS, (i + 1) * SERVERS_PER_PROCESS);
    const run = (mode: "disable" | "enable") =>
      runWorkers(
        Array.from({ length: PROCESSES }, (_, i) => ({
          baseUrl: emulator.url,
          appKey: emulator.keys.admin,
          userAgent: `${mode}-${i}`,
          mode,
          serverIds: share(i),
        })),
      );

    for (const result of await run("disable")) expect(result).toMatchObject({ ok: true, items: SERVERS_PER_PROCESS });
    for (const id of servers) expect(emulator.server(id)?.status).toBe("disabled");
    expectExactlyOnce(emulator, "disable", servers, []);

    for (const result of await run("enable")) expect(result).toMatchObject({ ok: true, items: SERVERS_PER_PROCESS });
    for (const id of servers) expect(emulator.server(id)?.status).toBe("enabled");
    expectExactlyOnce(emulator, "enable", servers, []);
    // Refusals are never applied: the audit log holds exactly the 2 x 32 successful writes.
    expect(emulator.audit().filter((e) => e.outcome === "success")).toHaveLength(2 * servers.length);
    expect(emulator.requestLog().some((e) => e.status === 429)).toBe(true);
    expect(earlyRetries(emulator)).toEqual([]);
  });
});
