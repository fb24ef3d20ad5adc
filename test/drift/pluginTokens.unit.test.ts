/**
 * Drift of resources of a program on the provider plugin (YAML, Python, Go; type tokens
 * `flashduty:index:<Noun>`) from refresh observations: a row for each noun, as for the dynamic
 * resources, and the two forms of one noun meeting (a plugin `McpServer` held by a dynamic
 * `McpServerDisablement`). The plugin's state has the same names and shapes (its secret outputs
 * arrive as Pulumi's secret marker, as the dynamic resources' do).
 */
import { describe, expect, test } from "vitest";
import { a2aAgentResourceDrifts } from "../../drift/a2aAgents";
import { ruleResourceDrifts } from "../../drift/automationRules";
import { VALUE_NOT_SHOWN } from "../../drift/dataSources";
import { knowledgeFileResourceDrifts } from "../../drift/knowledgeFiles";
import { mcpServerResourceDrifts } from "../../drift/mcpServers";
import type { RefreshedResource } from "../../drift/refreshEvents";
import { serverDrifts } from "../../drift/servers";
import { skillResourceDrifts } from "../../drift/skills";
import {
  A2A_AGENT_PLUGIN_TYPE,
  AUTOMATION_RULE_PLUGIN_TYPE,
  KNOWLEDGE_FILE_PLUGIN_TYPE,
  MCP_SERVER_DISABLEMENT_PLUGIN_TYPE,
  MCP_SERVER_DISABLEMENT_TYPE,
  MCP_SERVER_PLUGIN_TYPE,
  SKILL_PLUGIN_TYPE,
} from "../../provider/engine/typeToken";

/** A secret as a refresh preview's events carry it (`showSecrets` off): Pulumi's marker, ciphertext blinded. */
const marker = () => ({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "[secret]" });

const refreshed = (type: string, name: string, before: Record<string, unknown>, after: Record<string, unknown> | undefined): RefreshedResource => ({
  urn: `urn:pulumi:test::proj::${type}::${name}`,
  type,
  before,
  after,
});

describe("drift of plugin resources", () => {
  test("McpServerDisablement: a plugin disablement whose server the console enabled", () => {
    const before = { serverId: "mcp_grafana", serverName: "Grafana", status: "disabled", resourceName: "grafana-off" };
    const { checked, drifts } = serverDrifts([
      refreshed(MCP_SERVER_DISABLEMENT_PLUGIN_TYPE, "grafana-off", before, { ...before, status: "enabled" }),
      refreshed("pulumi:providers:flashduty", "default", {}, {}),
    ]);
    expect(checked).toBe(1);
    expect(drifts).toEqual([
      {
        urn: `urn:pulumi:test::proj::${MCP_SERVER_DISABLEMENT_PLUGIN_TYPE}::grafana-off`,
        resourceName: "grafana-off",
        serverId: "mcp_grafana",
        serverName: "Grafana",
        declared: "disabled",
        observed: "enabled",
        nextUp: "disable",
      },
    ]);
  });

  test("AutomationRule: a plugin rule edited in the console (its secret token not compared)", () => {
    const before = { ruleId: "arule_1", name: "Digest", prompt: "Summarise", cronExpr: "0 9 * * *", timezone: "UTC", httpPostToken: marker() };
    const { checked, drifts } = ruleResourceDrifts([refreshed(AUTOMATION_RULE_PLUGIN_TYPE, "digest", before, { ...before, prompt: "Console" })]);
    expect(checked).toBe(1);
    expect(drifts.map((d) => [d.resourceName, d.ruleId, d.observed, d.nextUp, d.fields])).toEqual([
      ["digest", "arule_1", "changed", "update", [{ field: "prompt", before: "Summarise", after: "Console" }]],
    ]);
  });

  test("McpServer: a plugin server's header added in the console, named by key; enabled not compared while a dynamic disablement holds it", () => {
    const before = {
      serverId: "mcp_grafana",
      serverName: "Grafana",
      transport: "streamable-http",
      url: "https://grafana.example/mcp",
      headers: marker(),
      headersKeys: ["Authorization"],
      env: marker(),
      envKeys: [],
      enabled: true,
    };
    const after = { ...before, headersKeys: ["Authorization", "X-Org"], enabled: false };
    const server = refreshed(MCP_SERVER_PLUGIN_TYPE, "grafana", before, after);
    const held = refreshed(
      MCP_SERVER_DISABLEMENT_TYPE,
      "grafana-off",
      { serverId: "mcp_grafana", status: "disabled" },
      { serverId: "mcp_grafana", status: "disabled" },
    );
    const { checked, drifts } = mcpServerResourceDrifts([server, held]);
    expect(checked).toBe(1);
    expect(drifts.map((d) => [d.resourceName, d.serverId, d.observed, d.nextUp, d.fields.map((f) => f.field)])).toEqual([
      ["grafana", "mcp_grafana", "changed", "update", ["headers.X-Org"]],
    ]);
    // Without the disablement, the console's disable is drift too.
    expect(mcpServerResourceDrifts([server]).drifts[0]!.fields.map((f) => f.field)).toEqual(["enabled", "headers.X-Org"]);
  });

  test("Skill: a plugin skill deleted on the platform", () => {
    const before = { skillId: "skill_1", skillName: "k8s-triage", teamId: 1, sourceHash: "a".repeat(64) };
    const { checked, drifts } = skillResourceDrifts([refreshed(SKILL_PLUGIN_TYPE, "triage", before, undefined)]);
    expect(checked).toBe(1);
    expect(drifts.map((d) => [d.resourceName, d.skillName, d.observed, d.nextUp])).toEqual([["triage", "k8s-triage", "deleted", "create"]]);
  });

  test("KnowledgeFile: a plugin file's text edited in the console (named by checksum, never the text)", () => {
    const before = { teamId: 2, path: "DUTY.md", content: "one\n", checksum: "a".repeat(64) };
    const { checked, drifts } = knowledgeFileResourceDrifts([
      refreshed(KNOWLEDGE_FILE_PLUGIN_TYPE, "duty", before, { ...before, content: "one\ntwo\n", checksum: "b".repeat(64) }),
    ]);
    expect(checked).toBe(1);
    expect(drifts.map((d) => [d.resourceName, d.teamId, d.path, d.observed, d.fields])).toEqual([
      ["duty", 2, "DUTY.md", "changed", [{ field: "content", before: `sha256:${"a".repeat(12)}, 1 line`, after: `sha256:${"b".repeat(12)}, 2 lines` }]],
    ]);
  });

  test("A2aAgent: a plugin agent's authConfig key removed in the console, named by key (its values secret)", () => {
    const before = { agentId: "a2a_1", agentName: "payments", instructions: "Ask", authConfig: marker(), authConfigKeys: ["api_key", "header_name"] };
    const { checked, drifts } = a2aAgentResourceDrifts([refreshed(A2A_AGENT_PLUGIN_TYPE, "payments", before, { ...before, authConfigKeys: ["header_name"] })]);
    expect(checked).toBe(1);
    expect(drifts.map((d) => [d.resourceName, d.agentName, d.observed, d.fields.map((f) => [f.field, f.before, f.after])])).toEqual([
      ["payments", "payments", "changed", [["authConfig.api_key", VALUE_NOT_SHOWN, null]]],
    ]);
  });
});
