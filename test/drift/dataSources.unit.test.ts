/**
 * compareDataSourceOutputs on stack outputs shaped as programs export them: lists found at any
 * output name and depth, added / removed / changed by identity, empty lists, outputs the program
 * added or dropped, and the fields that move without an edit.
 */
import { describe, expect, test } from "vitest";
import { compareDataSourceOutputs } from "../../drift";

const rule = (ruleId: string, fields: Record<string, unknown> = {}) => ({
  ruleId,
  name: `Rule ${ruleId}`,
  enabled: true,
  prompt: "p",
  scheduleNextFireAtMs: 1,
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
});
