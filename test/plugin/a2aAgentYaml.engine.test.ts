/**
 * `A2aAgent` and `getA2aAgents` on the provider plugin (dist/plugin) with the real Pulumi CLI and
 * the YAML language host, against the emulator over HTTP: up, a console edit named by
 * `preview --refresh --diff`, `up --refresh`, `pulumi import` by agent id with a clean next
 * preview and no write, the function, destroy. The `authConfig` secret in no output (its output
 * holds digests) and not in the state in plaintext.
 */
import { describe, expect, test } from "vitest";
import { digestMatches } from "../../provider/engine/secretDigest";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const world = yamlPluginSuite("plugin-yaml-a2a-");
const emulator = () => world().emulator;

const API_KEY = "ak_plugin_yaml_secret_0123456789";
const INSTRUCTIONS = "Ask about refunds";

function program(): string {
  return `${yamlPluginHeader("flashduty-plugin-yaml-a2a")}config:
  apiKey:
    type: string
    secret: true
resources:
  agent:
    type: flashduty:index:A2aAgent
    properties:
      agentName: plugin-yaml-agent
      instructions: ${INSTRUCTIONS}
      cardUrl: https://payments.example/card.json
      authType: api_key
      authConfig:
        header_name: X-Api-Key
        api_key: \${apiKey}
      teamId: 1
variables:
  agents:
    fn::invoke:
      function: flashduty:index:getA2aAgents
      arguments:
        query: \${agent.agentName}
outputs:
  agentId: \${agent.agentId}
  authConfig: \${agent.authConfig}
  agents: \${agents}
`;
}

const writes = () => {
  const c = emulator().counters();
  return { create: c["a2aAgent.create"].requests, update: c["a2aAgent.update"].requests, delete: c["a2aAgent.delete"].requests };
};

describe("A2aAgent on the provider plugin with the YAML language host", () => {
  test("up, console edit named by preview --refresh --diff, up --refresh, import with a clean preview, the function, destroy; secrets", async () => {
    const appKey = emulator().keys.admin;
    const ws = await yamlPluginStack(world(), { program: program(), appKey });
    await ws.setConfig("apiKey", API_KEY, true);

    const up = await ws.run(["up", "--yes"]);
    expect(writes()).toEqual({ create: 1, update: 0, delete: 0 });
    const outs = (await ws.outputs()) as Record<string, any>;
    const agentId = outs.agentId as string;
    expect(emulator().a2aAgent(agentId)).toMatchObject({
      agent_name: "plugin-yaml-agent",
      team_id: 1,
      auth_config: { api_key: "******", header_name: "X-Api-Key" },
    });
    expect(emulator().a2aAgentAuthConfig(agentId)).toEqual({ header_name: "X-Api-Key", api_key: API_KEY });
    // authConfig is write-only: the output holds a digest of each value, never the value.
    expect(Object.keys(outs.authConfig).sort()).toEqual(["api_key", "header_name"]);
    expect(digestMatches(outs.authConfig.api_key, API_KEY)).toBe(true);
    expect(digestMatches(outs.authConfig.header_name, "X-Api-Key")).toBe(true);
    expect(JSON.stringify(outs)).not.toContain(API_KEY);
    expect(outs.agents).toMatchObject({ total: 1, agents: [{ agentId, agentName: "plugin-yaml-agent", authConfig: { api_key: "******" } }] });

    const state = await ws.exportState();
    for (const secret of [appKey, API_KEY]) {
      expect(JSON.stringify(state)).not.toContain(secret);
      expect(up.output).not.toContain(secret);
    }
    await ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // A console edit: refresh names the field with no write; up --refresh puts it back in place.
    emulator().updateA2aAgent(agentId, { instructions: "Edited in the console" });
    const before = writes();
    const drift = await ws.run(["preview", "--refresh", "--diff"]);
    expect(writes()).toEqual(before);
    expect(drift.stdout).toMatch(/~ instructions: "Edited in the console" => "Ask about refunds"/);
    await ws.run(["up", "--refresh", "--yes"]);
    expect(emulator().a2aAgent(agentId)?.instructions).toBe(INSTRUCTIONS);
    expect(writes()).toEqual({ create: 1, update: 1, delete: 0 });

    // pulumi import by id: the program fragment printed, no secret, a clean preview, nothing written.
    await ws.run(["state", "delete", "--yes", "urn:pulumi:test::flashduty-plugin-yaml-a2a::flashduty:index:A2aAgent::agent"]);
    const imported = await ws.run(["import", "flashduty:index:A2aAgent", "agent", agentId, "--yes", "--protect=false"]);
    expect(imported.stdout).toMatch(/type: flashduty:(index:)?A2aAgent/);
    expect(imported.stdout).toMatch(/agentName: plugin-yaml-agent/);
    expect(imported.output).not.toContain(API_KEY);
    const afterImport = writes();
    await ws.run(["preview", "--expect-no-changes"]);
    expect(writes()).toEqual(afterImport);

    await ws.run(["destroy", "--yes"]);
    expect(emulator().a2aAgent(agentId)).toBeUndefined();
    expect(writes()).toMatchObject({ create: 1, delete: 1 });
  });
});
