/**
 * Benchmark 5: throughput of the emulator with rate limits off, to show it is never what the
 * other benchmarks measure (they drive at most 50 requests/s per operation).
 *
 * The emulator runs in its own process ({@link startEmulatorProcess}: `--no-limits`, 10,000 rules), the
 * load tool (autocannon) in this one, so each has a core of the 2. Each scenario is warmed up,
 * then measured for {@link SECONDS} s with {@link CONNECTIONS} keep-alive connections.
 */
import autocannon from "autocannon";
import { SEED_KEY_MEMBERS, SEED_USERS } from "pulumi-flashduty-emulator";
import { PATHS } from "../wire/protocol";
import { PRODUCTION, progress } from "./common";
import { startEmulatorProcess } from "./emulatorProcess";

const SECONDS = 4;
const WARMUP_SECONDS = 1;
const CONNECTIONS = 32;

const SCENARIOS = [
  { name: "mcpServer.get", path: PATHS.mcpServerGet, body: { server_id: "mcp_grafana" } },
  { name: "automationRule.list, pages of 20", path: PATHS.automationRuleList, body: { p: 3, limit: 20 } },
  { name: "automationRule.list, pages of 100 (~100 KB)", path: PATHS.automationRuleList, body: { p: 3, limit: 100 } },
] as const;

export interface ThroughputScenario {
  name: string;
  requestsPerSecond: number;
  /** Requests/s over the production per-operation limit (50/s). */
  headroom: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

export interface ThroughputResult {
  seconds: number;
  connections: number;
  scenarios: ThroughputScenario[];
}

export async function benchThroughput(): Promise<ThroughputResult> {
  const admin = SEED_USERS.find((u) => u.memberId === SEED_KEY_MEMBERS.admin);
  if (admin === undefined) throw new Error("bench: no admin in the emulator's seed");
  const emu = await startEmulatorProcess(["--rules", "10000", "--no-limits"]);
  const url = emu.url;
  try {
    const scenarios: ThroughputScenario[] = [];
    for (const s of SCENARIOS) {
      const options: autocannon.Options = {
        url: `${url}${s.path}?app_key=${admin.appKey}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(s.body),
        connections: CONNECTIONS,
      };
      await autocannon({ ...options, duration: WARMUP_SECONDS });
      const r = await autocannon({ ...options, duration: SECONDS });
      const requestsPerSecond = r["2xx"] / r.duration;
      const result: ThroughputScenario = {
        name: s.name,
        requestsPerSecond,
        headroom: requestsPerSecond / PRODUCTION.perSecond,
        latencyP50Ms: r.latency.p50,
        latencyP99Ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`bench: ${s.name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
      progress(`5. ${s.name}: ${requestsPerSecond.toFixed(0)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`);
      scenarios.push(result);
    }
    return { seconds: SECONDS, connections: CONNECTIONS, scenarios };
  } finally {
    await emu.stop();
  }
}
