/**
 * Drift of declared `McpServer` resources from refresh observations, and its Markdown: console
 * edits name the declared fields, deletions say what the next `up` does, `env` / `headers` name
 * keys only (never a value, secret markers and the platform's mask are no change), and the
 * report's JSON keeps its earlier shape for stacks without an `McpServer`.
 */
import { describe, expect, test } from "vitest";
import { renderJson, renderMarkdown, type DriftReport, type McpServerResourceDrift } from "../../drift";
import { mcpServerResourceDrifts } from "../../drift/mcpServers";
import { MCP_SERVER_DISABLEMENT_TYPE, MCP_SERVER_TYPE } from "../../provider/engine/typeToken";

/** A secret as a refresh preview's events carry it (`showSecrets` off): Pulumi's marker, ciphertext blinded. */
const marker = (ciphertext = "[secret]") => ({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext });

const declared = {
  serverId: "mcp_1",
  serverName: "grafana-prod",
  description: "Grafana",
  transport: "streamable-http",
  url: "https://grafana.example.com/mcp",
  args: [],
  env: {},
  headers: marker(),
  teamId: 1,
  environments: ["cloud"],
  connectTimeoutSeconds: 0,
  callTimeoutSeconds: 0,
  authMode: "shared",
  allowInsecureOauthHttp: false,
  allowInsecureTlsSkipVerify: false,
  enabled: true,
  accountId: 7,
  createdAt: 1,
  updatedAt: 1,
  canEdit: true,
  aiDescription: "",
  proxyUrl: "",
  sourceTemplateName: "",
};
const urn = (name: string) => `urn:pulumi:test::proj::${MCP_SERVER_TYPE}::${name}`;
const refreshed = (name: string, before: Record<string, unknown>, after: Record<string, unknown> | undefined) => ({
  urn: urn(name),
  type: MCP_SERVER_TYPE,
  before,
  after,
});

function reportOf(checked: number, drifts: McpServerResourceDrift[]): DriftReport {
  return {
    version: 1,
    stack: "test",
    project: "proj",
    drift: drifts.length > 0,
    checkedServers: 0,
    checkedOutputs: [],
    servers: [],
    rules: [],
    templates: [],
    summary: { servers: 0, rules: { added: 0, removed: 0, changed: 0 }, templates: { added: 0, removed: 0, changed: 0 } },
    notes: [],
    checkedMcpServerResources: checked,
    mcpServerResources: drifts,
  };
}

