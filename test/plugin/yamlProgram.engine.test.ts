/**
 * The provider plugin `pulumi-resource-flashduty` (dist/plugin) with the real Pulumi CLI and the
 * YAML language host (scripts/install-pulumi-yaml.sh), against the emulator over HTTP: one YAML
 * program declaring each resource and invoking each function, through up, a console edit shown by
 * `preview --refresh --diff` naming the fields, `up --refresh`, `pulumi import` of each resource
 * with a clean next preview, and destroy. The stack config
 * `flashduty:*` reaches the plugin through Configure; secrets stay secret.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { writeCounts } from "../support/writeCounts";
import { digestMatches } from "../../provider/engine/secretDigest";
import { ensurePulumiCli, ensurePulumiYaml, PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

let emulator: Emulator;
let dir: string;

let yamlHost: string;

// The YAML language host, here rather than in the tier's global setup, so that only this file
// needs it: found at once (.ci/run builds it first), or built from Go modules on a first run
// (minutes, hence the timeout).
beforeAll(() => {
  yamlHost = ensurePulumiYaml();
}, 1_200_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "plugin-yaml-"));
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const HEADER_SECRET = "Bearer plugin_yaml_header_secret_0123456789";
const PROMPT = "Summarise the open incidents";
const DESCRIPTION = "Dashboards (plugin)";
const DISABLED_SERVER = "mcp_grafana";

/** The program: each resource, each function; the plugin referenced by its folder in this checkout. */
function program(): string {
  return `name: flashduty-plugin-yaml
runtime: yaml
plugins:
  providers:
    - name: flashduty
      path: ${path.join(REPO_ROOT, "dist", "plugin")}
config:
  disabledServer:
    type: string
  headerValue:
    type: string
    secret: true
resources:
  rule:
    type: flashduty:index:AutomationRule
    properties:
      name: plugin-yaml-rule
      prompt: ${PROMPT}
      cronExpr: "0 9 * * *"
      timezone: Asia/Shanghai
      httpPostTriggerEnabled: true
  server:
    type: flashduty:index:McpServer
    properties:
      serverName: plugin-yaml-server
      description: ${DESCRIPTION}
      transport: streamable-http
      url: https://grafana.example/mcp
      headers:
        Authorization: \${headerValue}
  off:
    type: flashduty:index:McpServerDisablement
    properties:
      serverId: \${disabledServer}
variables:
  rules:
    fn::invoke:
      function: flashduty:index:getAutomationRules
      arguments:
        keyword: \${rule.name}
  servers:
    fn::invoke:
      function: flashduty:index:getMcpServers
      arguments:
        query: \${server.serverName}
  templates:
    fn::invoke:
      function: flashduty:index:getAutomationTemplates
      arguments:
        locale: en-US
outputs:
  ruleId: \${rule.ruleId}
  httpPostToken: \${rule.httpPostToken}
  serverId: \${server.serverId}
  serverHeaders: \${server.headers}
  offStatus: \${off.status}
  rules: \${rules}
  servers: \${servers}
  templates: \${templates}
`;
}

const writes = () => writeCounts(emulator);

