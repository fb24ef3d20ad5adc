/**
 * examples/mcp-servers with the real Pulumi CLI against the emulator: up makes the two servers
 * (one create each) with their secret header and env value, the data source's export lists them,
 * a refresh finds no drift in the masked secrets, no secret is in plaintext in the state or the
 * shown outputs, and destroy deletes both (one delete each).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

let emulator: Emulator;
let dir: string | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const GRAFANA_TOKEN = "glsa_example_secret_7c1d9e0f2a";
const GITHUB_TOKEN = "ghp_example_secret_4b8e2f6a1c";

const writes = () => {
  const c = emulator.counters();
  return { create: c["mcpServer.create"].requests, update: c["mcpServer.update"].requests, delete: c["mcpServer.delete"].requests };
};

test("examples/mcp-servers: up, secrets masked and never in plaintext, no drift on refresh, destroy", async () => {
  // Under the repository, so the program resolves pulumi-flashduty from its node_modules.
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "example-"));
  const projectDir = path.join(dir, "project");
  cpSync(path.join(REPO_ROOT, "examples", "mcp-servers"), projectDir, { recursive: true });
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, "state"),
    stack: "example",
    env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined },
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", emulator.url);
  // A member of team 1 (not an admin) is enough for team servers.
  await ws.setConfig("flashduty:appKey", emulator.keys.member, true);
  await ws.setConfig("grafanaToken", GRAFANA_TOKEN, true);
  await ws.setConfig("githubToken", GITHUB_TOKEN, true);
  emulator.resetCounters();

  await ws.run(["up", "--yes"]);
  expect(writes()).toEqual({ create: 2, update: 0, delete: 0 });
  const outputs = (await ws.outputs()) as { grafanaServerId: string; githubServerId: string; teamServerNames: string[] };
  expect(emulator.server(outputs.grafanaServerId)).toMatchObject({
    server_name: "grafana-prod",
    transport: "streamable-http",
    url: "https://grafana.example.com/api/mcp",
    team_id: 1,
    environments: ["cloud"],
    call_timeout: 120,
    status: "enabled",
    // Sensitive values are masked in every answer of the platform.
    headers: { Authorization: "******", "X-Grafana-Org-Id": "1" },
  });
  expect(emulator.server(outputs.githubServerId)).toMatchObject({
    server_name: "github-readonly",
    transport: "stdio",
    command: "github-mcp-server",
    args: ["stdio", "--read-only"],
    team_id: 1,
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: "******", GITHUB_HOST: "github.com" },
  });
  // The data source ran after both servers existed: it lists them beside the team's others.
  expect(outputs.teamServerNames).toEqual(expect.arrayContaining(["grafana-prod (streamable-http)", "github-readonly (stdio)"]));
  expect(outputs.teamServerNames.length).toBeGreaterThan(2);

  // No secret in plaintext: not in the state, not in the outputs shown without --show-secrets.
  const state = JSON.stringify(await ws.exportState());
  for (const secret of [GRAFANA_TOKEN, GITHUB_TOKEN]) expect(state).not.toContain(secret);
  const shown = await ws.run(["stack", "output", "--json"]);
  for (const secret of [GRAFANA_TOKEN, GITHUB_TOKEN]) expect(shown.stdout).not.toContain(secret);

  // The masked answers read as the values in state: no phantom drift, and no write.
  const refreshed = await ws.run(["preview", "--refresh", "--expect-no-changes"]);
  for (const secret of [GRAFANA_TOKEN, GITHUB_TOKEN]) expect(refreshed.stdout + refreshed.stderr).not.toContain(secret);
  expect(writes()).toEqual({ create: 2, update: 0, delete: 0 });

  await ws.run(["destroy", "--yes"]);
  expect(writes()).toEqual({ create: 2, update: 0, delete: 2 });
  expect(emulator.server(outputs.grafanaServerId)).toBeUndefined();
  expect(emulator.server(outputs.githubServerId)).toBeUndefined();
});