describe("mcpServerResourceDrifts", () => {
  test("a console edit names the declared fields that differ; ids, times and platform-set fields are not drift; a deletion says what `up` does", () => {
    const { checked, drifts } = mcpServerResourceDrifts([
      refreshed("grafana", declared, {
        ...declared,
        description: "edited | `x`",
        callTimeoutSeconds: 120,
        environments: ["cloud", "byoc_1"],
        updatedAt: 2,
        canEdit: false,
        aiDescription: "the platform's",
        proxyUrl: "https://proxy",
      }),
      // Missing lists and a missing command read as the provider's defaults: no drift.
      refreshed("same", { ...declared, serverId: "mcp_2", args: undefined, command: undefined }, { ...declared, serverId: "mcp_2", updatedAt: 9 }),
      refreshed("gone", { ...declared, serverId: "mcp_3", serverName: "gone" }, undefined),
      refreshed("adopted", { ...declared, serverId: "mcp_4", serverName: "adopted", adoptedServerId: "mcp_4" }, undefined),
      { urn: "urn:pulumi:test::proj::other::x", type: "other", before: {}, after: {} },
    ]);
    expect(checked).toBe(4);
    expect(drifts).toEqual([
      { urn: urn("adopted"), resourceName: "adopted", serverId: "mcp_4", serverName: "adopted", observed: "deleted", fields: [], nextUp: "failNotFound" },
      { urn: urn("gone"), resourceName: "gone", serverId: "mcp_3", serverName: "gone", observed: "deleted", fields: [], nextUp: "create" },
      {
        urn: urn("grafana"),
        resourceName: "grafana",
        serverId: "mcp_1",
        serverName: "grafana-prod",
        observed: "changed",
        nextUp: "update",
        fields: [
          { field: "callTimeoutSeconds", before: 0, after: 120 },
          { field: "description", before: "Grafana", after: "edited | `x`" },
          { field: "environments", before: ["cloud"], after: ["cloud", "byoc_1"] },
        ],
      },
    ]);

    const markdown = renderMarkdown(reportOf(checked, drifts));
    expect(markdown.split("\n")[0]).toContain("3 declared MCP servers changed on the platform");
    expect(markdown).toContain("### MCP servers declared in the stack (`McpServer`)");
    expect(markdown).toContain("| `grafana-prod` | `mcp_1` | `grafana` | changed: `callTimeoutSeconds`: `0` → `120`, `description`: ");
    expect(markdown).toContain("puts the declared fields back (one update, same server id)");
    expect(markdown).toContain("| `gone` | `mcp_3` | `gone` | **deleted on the platform** | makes the server again (the refresh drops it from state) |");
    expect(markdown).toContain("`MCP server 'mcp_4' (the serverId input) not found`");
    expect(renderMarkdown(reportOf(4, [])).split("\n")[0]).toBe(
      "**No drift** in stack `test` (project `proj`): 0 MCP server disablements, 4 declared MCP servers and 0 rule or template outputs match the platform.",
    );
  });

  test("env and headers as the engine sends them (whole secret markers, any ciphertext): never a change, nothing of them printed", () => {
    const { drifts } = mcpServerResourceDrifts([
      refreshed("a", { ...declared, env: marker("v1:AAAA"), headers: marker("v1:BBBB") }, { ...declared, env: marker("v1:CCCC"), headers: marker() }),
      refreshed("b", { ...declared, serverId: "mcp_b", headers: { Authorization: "x" } }, { ...declared, serverId: "mcp_b", headers: marker("v1:DDDD") }),
    ]);
    expect(drifts).toEqual([]);
  });

  test("env and headers with visible keys: a key added or removed is named, a changed plain value is named without it, masked or secret values are no change", () => {
    const before = {
      ...declared,
      env: { GITHUB_TOKEN: "ghp_before_secret", MODE: "ro", OLD: "gone-value", SECRET_REF: marker("v1:EEEE") },
      headers: { Authorization: "Bearer before-secret", "X-Org": "acme" },
    };
    const after = {
      ...declared,
      env: { GITHUB_TOKEN: "******", MODE: "rw-plain-value", SECRET_REF: marker("v1:FFFF"), NEW_KEY: "new-plain-value" },
      headers: { Authorization: "******", "X-Org": "acme", "X-New": "******" },
    };
    const { drifts } = mcpServerResourceDrifts([refreshed("a", before, after)]);
    expect(drifts).toHaveLength(1);
    expect(drifts[0]!.fields).toEqual([
      { field: "env.MODE", before: "(value not shown)", after: "(value not shown)" },
      { field: "env.NEW_KEY", before: null, after: "(value not shown)" },
      { field: "env.OLD", before: "(value not shown)", after: null },
      { field: "headers.X-New", before: null, after: "(value not shown)" },
    ]);
    const report = reportOf(1, drifts);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("changed: `env.MODE` changed, `env.NEW_KEY` added, `env.OLD` removed, `headers.X-New` added |");
    for (const shown of [markdown, renderJson(report)]) {
      for (const value of ["ghp_before_secret", "rw-plain-value", "gone-value", "new-plain-value", "Bearer", "acme", "******", "v1:", "[secret]"]) {
        expect(shown).not.toContain(value);
      }
    }
  });

  test("a field holding a Pulumi secret (a program passed one) is named, its values never shown", () => {
    const { drifts } = mcpServerResourceDrifts([
      refreshed(
        "a",
        { ...declared, url: marker("v1:AAAA"), args: ["--x", marker("v1:BBBB")] },
        { ...declared, url: marker("v1:AAAA"), args: ["--y", marker()] },
      ),
    ]);
    expect(drifts[0]!.fields).toEqual([{ field: "args", before: "(value not shown)", after: "(value not shown)" }]);
    expect(renderJson(reportOf(1, drifts))).not.toContain("v1:");
  });

  test("enabled: drift, except for a server an McpServerDisablement of the stack keeps disabled (the disablement wins)", () => {
    const disablement = (serverId: string) => ({
      urn: `urn:pulumi:test::proj::${MCP_SERVER_DISABLEMENT_TYPE}::${serverId}`,
      type: MCP_SERVER_DISABLEMENT_TYPE,
      before: { serverId, status: "disabled" },
      after: { serverId, status: "disabled" },
    });
    const { drifts } = mcpServerResourceDrifts([
      refreshed("held", declared, { ...declared, enabled: false }),
      refreshed("free", { ...declared, serverId: "mcp_free", serverName: "free" }, { ...declared, serverId: "mcp_free", serverName: "free", enabled: false }),
      disablement("mcp_1"),
    ]);
    expect(drifts.map((d) => [d.resourceName, d.fields])).toEqual([["free", [{ field: "enabled", before: true, after: false }]]]);
  });
});
