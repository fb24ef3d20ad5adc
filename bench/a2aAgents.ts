/**
 * Benchmark 10: `pulumi up` of 100 `A2aAgent` resources, `pulumi preview --refresh` of them and
 * `pulumi destroy`, against the emulator at production limits with 40 ms added to every request
 * (see bench/README.md; issue 46).
 *
 * Floors: A2A agent create and delete are limited to 20 requests/s and 300/min per account
 * (`OPERATION_RATE_LIMITS` in wire/protocol.ts), so 100 writes take at least 100 / 20 = 5 s;
 * create answers only the id, so each create also reads the agent back (`a2a-agent/get`, 50/s,
 * its own bucket). A refresh reads each agent once, at least 100 / 50 = 2 s. The engine's own
 * cost of the same command for 100 do-nothing dynamic resources is measured in the same run, as
 * benchmarks 8 and 9 do.
 */
import { startEmulator } from "pulumi-flashduty-emulator";
import { copyFromRepo, productionLimits, tempProject } from "./common";
import { type CommandPhase, measureLifecycle, type LifecycleResult } from "./resourceLifecycle";

export const A2A_RESOURCES = 100;
export const A2A_LATENCY_MS = 40;
/** Write limit of A2A agent create/update/enable/disable/delete, per second (wire/protocol.ts). */
const WRITES_PER_SECOND = 20;
/** Read limit of A2A agent get, per second. */
const READS_PER_SECOND = 50;
/** The operations that write (counted for "exactly one write per agent"). */
export const A2A_WRITE_OPERATIONS = ["a2aAgent.create", "a2aAgent.update", "a2aAgent.delete", "a2aAgent.enable", "a2aAgent.disable"] as const;

export interface A2aBenchResult extends LifecycleResult {
  resources: number;
  latencyMs: number;
  writeFloorSeconds: number;
  readFloorSeconds: number;
  /** Agents named `bench-a2a-*` on the emulator after `up` and after `destroy`. */
  agentsAfterUp: number;
  agentsAfterDestroy: number;
}

/** Writes of every kind in a phase. */
export function a2aWrites(p: CommandPhase): number {
  return A2A_WRITE_OPERATIONS.reduce((sum, op) => sum + (p.calls[op] ?? 0), 0);
}

/** Runs benchmark 10 (about a minute on a quiet machine). */
export async function benchA2aAgents(runs?: number): Promise<A2aBenchResult> {
  const emu = await startEmulator({ port: 0, limits: productionLimits() });
  const project = await tempProject("a2a", (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
  const benchAgents = () => emu.a2aAgents().filter((a) => a.agent_name.startsWith("bench-a2a-")).length;
  try {
    let agentsAfterUp = 0;
    const measured = await measureLifecycle({
      bench: 10,
      noun: "A2A agents",
      emu,
      project,
      counts: { a2aAgents: A2A_RESOURCES },
      runs,
      limits: productionLimits(),
      latencyMs: A2A_LATENCY_MS,
      afterUp: () => {
        agentsAfterUp = benchAgents();
      },
    });
    return {
      resources: A2A_RESOURCES,
      latencyMs: A2A_LATENCY_MS,
      writeFloorSeconds: A2A_RESOURCES / WRITES_PER_SECOND,
      readFloorSeconds: A2A_RESOURCES / READS_PER_SECOND,
      ...measured,
      agentsAfterUp,
      agentsAfterDestroy: benchAgents(),
    };
  } finally {
    project.dispose();
    await emu.close();
  }
}