describe("the provider plugin with the real CLI and the YAML language host", () => {
  test("up, console edits named by preview --refresh --diff, up --refresh, import of each resource with a clean preview, destroy; functions; secrets", async () => {
    emulator.reset();
    const appKey = emulator.keys.admin;
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
    await ws.setConfig("flashduty:appKey", appKey, true);
    await ws.setConfig("disabledServer", DISABLED_SERVER);
    await ws.setConfig("headerValue", HEADER_SECRET, true);
    expect(emulator.server(DISABLED_SERVER)?.status).toBe("enabled");

    // up: one create of each, the server disabled; the functions see what the resources made.
    // With --debug and an event log (docs/reliability.md#secrets-in-logs): checked for secrets below.
    const eventLog = path.join(dir, "up.events.json");
    const up = await ws.run(["up", "--yes", "--debug", "--event-log", eventLog], { env: { PULUMI_DEBUG_COMMANDS: "true" } });
    expect(writes()).toMatchObject({ ruleCreate: 1, serverCreate: 1, disable: 1, ruleUpdate: 0, serverUpdate: 0 });
    const outs = (await ws.outputs()) as Record<string, any>;
    const ruleId = outs.ruleId as string;
    const serverId = outs.serverId as string;
    expect(emulator.rule(ruleId)).toMatchObject({ name: "plugin-yaml-rule", prompt: PROMPT, timezone: "Asia/Shanghai", http_post_trigger_enabled: true });
    expect(emulator.server(serverId)).toMatchObject({ server_name: "plugin-yaml-server", description: DESCRIPTION, transport: "streamable-http" });
    expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
    expect(outs.offStatus).toBe("disabled");
    expect(outs.httpPostToken).toMatch(/\S{8,}/);
    // The output holds a salted digest of the header, never the header (docs/reliability.md "Secrets in logs").
    expect(digestMatches(outs.serverHeaders.Authorization, HEADER_SECRET)).toBe(true);
    expect(outs.rules).toMatchObject({ total: 1, rules: [{ ruleId, name: "plugin-yaml-rule" }] });
    expect(outs.servers).toMatchObject({ total: 1, servers: [{ serverId, serverName: "plugin-yaml-server" }] });
    expect(outs.templates.locale).toBe("en-US");
    expect(outs.templates.templates.length).toBeGreaterThan(0);

    // Secrets: the app key, the header and the trigger token in no output and not in the state in plaintext.
    const state = await ws.exportState();
    const exported = JSON.stringify(state);
    for (const secret of [appKey, HEADER_SECRET, outs.httpPostToken as string]) {
      expect(exported).not.toContain(secret);
      expect(up.output).not.toContain(secret);
      expect(readFileSync(eventLog, "utf8")).not.toContain(secret);
    }
    const rule = state.deployment.resources?.find((r) => r.type === "flashduty:index:AutomationRule");
    expect(rule?.outputs.httpPostToken).toHaveProperty("ciphertext");

    // Console edits: refresh names each changed field in the diff, with no write.
    emulator.updateRule(ruleId, { prompt: "Edited in the console" });
    emulator.updateServer(serverId, { description: "Edited in the console" });
    emulator.setServerStatus(DISABLED_SERVER, "enabled");
    const before = writes();
    const drift = await ws.run(["preview", "--refresh", "--diff", "--debug"]);
    expect(writes()).toEqual(before);
    const planned = drift.stdout.slice(drift.stdout.indexOf("pulumi:pulumi:Stack: (same)"));
    expect(planned).toMatch(/~ prompt: "Edited in the console" => "Summarise the open incidents"/);
    expect(planned).toMatch(/~ description: "Edited in the console" => "Dashboards \(plugin\)"/);
    expect(planned).toMatch(/McpServerDisablement: \(update\)[\s\S]*status/);
    for (const secret of [appKey, HEADER_SECRET]) expect(drift.output).not.toContain(secret);

    // up --refresh puts the program's values back, in place.
    await ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.rule(ruleId)?.prompt).toBe(PROMPT);
    expect(emulator.server(serverId)?.description).toBe(DESCRIPTION);
    expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
    expect(writes()).toMatchObject({ ruleCreate: 1, serverCreate: 1, ruleUpdate: 1, serverUpdate: 1, disable: 2 });

    // pulumi import: the rule and the server leave the state, then come back by id, with the
    // program fragment printed; the next preview is clean and nothing was written.
    await ws.run(["state", "delete", "--yes", `urn:pulumi:test::flashduty-plugin-yaml::flashduty:index:AutomationRule::rule`]);
    await ws.run(["state", "delete", "--yes", `urn:pulumi:test::flashduty-plugin-yaml::flashduty:index:McpServer::server`]);
    const importedRule = await ws.run(["import", "flashduty:index:AutomationRule", "rule", ruleId, "--yes", "--protect=false"]);
    expect(importedRule.stdout).toMatch(/type: flashduty:(index:)?AutomationRule/);
    expect(importedRule.stdout).toMatch(/prompt: Summarise the open incidents/);
    const importedServer = await ws.run(["import", "flashduty:index:McpServer", "server", serverId, "--yes", "--protect=false"]);
    expect(importedServer.stdout).toMatch(/type: flashduty:(index:)?McpServer/);
    expect(importedServer.stdout).toMatch(/serverName: plugin-yaml-server/);
    expect(importedServer.output).not.toContain(HEADER_SECRET);
    // The disablement too: imported, it finds the server disabled and records that it did not
    // disable it (an import changes nothing), so the preview is clean and destroy leaves the
    // server as it found it.
    await ws.run(["state", "delete", "--yes", `urn:pulumi:test::flashduty-plugin-yaml::flashduty:index:McpServerDisablement::off`]);
    const importedOff = await ws.run(["import", "flashduty:index:McpServerDisablement", "off", DISABLED_SERVER, "--yes", "--protect=false"]);
    expect(importedOff.stdout).toMatch(/type: flashduty:(index:)?McpServerDisablement/);
    expect(importedOff.stdout).toContain(`serverId: ${DISABLED_SERVER}`);
    const afterImport = writes();
    await ws.run(["preview", "--expect-no-changes"]);
    expect(writes()).toEqual(afterImport);
    const offState = (await ws.exportState()).deployment.resources?.find((r) => r.type === "flashduty:index:McpServerDisablement");
    expect(offState?.outputs).toMatchObject({ serverId: DISABLED_SERVER, status: "disabled", disabledByThisResource: false, resourceName: "off" });

    // destroy: the rule and the server deleted; the imported disablement had disabled nothing, so
    // the server stays disabled (restoreOnDelete puts back only what the stack changed).
    await ws.run(["destroy", "--yes"]);
    expect(emulator.rule(ruleId)).toBeUndefined();
    expect(emulator.server(serverId)).toBeUndefined();
    expect(emulator.server(DISABLED_SERVER)?.status).toBe("disabled");
    expect(writes()).toMatchObject({ ruleDelete: 1, serverDelete: 1, enable: 0 });
  });
});
