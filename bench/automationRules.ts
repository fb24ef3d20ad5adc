/**
 * Benchmark 6: `pulumi up` of 200 `AutomationRule` resources, `pulumi preview --refresh` of them
 * and `pulumi destroy`, against the emulator at production limits with 40 ms added to every
 * request (see bench/README.md).
 *
 * Floors: create and delete are limited to 20 requests/s (docs/platform-api.md "Automation rule write operations"), so 200 writes take at
 * least 200 / 20 = 10 s; a refresh reads each rule once (`rule/get`, 50/s), so at least
 * 200 / 50 = 4 s. Each command also pays one engine run (CLI, language host, program), measured
 * on the same project with no resources, and the engine's own cost of 200 dynamic resources,
 * measured with the same number of do-nothing dynamic resources (no API call) in the same run:
 * both are reported beside the figures, so a loaded machine shows as such.
 */
import { startEmulator, type Emulator } from "pulumi-flashduty-emulator";
import { copyFromRepo, median, progress, tempProject } from "./common";

export const RULE_RESOURCES = 200;
export const RULE_LATENCY_MS = 40;
/** Write limit of rule create/update/delete, per second. */
const WRITES_PER_SECOND = 20;
/** Read limit of rule get, per second. */
const READS_PER_SECOND = 50;

/** One command's time and what it cost on the API. */
export interface RulePhase {
  seconds: number;
  /** Requests per operation during the command. */
  calls: Record<string, number>;
  /** 429 answers during the command, all operations. */
  status429: number;
}

export interface RulesBenchResult {
  resources: number;
  latencyMs: number;
  /** Median `up` of the empty project (engine start-up), s. */
  engineSeconds: number;
  /** The same commands for 200 do-nothing dynamic resources (the engine's share), s. */
  noop: { up: number; previewRefresh: number; destroy: number };
  writeFloorSeconds: number;
  readFloorSeconds: number;
  up: RulePhase;
  previewRefresh: RulePhase;
  destroy: RulePhase;
}

export function snapshot(emu: Emulator): Record<string, { requests: number; statuses: Record<string, number> }> {
  return emu.counters();
}

export function phase(emu: Emulator, before: ReturnType<typeof snapshot>, seconds: number): RulePhase {
  const after = snapshot(emu);
  const calls: Record<string, number> = {};
  let status429 = 0;
  for (const [op, counter] of Object.entries(after)) {
    const previous = before[op];
    const n = counter.requests - (previous?.requests ?? 0);
    if (n > 0) calls[op] = n;
    status429 += (counter.statuses["429"] ?? 0) - (previous?.statuses["429"] ?? 0);
  }
  return { seconds, calls, status429 };
}

/** Runs benchmark 6 (about a minute). */
export async function benchAutomationRules(): Promise<RulesBenchResult> {
  const emu = await startEmulator({ port: 0 });
  const project = await tempProject("rules", (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
  try {
    // Engine start-up: the same project with no resources (one warm-up, then the median of 2).
    await project.ws.setConfig("automationRules", "0");
    const empty: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { seconds } = await project.timedRun(["up", "--yes", "--skip-preview"]);
      if (i > 0) empty.push(seconds);
    }
    // The engine's share: the same commands for as many do-nothing dynamic resources.
    await project.ws.setConfig("noop", "true");
    await project.ws.setConfig("servers", JSON.stringify(Array.from({ length: RULE_RESOURCES }, (_, i) => `noop-${i}`)));
    const noop = {
      up: (await project.timedRun(["up", "--yes", "--skip-preview"])).seconds,
      previewRefresh: (await project.timedRun(["preview", "--refresh"])).seconds,
      destroy: (await project.timedRun(["destroy", "--yes", "--skip-preview"])).seconds,
    };
    await project.ws.run(["config", "rm", "noop"]);
    await project.ws.run(["config", "rm", "servers"]);
    await project.ws.setConfig("automationRules", String(RULE_RESOURCES));
    emu.setFaults([{ operation: "*", kind: "latency", latencyMs: RULE_LATENCY_MS }]);

    progress(`8. pulumi up of ${RULE_RESOURCES} automation rules`);
    let before = snapshot(emu);
    const up = phase(emu, before, (await project.timedRun(["up", "--yes", "--skip-preview"])).seconds);

    progress(`8. pulumi preview --refresh of ${RULE_RESOURCES} automation rules`);
    before = snapshot(emu);
    const previewRefresh = phase(emu, before, (await project.timedRun(["preview", "--refresh"])).seconds);

    progress(`8. pulumi destroy of ${RULE_RESOURCES} automation rules`);
    before = snapshot(emu);
    const destroy = phase(emu, before, (await project.timedRun(["destroy", "--yes", "--skip-preview"])).seconds);
    return {
      resources: RULE_RESOURCES,
      latencyMs: RULE_LATENCY_MS,
      engineSeconds: median(empty),
      noop,
      writeFloorSeconds: RULE_RESOURCES / WRITES_PER_SECOND,
      readFloorSeconds: RULE_RESOURCES / READS_PER_SECOND,
      up,
      previewRefresh,
      destroy,
    };
  } finally {
    project.dispose();
    await emu.close();
  }
}
