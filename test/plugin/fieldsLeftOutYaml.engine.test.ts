/**
 * What the platform holds never blocks a stack (issue 58), through the provider plugin with the
 * real CLI and the YAML language host: console edits of every optional field a program leaves out
 * keep `preview --refresh` and `up --refresh` green and stay; `pulumi up --replace` of a server
 * (a name unique in its scope) fails without the `deleteBeforeReplace` option with a message that
 * gives the plugin's own recipe (the option, `pulumi import`, `server_id` in Python), and works
 * with it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { ensurePulumiCli, ensurePulumiYaml, PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

let emulator: Emulator;
let dir: string;
let yamlHost: string;

beforeAll(() => {
  yamlHost = ensurePulumiYaml();
}, 1_200_000);

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "plugin-left-out-"));
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

/** Each noun with its required fields only; the server with `deleteBeforeReplace` when asked. */
function program(deleteBeforeReplace: boolean): string {
  return `name: flashduty-left-out
runtime: yaml
plugins:
  providers:
    - name: flashduty
      path: ${path.join(REPO_ROOT, "dist", "plugin")}
resources:
  server:
    type: flashduty:index:McpServer
    properties:
      serverName: yaml-left-out
      transport: streamable-http
      url: https://left-out.example/mcp
${deleteBeforeReplace ? "    options:\n      deleteBeforeReplace: true\n" : ""}  rule:
    type: flashduty:index:AutomationRule
    properties:
      name: yaml-left-out-rule
      prompt: Summarise.
      cronExpr: "0 9 * * *"
  agent:
    type: flashduty:index:A2aAgent
    properties:
      agentName: yaml-left-out-agent
      instructions: Answer.
      cardUrl: https://left-out.example/card.json
outputs:
  serverId: \${server.serverId}
  ruleId: \${rule.ruleId}
  agentId: \${agent.agentId}
  serverDescription: \${server.description}
`;
}

describe("fields a program leaves out, through the provider plugin (YAML)", () => {
  test("console edits left out stay and block nothing; --replace gives the plugin's recipe, and works with deleteBeforeReplace", async () => {
    const projectDir = path.join(dir, "project");
    mkdirSync(projectDir, { recursive: true });
    writeFileSync(path.join(projectDir, "Pulumi.yaml"), program(false));
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
    await ws.run(["up", "--yes"]);
    const outs = (await ws.outputs()) as Record<string, string>;
    const serverId = outs.serverId!;
    const ruleId = outs.ruleId!;
    const agentId = outs.agentId!;

    // Not team_id: a server moved to another team would not clash with the replacement below.
    const serverEdit = { description: "Edited in the console", environments: ["cloud"], connect_timeout: 30, call_timeout: 120 };
    emulator.updateServer(serverId, serverEdit);
    emulator.setServerStatus(serverId, "disabled");
    emulator.updateRule(ruleId, { timezone: "Asia/Shanghai", enabled: false });
    emulator.updateA2aAgent(agentId, { streaming: true, environments: ["cloud"], status: "disabled" });

    expect((await ws.run(["preview", "--refresh", "--diff"])).code).toBe(0);
    await ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.server(serverId)).toMatchObject({ ...serverEdit, status: "disabled" });
    expect(emulator.rule(ruleId)).toMatchObject({ timezone: "Asia/Shanghai", enabled: false });
    expect(emulator.a2aAgent(agentId)).toMatchObject({ streaming: true, environments: ["cloud"], status: "disabled" });
    expect(((await ws.outputs()) as Record<string, string>).serverDescription).toBe("Edited in the console");
    await ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // --replace makes the new server first unless the option says otherwise: the name is taken,
    // and the message gives what works for a plugin program.
    const urn = "urn:pulumi:test::flashduty-left-out::flashduty:index:McpServer::server";
    const clash = await ws.run(["up", "--replace", urn, "--yes"], { check: false });
    expect(clash.code).not.toBe(0);
    expect(clash.output).toMatch(/already exists/);
    expect(clash.output).toMatch(/deleteBeforeReplace: true/);
    expect(clash.output).toMatch(/pulumi import flashduty:index:McpServer <name> /);
    expect(clash.output).toMatch(/server_id in Python/);
    expect(clash.output).not.toMatch(/pulumi import does not work/);
    expect(emulator.servers().filter((s) => s.server_name === "yaml-left-out")).toHaveLength(1);

    // With the option, the recipe works: delete first, then create; one server of the name.
    writeFileSync(path.join(projectDir, "Pulumi.yaml"), program(true));
    await ws.run(["up", "--replace", urn, "--yes"]);
    const servers = emulator.servers().filter((s) => s.server_name === "yaml-left-out");
    expect(servers).toHaveLength(1);
    expect(servers[0]?.server_id).not.toBe(serverId);
    await ws.run(["preview", "--expect-no-changes"]);

    await ws.run(["destroy", "--yes"]);
    expect(emulator.servers().filter((s) => s.server_name === "yaml-left-out")).toHaveLength(0);
    expect(emulator.rule(ruleId)).toBeUndefined();
    expect(emulator.a2aAgent(agentId)).toBeUndefined();
  });
});
