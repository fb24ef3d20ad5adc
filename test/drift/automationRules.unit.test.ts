/**
 * Drift of declared `AutomationRule` resources from refresh observations, and its Markdown:
 * console edits name the declared fields, deletions say what the next `up` does, the token never
 * shows, and text from the platform cannot break the table.
 */
import { describe, expect, test } from "vitest";
import { ruleResourceDrifts } from "../../drift/automationRules";
import { AUTOMATION_RULE_TYPE } from "../../provider/engine/typeToken";
import { renderMarkdown, type DriftReport } from "../../drift";

const declared = {
  ruleId: "arule_1",
  name: "Daily digest",
  prompt: "p",
  cronExpr: "0 8 * * *",
  timezone: "UTC",
  teamId: 1,
  enabled: true,
  scheduleTriggerEnabled: true,
  httpPostTriggerEnabled: true,
  oncallIncidentTriggerEnabled: false,
  oncallIncidentChannelIds: [1, 2],
  oncallIncidentSeverities: [],
  environmentKind: "",
  environmentId: "",
  httpPostToken: "sat_secret",
  updatedAt: 1,
};
const urn = (name: string) => `urn:pulumi:test::proj::${AUTOMATION_RULE_TYPE}::${name}`;

describe("ruleResourceDrifts", () => {
  test("a console edit names the declared fields that differ; ids, times, order of lists and the token are not drift", () => {
    const { checked, drifts } = ruleResourceDrifts([
      {
        urn: urn("digest"),
        type: AUTOMATION_RULE_TYPE,
        before: declared,
        after: { ...declared, name: "Edited | x", enabled: false, updatedAt: 2, oncallIncidentChannelIds: [2, 1], httpPostToken: "sat_other" },
      },
      { urn: urn("same"), type: AUTOMATION_RULE_TYPE, before: declared, after: { ...declared, timezone: "" } },
      { urn: urn("gone"), type: AUTOMATION_RULE_TYPE, before: { ...declared, ruleId: "arule_2", name: "Gone" }, after: undefined },
      { urn: "urn:pulumi:test::proj::other::x", type: "other", before: {}, after: {} },
    ]);
    expect(checked).toBe(3);
    expect(drifts).toEqual([
      {
        urn: urn("digest"),
        resourceName: "digest",
        ruleId: "arule_1",
        name: "Daily digest",
        observed: "changed",
        nextUp: "update",
        fields: [
          { field: "enabled", before: true, after: false },
          { field: "name", before: "Daily digest", after: "Edited | x" },
        ],
      },
      { urn: urn("gone"), resourceName: "gone", ruleId: "arule_2", name: "Gone", observed: "deleted", nextUp: "create", fields: [] },
    ]);

    const report: DriftReport = {
      version: 1,
      stack: "test",
      project: "proj",
      drift: true,
      checkedServers: 0,
      checkedOutputs: [],
      servers: [],
      rules: [],
      templates: [],
      summary: { servers: 0, rules: { added: 0, removed: 0, changed: 0 }, templates: { added: 0, removed: 0, changed: 0 } },
      notes: [],
      checkedAutomationRules: checked,
      automationRules: drifts,
    };
    const markdown = renderMarkdown(report);
    expect(markdown.split("\n")[0]).toContain("2 declared automation rules changed on the platform");
    expect(markdown).toContain("### Automation rules declared in the stack (`AutomationRule`)");
    expect(markdown).toContain('`name`: `"Daily digest"` → `"Edited \\| x"`');
    expect(markdown).toContain("puts the declared fields back (one update, same rule id)");
    expect(markdown).toContain("**deleted on the platform** | makes the rule again");
    expect(markdown).not.toContain("sat_");
  });
});
