/**
 * Ctrl-C with the provider plugin: the real Pulumi CLI and the YAML language host run
 * `pulumi up` of 12 rules through `pulumi-resource-flashduty` (dist/plugin) against an emulator
 * whose limit (1 request a second per operation) makes the creates wait. A SIGINT to the CLI's
 * process group (a terminal's Ctrl-C: the plugin, in a group of its own, gets no signal) makes
 * the engine send Cancel. The run then ends within seconds (the plugin ends every call still
 * waiting on the rate limit), every rule on the platform is in the state (a create already sent
 * is answered and recorded), and the next `up` converges with no duplicate.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { FlashdutyClient } from "../../sdk";
import { ensurePulumiCli, ensurePulumiYaml, PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";
import { signalCli, startCli } from "../support/interruptedCli";

let emulator: Emulator;
let dir: string;
let yamlHost: string;

// The YAML language host: found at once (.ci/run builds it first), or built from Go modules.
beforeAll(() => {
  yamlHost = ensurePulumiYaml();
}, 1_200_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: { perSecond: 1, perMinute: 1000 } });
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "plugin-cancel-"));
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const COUNT = 12;
const PREFIX = "cancel-rule";

/** 12 rules (YAML has no loop), the plugin referenced by its folder in this checkout. */
function program(): string {
  const rules = Array.from(
    { length: COUNT },
    (_, i) =>
      `  rule${i}:\n    type: flashduty:index:AutomationRule\n    properties:\n      name: ${PREFIX}-${i}\n      prompt: Summarise\n      cronExpr: "0 9 * * *"\n`,
  );
  return `name: flashduty-plugin-cancel
runtime: yaml
plugins:
  providers:
    - name: flashduty
      path: ${path.join(REPO_ROOT, "dist", "plugin")}
resources:
${rules.join("")}`;
}

test("Ctrl-C while creates wait on the rate limit: Cancel ends them at once; nothing is made unrecorded; the re-run converges", async () => {
  const projectDir = path.join(dir, "project");
  mkdirSync(projectDir, { recursive: true });
  writeFileSync(path.join(projectDir, "Pulumi.yaml"), program());
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, "state"),
    stack: "test",
    env: {
      PATH: `${ensurePulumiCli()}${path.delimiter}${yamlHost}${path.delimiter}${process.env.PATH ?? ""}`,
      FLASHDUTY_APP_KEY: undefined,
      FLASHDUTY_BASE_URL: undefined,
    },
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", emulator.url);
  await ws.setConfig("flashduty:appKey", emulator.keys.admin, true);

  const started = startCli(ws, projectDir, ["up", "--yes", "--skip-preview"]);
  let output = "";
  void started.exited.then((run) => {
    output = run.output;
  });
  // Once a few rules exist, the others wait on the limit of 1 create a second.
  const made = () => emulator.audit().filter((entry) => entry.operation === "rule.create").length;
  for (let i = 0; i < 600 && made() < 3 && output === ""; i++) await new Promise((r) => setTimeout(r, 100));
  expect(made(), output).toBeGreaterThanOrEqual(3);
  const interrupted = performance.now();
  signalCli(started, "SIGINT", "group");
  const run = await started.exited;
  const stoppedInMs = performance.now() - interrupted;
  expect(run.code, run.output).not.toBe(0);
  expect(run.output).toMatch(/cancelled the run|was aborted/);
  // Without Cancel's abort, the 9 or so creates left would take about 9 s at 1 a second.
  expect(stoppedInMs, run.output).toBeLessThan(5_000);

  const client = new FlashdutyClient({ appKey: emulator.keys.admin, baseUrl: emulator.url });
  const onPlatform = async () => {
    const names: string[] = [];
    for await (const rule of client.automationRules.listAll()) if (rule.name.startsWith(`${PREFIX}-`)) names.push(rule.name);
    return names.sort();
  };
  const recorded = async () =>
    ((await ws.exportState()).deployment.resources ?? [])
      .filter((r) => r.type === "flashduty:index:AutomationRule")
      .map((r) => String(r.outputs.name))
      .sort();
  const inState = await recorded();
  expect(inState.length).toBeLessThan(COUNT);
  expect(await onPlatform()).toEqual(inState);

  await ws.run(["up", "--yes", "--skip-preview"]);
  const names = await onPlatform();
  expect(names).toHaveLength(COUNT);
  expect(new Set(names).size).toBe(COUNT);
  expect(await recorded()).toEqual(names);
  await ws.run(["preview", "--expect-no-changes"]);
  await ws.run(["destroy", "--yes", "--skip-preview"]);
  expect(await onPlatform()).toEqual([]);
});
