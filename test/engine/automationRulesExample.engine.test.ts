/**
 * examples/automation-rules with the real Pulumi CLI against the emulator: up makes the three
 * rules, the webhook output (URL and token) fires the HTTP rule and stays a secret, destroy
 * deletes them.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import * as path from "node:path";
import { request } from "undici";
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

test("examples/automation-rules: up, the webhook fires and stays secret, destroy", async () => {
  // Under the repository, so the program resolves pulumi-flashduty from its node_modules.
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "example-"));
  const projectDir = path.join(dir, "project");
  cpSync(path.join(REPO_ROOT, "examples", "automation-rules"), projectDir, { recursive: true });
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, "state"),
    stack: "example",
    env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined },
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", emulator.url);
  // A member of team 1 (not an admin) is enough for team rules.
  await ws.setConfig("flashduty:appKey", emulator.keys.member, true);

  await ws.run(["up", "--yes"]);
  const names = ["Daily alert digest", "Post-deploy health check", "Incident triage"];
  const rules = names.map((name) => emulator.visibleRules(emulator.keys.member, { keyword: name }).filter((r) => r.name === name));
  expect(rules.map((r) => r.length)).toEqual([1, 1, 1]);
  expect(rules[0]![0]).toMatchObject({ cron_expr: "30 8 * * 1-5", timezone: "Asia/Shanghai", team_id: 1, enabled: true });
  expect(rules[2]![0]).toMatchObject({
    oncall_incident_trigger_enabled: true,
    oncall_incident_channel_ids: [3001],
    oncall_incident_severities: ["Critical", "Warning"],
  });

  const outputs = (await ws.outputs()) as { deployWebhook: { url: string; authorization: string }; digestNextRun: string };
  expect(outputs.deployWebhook.url).toBe(`${emulator.url}${rules[1]![0]!.http_post_trigger_url}`);
  expect(outputs.deployWebhook.authorization).toMatch(/^Bearer sat_/);
  expect(Date.parse(outputs.digestNextRun)).toBeGreaterThan(Date.now());
  const fired = await request(outputs.deployWebhook.url, {
    method: "POST",
    headers: { authorization: outputs.deployWebhook.authorization, "content-type": "application/json" },
    body: '{"text":"deploy 1234"}',
  });
  await fired.body.dump();
  expect(fired.statusCode).toBe(200);
  const token = outputs.deployWebhook.authorization.slice("Bearer ".length);
  const plain = await ws.run(["stack", "output", "--json"]);
  expect(plain.stdout).not.toContain(token);
  expect(JSON.stringify(await ws.exportState())).not.toContain(token);

  await ws.run(["destroy", "--yes"]);
  for (const rule of rules) expect(emulator.rule(rule[0]!.rule_id)).toBeUndefined();
});
