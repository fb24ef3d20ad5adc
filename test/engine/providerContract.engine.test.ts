/**
 * The provider text stored in state is a contract with every existing stack: the engine runs the
 * `__provider` that created a resource for its refresh and destroy. This runs the text recorded
 * by 0.1.0 (test/fixtures/v0.1.0-stack-export.json, a real `pulumi stack export`) against the
 * current build, with the real CLI and the emulator, and the move to the current, compact text.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { STORED_PROVIDER_TEXT } from "../../provider/dynamic/mcpServerDisablement";
import { REPO_ROOT } from "../../scripts/pulumiCli";
import { successes } from "../support/audit";
import { createEngineStack, type EngineStack } from "../support/engineStack";

const FIXTURE = path.join(REPO_ROOT, "test", "fixtures", "v0.1.0-stack-export.json");
const TYPE = "pulumi-nodejs:dynamic/flashduty:McpServerDisablement";

let emulator: Emulator;
let stack: EngineStack | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  stack?.dispose();
  await emulator?.close();
});

/** The fixture for this stack: its stack name in the URNs, this emulator's URL as the base URL. */
function fixtureFor(stackName: string, baseUrl: string): any {
  const text = readFileSync(FIXTURE, "utf8").replaceAll("urn:pulumi:fixture::", `urn:pulumi:${stackName}::`).replaceAll("http://127.0.0.1:8797", baseUrl);
  const state = JSON.parse(text);
  // The stack's own secrets provider applies (the fixture holds no secret).
  delete state.deployment.secrets_providers;
  return state;
}

const providerTexts = (state: any): string[] => state.deployment.resources.filter((r: any) => r.type === TYPE).map((r: any) => r.inputs.__provider as string);

/**
 * A fresh stack holding the fixture's state, the platform as 0.1.0 left it: it disabled
 * mcp_grafana; mcp_slack was already disabled.
 */
async function stackFromFixture(): Promise<{ stack: EngineStack; fixture: any }> {
  emulator.reset();
  stack?.dispose();
  stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, keyVia: "env", program: { servers: ["mcp_grafana", "mcp_slack"] } });
  const fixture = fixtureFor(stack.ws.stack, emulator.url);
  emulator.setServerStatus("mcp_grafana", "disabled");
  await stack.importState(fixture);
  return { stack, fixture };
}

/** Destroy: the server 0.1.0 disabled is enabled once, the adopted one stays disabled. */
async function expectDestroyRestoresOnlyWhatItDisabled(s: EngineStack): Promise<void> {
  await s.ws.run(["destroy", "--yes"]);
  expect(emulator.server("mcp_grafana")?.status).toBe("enabled");
  expect(emulator.server("mcp_slack")?.status).toBe("disabled");
  expect(successes(emulator, "enable", "mcp_grafana")).toBe(1);
  expect(successes(emulator, "enable", "mcp_slack")).toBe(0);
}

test("refresh and destroy of a stack made by 0.1.0 run its stored provider text against the current build", async () => {
  const { stack: engine, fixture } = await stackFromFixture();
  const recorded = providerTexts(fixture);
  expect(recorded).toHaveLength(2);
  for (const text of recorded) {
    expect(text).toContain('require("pulumi-flashduty/provider/mcpServerDisablementProvider").deleteResource(id, props)');
  }

  await engine.ws.run(["refresh", "--yes"]);
  let state = await engine.ws.exportState();
  // Refresh ran the recorded text (it is still in state) and wrote nothing on the platform.
  expect(providerTexts(state)).toEqual(recorded);
  const byId = Object.fromEntries(state.deployment.resources!.filter((r) => r.type === TYPE).map((r) => [r.id, r.outputs]));
  expect(byId.mcp_grafana).toMatchObject({ status: "disabled", disabledByThisResource: true, serverName: "Grafana" });
  expect(byId.mcp_slack).toMatchObject({ status: "disabled", disabledByThisResource: false });
  expect(emulator.audit()).toEqual([]);

  // Drift seen through the old text.
  emulator.setServerStatus("mcp_slack", "enabled");
  const drift = await engine.ws.run(["refresh", "--yes"]);
  expect(drift.output).toMatch(/updated/);
  state = await engine.ws.exportState();
  expect(state.deployment.resources!.find((r) => r.id === "mcp_slack")!.outputs).toMatchObject({ status: "enabled" });
  emulator.setServerStatus("mcp_slack", "disabled");

  // Destroy through the old text.
  await expectDestroyRestoresOnlyWhatItDisabled(engine);
});

test("an `up` after upgrading from 0.1.0 stores the compact provider text with no API call; refresh and destroy run it", async () => {
  const { stack: engine, fixture } = await stackFromFixture();

  await engine.ws.run(["up", "--yes"]);
  // 0.1.0 did not record the resource name: one in-place update each, no call to the platform.
  expect(emulator.audit()).toEqual([]);
  let state = await engine.ws.exportState();
  const resources = state.deployment.resources!.filter((r) => r.type === TYPE);
  expect(resources).toHaveLength(2);
  for (const r of resources) {
    expect(r.inputs!.__provider).toBe(STORED_PROVIDER_TEXT);
    expect(r.outputs!.__provider).toBe(STORED_PROVIDER_TEXT);
  }
  expect(STORED_PROVIDER_TEXT.length).toBeLessThan(providerTexts(fixture)[0]!.length / 4);

  // A second `up` is a no-op.
  const again = await engine.ws.run(["up", "--yes"]);
  expect(again.output).toMatch(/Resources:\s+3 unchanged\s+Duration/);
  expect(emulator.audit()).toEqual([]);

  emulator.setServerStatus("mcp_slack", "enabled");
  await engine.ws.run(["refresh", "--yes"]);
  state = await engine.ws.exportState();
  expect(state.deployment.resources!.find((r) => r.id === "mcp_slack")!.outputs).toMatchObject({ status: "enabled" });
  emulator.setServerStatus("mcp_slack", "disabled");

  await expectDestroyRestoresOnlyWhatItDisabled(engine);
});
