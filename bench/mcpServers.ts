/**
 * Benchmark 9: `pulumi up` of 100 `McpServer` resources, `pulumi preview --refresh` of them and
 * `pulumi destroy`, against the emulator at production limits with 40 ms added to every request
 * (see bench/README.md; issue 34).
 *
 * Floors: MCP server create and delete are limited to 20 requests/s and 300/min per app key
 * (`OPERATION_RATE_LIMITS` in wire/protocol.ts; the vendor publishes none, docs/platform-api.md
 * "Not documented by the vendor"), so 100 writes take at least 100 / 20 = 5 s; a refresh reads
 * each server once (`server/get`, 50/s), so at least 100 / 50 = 2 s. The engine's own cost of
 * the same command for 100 dynamic resources is measured with as many do-nothing dynamic
 * resources (no API call) in the same run, as benchmark 8 does; the empty project's `up` is
 * reported beside it.
 */
import { startEmulator } from "pulumi-flashduty-emulator";
import { copyFromRepo, productionLimits, tempProject } from "./common";
import { type CommandPhase, measureLifecycle, type LifecycleResult } from "./resourceLifecycle";

export const MCP_RESOURCES = 100;
export const MCP_LATENCY_MS = 40;
/** Write limit of MCP server create/update/delete, per second (wire/protocol.ts). */
const WRITES_PER_SECOND = 20;
/** Read limit of MCP server get, per second. */
const READS_PER_SECOND = 50;
/** The operations that write (counted for "exactly one write per server"). */
export const MCP_WRITE_OPERATIONS = ["mcpServer.create", "mcpServer.update", "mcpServer.delete", "mcpServer.enable", "mcpServer.disable"] as const;

export interface McpBenchResult extends LifecycleResult {
  resources: number;
  latencyMs: number;
  writeFloorSeconds: number;
  readFloorSeconds: number;
  /** Servers named `bench-mcp-*` on the emulator after `up` and after `destroy`. */
  serversAfterUp: number;
  serversAfterDestroy: number;
}

/** Writes of every kind in a phase. */
export function mcpWrites(p: CommandPhase): number {
  return MCP_WRITE_OPERATIONS.reduce((sum, op) => sum + (p.calls[op] ?? 0), 0);
}

/** Runs benchmark 9 (about a minute on a quiet machine). */
export async function benchMcpServers(runs?: number): Promise<McpBenchResult> {
  const emu = await startEmulator({ port: 0, limits: productionLimits() });
  const project = await tempProject("mcp", (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
  const benchServers = () => emu.servers().filter((s) => s.server_name.startsWith("bench-mcp-")).length;
  try {
    let serversAfterUp = 0;
    const measured = await measureLifecycle({
      bench: 9,
      noun: "MCP servers",
      emu,
      project,
      counts: { mcpServers: MCP_RESOURCES },
      runs,
      limits: productionLimits(),
      latencyMs: MCP_LATENCY_MS,
      afterUp: () => {
        serversAfterUp = benchServers();
      },
    });
    return {
      resources: MCP_RESOURCES,
      latencyMs: MCP_LATENCY_MS,
      writeFloorSeconds: MCP_RESOURCES / WRITES_PER_SECOND,
      readFloorSeconds: MCP_RESOURCES / READS_PER_SECOND,
      ...measured,
      serversAfterUp,
      serversAfterDestroy: benchServers(),
    };
  } finally {
    project.dispose();
    await emu.close();
  }
}
