/**
 * Drift of declared `Skill` resources and of exported skill lists (`getSkills`), and their
 * Markdown: a console re-upload names `sourceHash` (the next `up` uploads the stack's archive
 * again), an edit names the field, a deletion says what the next `up` does, a listed skill added
 * or changed is a row, and platform text in a name stays inert.
 */
import { describe, expect, test } from "vitest";
import { compareDataSourceOutputs, renderMarkdown, type DriftReport, type SkillResourceDrift } from "../../drift";
import { skillResourceDrifts } from "../../drift/skills";
import { SKILL_TYPE } from "../../provider/engine/typeToken";

const declared = {
  skillId: "skill_1",
  skillName: "k8s-triage",
  teamId: 1,
  description: "Triage",
  descriptionEn: "",
  enabled: true,
  sourceHash: "a".repeat(64),
  checksum: "a".repeat(64),
  isModified: false,
  updatedAt: 1,
};
const refreshed = (name: string, before: Record<string, unknown>, after: Record<string, unknown> | undefined) => ({
  urn: `urn:pulumi:test::proj::${SKILL_TYPE}::${name}`,
  type: SKILL_TYPE,
  before,
  after,
});

function reportOf(drifts: SkillResourceDrift[], extra: Partial<DriftReport> = {}): DriftReport {
  return {
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
    checkedSkillResources: drifts.length,
    skillResources: drifts,
    ...extra,
  };
}

describe("declared skills", () => {
  test("a re-upload names sourceHash and means an upload; an edit names the field; the platform's own fields are not drift", () => {
    const { checked, drifts } = skillResourceDrifts([
      refreshed("same", declared, { ...declared, updatedAt: 2, isModified: false }),
      refreshed("reuploaded", declared, { ...declared, sourceHash: "b".repeat(64), checksum: "b".repeat(64), isModified: true }),
      refreshed("edited", { ...declared, skillName: "edited" }, { ...declared, skillName: "edited", description: "Console" }),
      refreshed("gone", { ...declared, skillName: "gone" }, undefined),
      refreshed("adopted", { ...declared, skillName: "adopted", adoptedSkillId: "skill_1" }, undefined),
    ]);
    expect(checked).toBe(5);
    expect(drifts.map((d) => [d.resourceName, d.observed, d.nextUp, d.fields.map((f) => f.field)])).toEqual([
      ["adopted", "deleted", "failNotFound", []],
      ["edited", "changed", "update", ["description"]],
      ["gone", "deleted", "create", []],
      ["reuploaded", "changed", "upload", ["sourceHash"]],
    ]);
    const markdown = renderMarkdown(reportOf(drifts));
    expect(markdown).toContain("### Skills declared in the stack (`Skill`)");
    expect(markdown).toContain("uploads the stack's archive again (same skill id)");
    expect(markdown).toContain("4 declared skills");
  });

  test("a hostile skill name is shown as inert text", () => {
    const { drifts } = skillResourceDrifts([refreshed("x", { ...declared, skillName: "a`|\u001b[2J" }, undefined)]);
    const markdown = renderMarkdown(reportOf(drifts));
    expect(markdown).not.toContain("\u001b");
    expect(markdown).not.toContain("a`|");
  });
});

describe("skill lists in outputs", () => {
  test("added, removed and changed skills are rows; other lists are untouched", () => {
    const row = (skillId: string, skillName: string, description: string) => ({ skillId, skillName, description, teamId: 0 });
    const before = { list: { total: 2, skills: [row("skill_a", "a", "A"), row("skill_b", "b", "B")] } };
    const after = { list: { total: 2, skills: [row("skill_a", "a", "A changed"), row("skill_c", "c", "C")] } };
    const result = compareDataSourceOutputs(before, after);
    expect(result.skills?.map((c) => [c.kind, c.id, c.fields.map((f) => f.field)])).toEqual([
      ["added", "skill_c", []],
      ["removed", "skill_b", []],
      ["changed", "skill_a", ["description"]],
    ]);
    expect(result.mcpServers).toBeUndefined();
    const markdown = renderMarkdown(
      reportOf([], {
        skillResources: undefined,
        checkedSkillResources: undefined,
        skills: result.skills!,
        summary: { ...reportOf([]).summary, skills: { added: 1, removed: 1, changed: 1 } },
      }),
    );
    expect(markdown).toContain("### Skills in outputs (1 added, 1 removed, 1 changed)");
  });
});
