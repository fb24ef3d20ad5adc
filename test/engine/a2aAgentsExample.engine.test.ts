/**
 * examples/a2a-agents with the real Pulumi CLI against the emulator: up makes the two agents (one
 * create each) with the secret API key, the data source's export lists them, a refresh finds no
 * drift in the masked secret, no secret is in plaintext in the state or the shown outputs, and
 * destroy deletes both (one delete each).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

let emulator: Emulator;
let dir: string | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const API_KEY = "ak_example_secret_5d2c8f1e9b";

const writes = () => {
  const c = emulator.counters();
  return { create: c["a2aAgent.create"].requests, update: c["a2aAgent.update"].requests, delete: c["a2aAgent.delete"].requests };
};

test("examples/a2a-agents: up, the secret masked and never in plaintext, no drift on refresh, destroy", async () => {
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "example-a2a-"));
  const projectDir = path.join(dir, "project");
  cpSync(path.join(REPO_ROOT, "examples", "a2a-agents"), projectDir, { recursive: true });
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, "state"),
    stack: "example",
    env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined },
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", emulator.url);
  // A member of team 1 (not an admin) is enough for team agents.
  await ws.setConfig("flashduty:appKey", emulator.keys.member, true);
  await ws.setConfig("paymentsApiKey", API_KEY, true);
  emulator.resetCounters();

  await ws.run(["up", "--yes"]);
  expect(writes()).toEqual({ create: 2, update: 0, delete: 0 });
  const outputs = (await ws.outputs()) as { paymentsAgentId: string; dataAgentId: string; teamAgentNames: string[] };
  expect(emulator.a2aAgent(outputs.paymentsAgentId)).toMatchObject({
    agent_name: "payments-oncall",
    auth_type: "api_key",
    team_id: 1,
    streaming: true,
    auth_config: { header_name: "X-Api-Key", api_key: "******" },
  });
  expect(emulator.a2aAgentAuthConfig(outputs.paymentsAgentId)).toEqual({ header_name: "X-Api-Key", api_key: API_KEY });
  expect(emulator.a2aAgent(outputs.dataAgentId)).toMatchObject({ auth_mode: "per_user_secret", secret_schema: '{"header_name":"Authorization"}' });
  // The team's agents made in the console are listed too: the seed's legacy row (a name longer than today's limit) is one.
  const legacy = `incident-commander-${"for-the-checkout-search-and-ledger-services-in-every-region-".repeat(3)}legacy (none)`;
  expect(outputs.teamAgentNames).toEqual(["data-platform (bearer)", legacy, "payments-oncall (api_key)"]);

  const state = JSON.stringify(await ws.exportState());
  expect(state).not.toContain(API_KEY);
  const shown = await ws.run(["stack", "output", "--json"]);
  expect(shown.stdout).not.toContain(API_KEY);

  const refreshed = await ws.run(["preview", "--refresh", "--expect-no-changes"]);
  expect(refreshed.stdout + refreshed.stderr).not.toContain(API_KEY);
  expect(writes()).toEqual({ create: 2, update: 0, delete: 0 });

  await ws.run(["destroy", "--yes"]);
  expect(writes()).toEqual({ create: 2, update: 0, delete: 2 });
  expect(emulator.a2aAgent(outputs.paymentsAgentId)).toBeUndefined();
});
