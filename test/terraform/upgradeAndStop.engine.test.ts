/**
 * Two process-level guarantees of the provider `flashdutyai`, on Terraform and OpenTofu against
 * the emulator:
 * - **State upgrades**: state written by an older schema version (`schema_version` 0, an
 *   attribute that version did not have, one it had and this one dropped) is read through
 *   UpgradeResourceState with no diff, and rewritten at the current version.
 * - **Ctrl-C**: an `apply` interrupted (SIGINT) while its creates wait on the account's rate limit
 *   ends within seconds (StopProvider ends the calls at their next wait), every rule it made is in
 *   the state, none is made unrecorded, and the next `apply` converges with no duplicate.
 */
import { readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import { FlashdutyClient } from "../../sdk";
import { SCHEMA_VERSION } from "../../terraform/catalog";
import { providerHeader, TerraformRig, stateResources, terraformCliCases } from "../support/terraformCli";

let emulator: Emulator;
/** A second emulator whose limits make creates wait: 1 request a second per operation. */
let slow: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  slow = await startEmulator({ port: 0, limits: { perSecond: 1, perMinute: 1000 } });
});

afterAll(async () => {
  await emulator?.close();
  await slow?.close();
});

describe.each(terraformCliCases())("the provider process on %s", (label, cli) => {
  const rigs: TerraformRig[] = [];
  afterAll(() => {
    for (const rig of rigs) {
      expect(rig.leftovers).toEqual([]);
      rig.close();
    }
  });

  test("state of an older schema version is upgraded with no diff", { timeout: 300_000 }, async () => {
    const rig = new TerraformRig(cli, { FLASHDUTY_APP_KEY: emulator.keys.admin });
    rigs.push(rig);
    const server = `up-${label.split(" ")[0]!.toLowerCase()}`;
    const dir = rig.folder(
      "upgrade",
      `${providerHeader(emulator.url)}resource "flashdutyai_mcp_server" "s" {\n  server_name = "${server}"\n  transport   = "streamable-http"\n  url         = "https://upgrade.example/mcp"\n}\n`,
    );
    await rig.ok(dir, ["apply", "-auto-approve"]);
    const file = path.join(dir, "terraform.tfstate");
    const state = JSON.parse(readFileSync(file, "utf8")) as {
      serial: number;
      resources: { type: string; instances: { schema_version: number; attributes: Record<string, unknown> }[] }[];
    };
    const instance = state.resources.find((r) => r.type === "flashdutyai_mcp_server")!.instances[0]!;
    expect(instance.schema_version).toBe(SCHEMA_VERSION);
    // As an older version wrote it: version 0, no `proxy_url` yet, and a field since retired.
    instance.schema_version = 0;
    delete instance.attributes.proxy_url;
    instance.attributes.retired_field = "kept by an old version";
    state.serial += 1;
    writeFileSync(file, JSON.stringify(state, undefined, 2));

    const plan = await rig.run(dir, ["plan", "-detailed-exitcode"]);
    expect(plan.code, plan.out).toBe(0);
    await rig.ok(dir, ["apply", "-refresh-only", "-auto-approve"]);
    const upgraded = stateResources(dir).find((r) => r.type === "flashdutyai_mcp_server")!.instances[0] as unknown as {
      schema_version: number;
      attributes: Record<string, unknown>;
    };
    expect(upgraded.schema_version).toBe(SCHEMA_VERSION);
    expect(upgraded.attributes).not.toHaveProperty("retired_field");
    expect(upgraded.attributes).toHaveProperty("proxy_url");
    expect((await rig.run(dir, ["plan", "-detailed-exitcode"])).code).toBe(0);
    await rig.ok(dir, ["destroy", "-auto-approve"]);
  });

  test("Ctrl-C while creates wait on the rate limit ends at once; nothing is made unrecorded; the re-run converges", { timeout: 300_000 }, async () => {
    const rig = new TerraformRig(cli, { FLASHDUTY_APP_KEY: slow.keys.admin });
    rigs.push(rig);
    const prefix = `stop-${label.split(" ")[0]!.toLowerCase()}`;
    const count = 12;
    const dir = rig.folder(
      "stop",
      `${providerHeader(slow.url)}resource "flashdutyai_automation_rule" "r" {\n  count     = ${count}\n  name      = "${prefix}-\${count.index}"\n  prompt    = "Summarise"\n  cron_expr = "0 9 * * *"\n}\n`,
    );
    const started = rig.start(dir, ["apply", "-auto-approve"]);
    // Once a few creates are done, the others wait on the limit of 1 a second.
    for (let i = 0; i < 200 && (started.output().match(/Creation complete/g) ?? []).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    const interrupted = performance.now();
    process.kill(started.pid, "SIGINT");
    const run = await started.exited;
    const stoppedInMs = performance.now() - interrupted;
    expect(run.code, run.out).not.toBe(0);
    expect(run.out).toMatch(/Interrupt received/);
    expect(run.out).toMatch(/stopped the provider|was aborted/);
    // Without StopProvider's abort, the 9 or so creates left would take about 9 s at 1 a second.
    expect(stoppedInMs).toBeLessThan(5_000);

    const client = new FlashdutyClient({ appKey: slow.keys.admin, baseUrl: slow.url });
    const onPlatform = async () => {
      const names: string[] = [];
      for await (const rule of client.automationRules.listAll()) if (rule.name.startsWith(`${prefix}-`)) names.push(rule.name);
      return names;
    };
    const recorded = stateResources(dir).filter((r) => r.type === "flashdutyai_automation_rule");
    const recordedCount = recorded.reduce((n, r) => n + r.instances.length, 0);
    expect(recordedCount).toBeLessThan(count);
    expect(await onPlatform()).toHaveLength(recordedCount);

    await rig.ok(dir, ["apply", "-auto-approve"]);
    const names = await onPlatform();
    expect(names).toHaveLength(count);
    expect(new Set(names).size).toBe(count);
    expect((await rig.run(dir, ["plan", "-detailed-exitcode"])).code).toBe(0);
  });
});
