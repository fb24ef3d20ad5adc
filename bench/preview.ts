/**
 * Benchmark 4: what the provider adds to a `pulumi preview`. The demo stack (root Pulumi.yaml,
 * TypeScript program examples/quickstart: one McpServerDisablement, getAutomationRules and two
 * getAutomationTemplates) against the same project with the provider's resource and data
 * sources removed (and its import: loading the package is part of its cost).
 *
 * A third project, the baseline plus one resource of a do-nothing dynamic provider, shows how
 * much of the difference is Pulumi's dynamic-provider machinery (serializing the provider in the
 * program, starting the `pulumi-nodejs` plugin) rather than this package.
 *
 * All are copied to throw-away projects under .pulumi-state/work, deployed once with `up`
 * (a pull-request preview runs on a stack that exists), then previewed alternately
 * {@link PREVIEWS} times each against one emulator (default seed, production limits); the
 * medians are compared.
 */
import { cpSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator } from "pulumi-flashduty-emulator";
import { REPO_ROOT } from "../scripts/pulumiCli";
import { productionLimits, median, progress, tempProject, type TempProject } from "./common";

const PREVIEWS = 5;
const DEMO_MAIN = path.join("examples", "quickstart");

/** The demo program minus everything of pulumi-flashduty: same config read, plain exports. */
const BASELINE_PROGRAM = `// examples/quickstart/index.ts without pulumi-flashduty (bench/preview.ts): the same project,
// runtime and config, none of the provider's resources or data sources.
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();

export const disabledServer = { id: config.get("serverId") ?? "mcp_grafana" };
`;

/** The baseline plus one do-nothing dynamic resource of the same name. */
const NOOP_DYNAMIC_PROGRAM = `${BASELINE_PROGRAM}
const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs: any) {
    return { id: String(inputs.serverId), outs: inputs };
  },
};
class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: { serverId: string }) {
    super(noop, name, props);
  }
}
export const noopId = new Noop("demo-server", { serverId: disabledServer.id }).id;
`;

export interface PreviewResult {
  previews: number;
  demoSeconds: number[];
  baselineSeconds: number[];
  noopDynamicSeconds: number[];
  demoMedian: number;
  baselineMedian: number;
  noopDynamicMedian: number;
  ratio: number;
  differenceSeconds: number;
  apiCallsPerDemoPreview: number;
}

/** Copies the demo project (Pulumi.yaml and its main folder) into `dir`, with another program if given. */
function copyDemo(dir: string, program?: string): void {
  cpSync(path.join(REPO_ROOT, "Pulumi.yaml"), path.join(dir, "Pulumi.yaml"));
  cpSync(path.join(REPO_ROOT, DEMO_MAIN), path.join(dir, DEMO_MAIN), { recursive: true });
  if (program !== undefined) writeFileSync(path.join(dir, DEMO_MAIN, "index.ts"), program);
}

export async function benchPreview(): Promise<PreviewResult> {
  const emu = await startEmulator({ limits: productionLimits() });
  const projects: TempProject[] = [];
  try {
    const flashduty = { baseUrl: emu.url, appKey: emu.keys.admin };
    const demo = await tempProject("demo", (dir) => copyDemo(dir), flashduty);
    projects.push(demo);
    const baseline = await tempProject("baseline", (dir) => copyDemo(dir, BASELINE_PROGRAM), flashduty);
    projects.push(baseline);
    const noopDynamic = await tempProject("noopdyn", (dir) => copyDemo(dir, NOOP_DYNAMIC_PROGRAM), flashduty);
    projects.push(noopDynamic);

    for (const project of projects) await project.timedRun(["up", "--yes", "--skip-preview"]);
    if (emu.server("mcp_grafana")?.status !== "disabled") throw new Error("bench: the demo stack's up did not disable mcp_grafana");

    const demoSeconds: number[] = [];
    const baselineSeconds: number[] = [];
    const noopDynamicSeconds: number[] = [];
    let demoCalls = 0;
    for (let i = 1; i <= PREVIEWS; i++) {
      emu.resetCounters();
      emu.setLimits(productionLimits());
      demoSeconds.push((await demo.timedRun(["preview"])).seconds);
      demoCalls = Object.values(emu.counters()).reduce((n, c) => n + c.requests, 0);
      baselineSeconds.push((await baseline.timedRun(["preview"])).seconds);
      noopDynamicSeconds.push((await noopDynamic.timedRun(["preview"])).seconds);
      progress(
        `4. preview ${i}/${PREVIEWS}: demo ${demoSeconds.at(-1)!.toFixed(2)} s (${demoCalls} API calls), ` +
          `without the provider ${baselineSeconds.at(-1)!.toFixed(2)} s, that plus a do-nothing dynamic resource ${noopDynamicSeconds.at(-1)!.toFixed(2)} s`,
      );
    }
    const demoMedian = median(demoSeconds);
    const baselineMedian = median(baselineSeconds);
    return {
      previews: PREVIEWS,
      demoSeconds,
      baselineSeconds,
      noopDynamicSeconds,
      demoMedian,
      baselineMedian,
      noopDynamicMedian: median(noopDynamicSeconds),
      ratio: demoMedian / baselineMedian,
      differenceSeconds: demoMedian - baselineMedian,
      apiCallsPerDemoPreview: demoCalls,
    };
  } finally {
    for (const project of projects) project.dispose();
    await emu.close();
  }
}
