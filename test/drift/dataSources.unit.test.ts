/**
 * compareDataSourceOutputs on stack outputs shaped as programs export them: lists found at any
 * output name and depth, added / removed / changed by identity, empty lists, outputs the program
 * added or dropped, and the fields that move without an edit.
 */
import { describe, expect, test } from "vitest";
import { compareDataSourceOutputs } from "../../drift";
import { VALUE_NOT_SHOWN } from "../../drift/dataSources";
import { ISSUE_EXAMPLES } from "../support/hostileText";

const rule = (ruleId: string, fields: Record<string, unknown> = {}) => ({
  ruleId,
  name: `Rule ${ruleId}`,
  enabled: true,
  prompt: "p",
  scheduleNextFireAtMs: 1,
  ...fields,
});
const server = (serverId: string, fields: Record<string, unknown> = {}) => ({
  serverId,
  serverName: `Server ${serverId}`,
  teamId: 1,
  status: "enabled",
  description: "d",
  env: { API_TOKEN: "******", REGION: "eu" },
  updatedAt: 1,
  ...fields,
});
const template = (name: string, fields: Record<string, unknown> = {}) => ({ name, description: "d", icon: "bell", enabled: true, prompt: "p", ...fields });

describe("compareDataSourceOutputs", () => {
  test("finds rule and template lists at any output name and depth, with the template's locale", () => {
    const before = {
      teamRules: { total: 2, rules: [rule("a"), rule("b")] },
      nested: { deeper: [[rule("x")]] },
      catalog: { zh: { locale: "zh-CN", templates: [template("每日告警摘要")] } },
      plain: [template("Daily alert digest")],
    };
    const after = {
      teamRules: { total: 2, rules: [rule("b", { enabled: false }), rule("c")] },
      nested: { deeper: [[rule("x")]] },
      catalog: { zh: { locale: "zh-CN", templates: [template("每日告警摘要", { prompt: "新" })] } },
      plain: [],
    };
    const result = compareDataSourceOutputs(before, after);
    expect(result.checkedOutputs).toEqual(["catalog.zh.templates", "nested.deeper[0]", "plain", "teamRules.rules"]);
    expect(result.rules).toEqual([
      { output: "teamRules.rules", kind: "added", id: "c", name: "Rule c", fields: [] },
      { output: "teamRules.rules", kind: "removed", id: "a", name: "Rule a", fields: [] },
      { output: "teamRules.rules", kind: "changed", id: "b", name: "Rule b", fields: [{ field: "enabled", before: true, after: false }] },
    ]);
    expect(result.templates).toEqual([
      {
        output: "catalog.zh.templates",
        kind: "changed",
        id: "每日告警摘要",
        name: "每日告警摘要",
        locale: "zh-CN",
        fields: [{ field: "prompt", before: "p", after: "新" }],
      },
      { output: "plain", kind: "removed", id: "Daily alert digest", name: "Daily alert digest", fields: [] },
    ]);
    expect(result.notes).toEqual([]);
  });

  test("an empty list then a full one: all added; a schedule that fired is not an edit", () => {
    const result = compareDataSourceOutputs(
      { r: { rules: [rule("a")] }, t: [] },
      { r: { rules: [rule("a", { scheduleNextFireAtMs: 99 })] }, t: [template("New one")] },
    );
    expect(result.rules).toEqual([]);
    expect(result.templates).toEqual([{ output: "t", kind: "added", id: "New one", name: "New one", fields: [] }]);
  });

  test("lists the program added or dropped are not compared but noted; other outputs are ignored", () => {
    const result = compareDataSourceOutputs(
      { old: { rules: [rule("a")] }, servers: { mcp_grafana: { status: "disabled" } }, count: 3 },
      { fresh: { rules: [rule("a")] }, servers: { mcp_grafana: { status: "enabled" } }, count: 4 },
    );
    expect(result).toEqual({
      rules: [],
      templates: [],
      checkedOutputs: [],
      notes: [
        "Output `fresh.rules` (rule list) is new since the last `pulumi up` (a program change); not compared.",
        "Output `old.rules` (rule list) is no longer exported by the program; not compared.",
      ],
    });
  });

  test("MCP server lists: found by serverId and serverName, compared by serverId, named by serverName; probe fields are not edits", () => {
    const before = { mcp: { total: 3, servers: [server("mcp_a"), server("mcp_b"), server("mcp_c", { toolCount: 3, listError: "" })] } };
    const after = {
      mcp: {
        total: 3,
        servers: [
          server("mcp_b", { status: "disabled", serverName: "Renamed b", updatedAt: 2 }),
          server("mcp_c", { toolCount: 4, listError: "timeout", tools: [{ name: "t" }] }),
          server("mcp_d"),
        ],
      },
    };
    const result = compareDataSourceOutputs(before, after);
    expect(result.checkedOutputs).toEqual(["mcp.servers"]);
    expect(result.rules).toEqual([]);
    expect(result.templates).toEqual([]);
    expect(result.mcpServers).toEqual([
      { output: "mcp.servers", kind: "added", id: "mcp_d", name: "Server mcp_d", fields: [] },
      { output: "mcp.servers", kind: "removed", id: "mcp_a", name: "Server mcp_a", fields: [] },
      {
        output: "mcp.servers",
        kind: "changed",
        id: "mcp_b",
        name: "Renamed b",
        fields: [
          { field: "serverName", before: "Server mcp_b", after: "Renamed b" },
          { field: "status", before: "enabled", after: "disabled" },
          { field: "updatedAt", before: 1, after: 2 },
        ],
      },
    ]);
  });

  test("env and headers: compared key by key; a masked value stays masked, any other value is never shown", () => {
    const before = {
      s: [
        server("mcp_a", { env: { API_TOKEN: "******", REGION: "eu", GONE: "old-secret-ish" } }),
        server("mcp_b", { env: undefined, headers: { Authorization: "******" } }),
      ],
    };
    const after = {
      s: [
        server("mcp_a", { env: { API_TOKEN: "******", REGION: "us-east-1 sk_live_123", NEW_TOKEN: "******" } }),
        server("mcp_b", { env: undefined, headers: { Authorization: "Bearer sk_live_leaked", "X-Org": "7" } }),
      ],
    };
    const result = compareDataSourceOutputs(before, after);
    expect(result.mcpServers!.map((c) => [c.id, c.fields])).toEqual([
      [
        "mcp_a",
        [
          { field: "env.GONE", before: VALUE_NOT_SHOWN, after: null },
          { field: "env.NEW_TOKEN", before: null, after: "******" },
          { field: "env.REGION", before: VALUE_NOT_SHOWN, after: VALUE_NOT_SHOWN },
        ],
      ],
      [
        "mcp_b",
        [
          { field: "headers.Authorization", before: "******", after: VALUE_NOT_SHOWN },
          { field: "headers.X-Org", before: null, after: VALUE_NOT_SHOWN },
        ],
      ],
    ]);
    const json = JSON.stringify(result);
    for (const secret of ["old-secret-ish", "sk_live", "us-east-1", "eu", '"7"']) expect(json).not.toContain(secret);
  });

  test("hostile server names and descriptions are reported as data, whole; a server list that appears or goes is noted", () => {
    const hostile = (i: number) => server(`mcp_${i}`, { serverName: ISSUE_EXAMPLES[i]!, description: ISSUE_EXAMPLES[(i + 1) % ISSUE_EXAMPLES.length]! });
    const result = compareDataSourceOutputs(
      { kept: ISSUE_EXAMPLES.map((_, i) => server(`mcp_${i}`)), dropped: { servers: [server("mcp_x")] } },
      { kept: ISSUE_EXAMPLES.map((_, i) => hostile(i)), fresh: [server("mcp_y")] },
    );
    expect(result.mcpServers).toHaveLength(ISSUE_EXAMPLES.length);
    for (const change of result.mcpServers!) {
      const i = Number(change.id.slice(4));
      expect(change.name).toBe(ISSUE_EXAMPLES[i]);
      expect(change.fields.find((f) => f.field === "description")?.after).toBe(ISSUE_EXAMPLES[(i + 1) % ISSUE_EXAMPLES.length]);
    }
    expect(result.notes).toEqual([
      "Output `dropped.servers` (MCP server list) is no longer exported by the program; not compared.",
      "Output `fresh` (MCP server list) is new since the last `pulumi up` (a program change); not compared.",
    ]);
  });

  test("no server list compared: no mcpServers key; an empty list then a full one: all added", () => {
    expect("mcpServers" in compareDataSourceOutputs({ r: [rule("a")] }, { r: [rule("a")] })).toBe(false);
    expect(compareDataSourceOutputs({ s: [] }, { s: [server("mcp_a")] }).mcpServers).toEqual([
      { output: "s", kind: "added", id: "mcp_a", name: "Server mcp_a", fields: [] },
    ]);
  });
});
