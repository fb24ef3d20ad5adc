/** renderMarkdown on reports built here: verdicts, escaping of table cells, caps with a count. */
import { describe, expect, test } from "vitest";
import { renderMarkdown, type DriftReport, type ItemChange } from "../../drift";

function report(overrides: Partial<DriftReport> = {}): DriftReport {
  return {
    version: 1,
    stack: "dev",
    project: "platform",
    drift: false,
    checkedServers: 1,
    checkedOutputs: ["rules.rules"],
    servers: [],
    rules: [],
    templates: [],
    summary: { servers: 0, rules: { added: 0, removed: 0, changed: 0 }, templates: { added: 0, removed: 0, changed: 0 } },
    notes: [],
    ...overrides,
  };
}

const added = (i: number): ItemChange => ({ output: "rules.rules", kind: "added", id: `arule_${i}`, name: `Rule ${i}`, fields: [] });

describe("renderMarkdown", () => {
  test("no drift: the verdict, the footer and the marker only", () => {
    expect(renderMarkdown(report())).toBe(
      "**No drift** in stack `dev` (project `platform`): 1 MCP server disablement and 1 rule or template output match the platform.\n\n" +
        "<sub>`pulumi-flashduty drift`: a refresh preview; no state was written.</sub>\n<!-- pulumi-flashduty-drift stack=dev -->\n",
    );
  });

  test("cells: platform text as code spans with pipes and newlines escaped, backticks fenced; long values are named, not shown", () => {
    const change: ItemChange = {
      output: "rules.rules",
      kind: "changed",
      id: "arule_1",
      name: "a | b\nc",
      fields: [
        { field: "cronExpr", before: "0 `x` *", after: "1 * *" },
        { field: "prompt", before: "short", after: "x".repeat(100) },
      ],
    };
    const markdown = renderMarkdown(report({ drift: true, rules: [change], summary: { ...report().summary, rules: { added: 0, removed: 0, changed: 1 } } }));
    expect(markdown).toContain('| changed | `a \\| b\\nc` | `arule_1` | `rules.rules` | `cronExpr`: ``"0 `x` *"`` → `"1 * *"`, `prompt` changed |');
  });

  test("MCP servers in outputs: their own table and verdict; env/headers values not shown are only named", () => {
    const change: ItemChange = {
      output: "mcp.servers",
      kind: "changed",
      id: "mcp_grafana",
      name: "Grafana",
      fields: [
        { field: "headers.Authorization", before: "******", after: "(value not shown)" },
        { field: "headers.X-Org", before: null, after: "******" },
        { field: "status", before: "enabled", after: "disabled" },
      ],
    };
    const counts = { added: 0, removed: 0, changed: 1 };
    const markdown = renderMarkdown(report({ drift: true, mcpServers: [change], summary: { ...report().summary, mcpServers: counts } }));
    expect(markdown.split("\n")[0]).toBe(
      "**Drift found** in stack `dev` (project `platform`): 1 listed MCP server changed on the platform since the last `pulumi up`.",
    );
    expect(markdown).toContain("### MCP servers in outputs (0 added, 0 removed, 1 changed)\n\n| Change | Server | Id | Output | Fields |");
    expect(markdown).toContain(
      '| changed | `Grafana` | `mcp_grafana` | `mcp.servers` | `headers.Authorization` changed, `headers.X-Org`: `null` → `"******"`, `status`: `"enabled"` → `"disabled"` |',
    );
    expect(markdown).toContain("Rule, template and MCP server changes are the platform's");
    expect(renderMarkdown(report({ mcpServers: [], summary: { ...report().summary, mcpServers: { added: 0, removed: 0, changed: 0 } } }))).toContain(
      "1 MCP server disablement and 1 rule, template or MCP server output match the platform.",
    );
  });

  test("tables longer than maxRows end with the count of the rest; maxRows is checked", () => {
    const rules = Array.from({ length: 25 }, (_, i) => added(i));
    const markdown = renderMarkdown(report({ drift: true, rules, summary: { ...report().summary, rules: { added: 25, removed: 0, changed: 0 } } }));
    expect(markdown.split("\n").filter((line) => line.startsWith("| added |"))).toHaveLength(20);
    expect(markdown).toContain("\n... and 5 more rule changes (`--json` lists them all).\n");
    expect(markdown.split("\n")[0]).toBe(
      "**Drift found** in stack `dev` (project `platform`): 25 automation rules changed on the platform since the last `pulumi up`.",
    );
    expect(() => renderMarkdown(report(), { maxRows: 0 })).toThrow("maxRows must be an integer of at least 1, got 0");
  });
});
