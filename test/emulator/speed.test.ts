/**
 * Throughput: the emulator must sustain 2,000 requests/s on loopback with limits off, so it is
 * never what a benchmark measures. The assertion is on CPU time per request (server and the
 * in-process client together, at most 500 µs = 2,000 requests/s on one core), which other
 * test files running in parallel cannot make flaky; wall-clock rates are printed.
 */
import { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../sdk/wire";
import { startEmulator, type Emulator } from "../../emulator";

let emu: Emulator;
let pool: Pool;
beforeAll(async () => {
  emu = await startEmulator({ seed: { rules: 10_000 }, limits: false });
  pool = new Pool(emu.url, { connections: 16 });
});
afterAll(async () => {
  await pool.close();
  await emu.close();
});

/** Requests per second and CPU µs per request for `total` requests, 32 in flight. */
async function throughput(total: number, path: string, body: (i: number) => unknown): Promise<{ perSecond: number; cpuMicros: number }> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const response = await pool.request({
        method: "POST",
        path: `${path}?app_key=${emu.keys.admin}`,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body(i)),
      });
      await response.body.dump();
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
    }
  };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(Array.from({ length: 32 }, worker));
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: total / ((performance.now() - t0) / 1000), cpuMicros: (cpu.user + cpu.system) / total };
}

describe("speed", () => {
  it("serves >= 2,000 requests/s: rule pages of 20, server gets, template lists", async () => {
    // Warm-up: JIT, connections, and the cached JSON of the pages measured below.
    await throughput(1000, PATHS.automationRuleList, (i) => ({ p: 1 + (i % 50), limit: 20 }));
    const rules = await throughput(3000, PATHS.automationRuleList, (i) => ({ p: 1 + (i % 50), limit: 20 }));
    const gets = await throughput(3000, PATHS.mcpServerGet, () => ({ server_id: "mcp_grafana" }));
    const templates = await throughput(3000, PATHS.automationTemplateList, () => ({}));
    const show = (r: { perSecond: number; cpuMicros: number }) => `${r.perSecond.toFixed(0)} req/s (${r.cpuMicros.toFixed(0)} µs CPU each)`;
    console.log(`emulator throughput: rule list ${show(rules)}, server get ${show(gets)}, template list ${show(templates)}`);
    for (const r of [rules, gets, templates]) expect(r.cpuMicros).toBeLessThan(500);
  }, 30_000);
});
