/**
 * Benchmark 8: `pulumi up` of 200 `AutomationRule` resources, `pulumi preview --refresh` of them
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
import { startEmulator } from "pulumi-flashduty-emulator";
import { copyFromRepo, productionLimits, tempProject } from "./common";
import { measureLifecycle, type LifecycleResult } from "./resourceLifecycle";

export const RULE_RESOURCES = 200;
export const RULE_LATENCY_MS = 40;
/** Write limit of rule create/update/delete, per second. */
const WRITES_PER_SECOND = 20;
/** Read limit of rule get, per second. */
const READS_PER_SECOND = 50;

export interface RulesBenchResult extends LifecycleResult {
  resources: number;
  latencyMs: number;
  writeFloorSeconds: number;
  readFloorSeconds: number;
}

/** Runs benchmark 8 (about a minute). */
export async function benchAutomationRules(runs?: number): Promise<RulesBenchResult> {
  const emu = await startEmulator({ port: 0, limits: productionLimits() });
  const project = await tempProject("rules", (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
  try {
    const measured = await measureLifecycle({
      bench: 8,
      noun: "automation rules",
      emu,
      project,
      counts: { automationRules: RULE_RESOURCES },
      runs,
      limits: productionLimits(),
      latencyMs: RULE_LATENCY_MS,
    });
    return {
      resources: RULE_RESOURCES,
      latencyMs: RULE_LATENCY_MS,
      writeFloorSeconds: RULE_RESOURCES / WRITES_PER_SECOND,
      readFloorSeconds: RULE_RESOURCES / READS_PER_SECOND,
      ...measured,
    };
  } finally {
    project.dispose();
    await emu.close();
  }
}
