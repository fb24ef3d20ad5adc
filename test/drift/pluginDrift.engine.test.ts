/**
 * `pulumi-flashduty drift` (the built dist/cli/main.js as a child process) on a YAML program on
 * the provider plugin (dist/plugin; type tokens `flashduty:index:<Noun>`), with the real Pulumi
 * CLI on a local backend against the emulator: a server enabled, an MCP server's header added and
 * a rule edited in the console are rows, as for the dynamic resources (`drift.engine.test.ts`);
 * no secret is printed.
 */
import { spawn } from "node:child_process";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import type { DriftReport } from "../../drift";
import { BUILT_CLI } from "../support/cliRun";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const world = yamlPluginSuite("plugin-drift-");
const emulator = () => world().emulator;
const HEADER_SECRET = "Bearer plugin-drift-header-secret-0123456789";

const PROGRAM = `${yamlPluginHeader("flashduty-plugin-drift")}config:
  header:
    type: string
    secret: true
resources:
  grafana-off:
    type: flashduty:index:McpServerDisablement
    properties:
      serverId: mcp_grafana
  web:
    type: flashduty:index:McpServer
    properties:
      serverName: plugin-drift-web
      description: Web tools
      transport: streamable-http
      url: https://web.example/mcp
      headers:
        Authorization: \${header}
      teamId: 1
  digest:
    type: flashduty:index:AutomationRule
    properties:
      name: Plugin digest
      prompt: Summarise the night's alerts
      cronExpr: "0 9 * * *"
      teamId: 1
outputs:
  serverId: \${web.serverId}
  ruleId: \${digest.ruleId}
`;

/** `node dist/cli/main.js drift --json` on the stack, with its environment. */
function driftJson(cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string; report: DriftReport }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, "drift", "--stack", "test", "--cwd", cwd, "--json"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr, report: JSON.parse(stdout || "{}") as DriftReport }));
  });
}

describe("pulumi-flashduty drift on a YAML program on the provider plugin", () => {
  test("a server enabled, a header key added and a rule edited in the console are rows with the plugin's URNs; no secret printed", async () => {
    const ws = await yamlPluginStack(world(), { program: PROGRAM, appKey: emulator().keys.admin });
    await ws.setConfig("header", HEADER_SECRET, true);
    await ws.run(["up", "--yes"]);
    const outs = (await ws.outputs()) as { serverId: string; ruleId: string };
    const projectDir = path.join(world().dir, "project");
    const urn = (type: string, name: string) => `urn:pulumi:test::flashduty-plugin-drift::flashduty:index:${type}::${name}`;

    const clean = await driftJson(projectDir, ws.environment());
    expect(clean.stderr).toBe("");
    expect(clean.code).toBe(0);
    expect(clean.report).toMatchObject({ drift: false, checkedServers: 1, checkedMcpServerResources: 1, checkedAutomationRules: 1 });

    emulator().setServerStatus("mcp_grafana", "enabled");
    emulator().updateServer(outs.serverId, { headers: { Authorization: HEADER_SECRET, "X-Added": "added-header-value" } });
    emulator().updateRule(outs.ruleId, { prompt: "Summarise only P1 alerts" });
    const { code, stdout, stderr, report } = await driftJson(projectDir, ws.environment());
    expect(stderr).toBe("");
    expect(code).toBe(2);
    expect(report.servers).toEqual([
      expect.objectContaining({ urn: urn("McpServerDisablement", "grafana-off"), serverId: "mcp_grafana", observed: "enabled", nextUp: "disable" }),
    ]);
    expect(report.mcpServerResources).toEqual([
      expect.objectContaining({
        urn: urn("McpServer", "web"),
        serverId: outs.serverId,
        observed: "changed",
        fields: [{ field: "headers.X-Added", before: null, after: "(value not shown)" }],
      }),
    ]);
    expect(report.automationRules).toEqual([
      expect.objectContaining({
        urn: urn("AutomationRule", "digest"),
        ruleId: outs.ruleId,
        observed: "changed",
        fields: [{ field: "prompt", before: "Summarise the night's alerts", after: "Summarise only P1 alerts" }],
      }),
    ]);
    for (const secret of [HEADER_SECRET, "plugin-drift-header-secret", "added-header-value", emulator().keys.admin]) expect(stdout).not.toContain(secret);
  });
});
