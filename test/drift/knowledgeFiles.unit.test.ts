/**
 * Drift of declared `KnowledgeFile` resources from refresh observations, and its Markdown: a
 * console edit is named by checksum and line count (never the text), a deleted file says what the
 * next `up` does, an unchanged checksum is no drift, and hostile paths and names stay inert.
 */
import { describe, expect, test } from "vitest";
import { compareDataSourceOutputs, renderJson, renderMarkdown, type DriftReport, type KnowledgeFileResourceDrift } from "../../drift";
import { knowledgeFileResourceDrifts } from "../../drift/knowledgeFiles";
import { KNOWLEDGE_FILE_TYPE, MCP_SERVER_TYPE } from "../../provider/engine/typeToken";
import { TERMINAL_CONTROL, elements, renderHtml } from "../support/hostileText";

const urn = (name: string) => `urn:pulumi:test::proj::${KNOWLEDGE_FILE_TYPE}::${name}`;
const file = (path: string, content: string, checksum: string, teamId = 0) => ({
  teamId,
  path,
  content,
  checksum,
  force: false,
  fileId: "kfl_1",
  packId: "kpk_1",
});

function reportOf(checked: number, drifts: KnowledgeFileResourceDrift[]): DriftReport {
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
    checkedKnowledgeFiles: checked,
    knowledgeFiles: drifts,
  };
}

describe("knowledgeFileResourceDrifts", () => {
  test("a changed checksum is a content change named by checksum and lines; a deleted file is made again; the same checksum is no drift", () => {
    const secretText = "the whole runbook text must never be in the report";
    const { checked, drifts } = knowledgeFileResourceDrifts([
      {
        urn: urn("duty"),
        type: KNOWLEDGE_FILE_TYPE,
        before: file("DUTY.md", "a\nb\n", "aaaaaaaaaaaaaaaa"),
        after: file("DUTY.md", `a\nb\n${secretText}\n`, "bbbbbbbbbbbbbbbb"),
      },
      { urn: urn("runbook"), type: KNOWLEDGE_FILE_TYPE, before: file("runbooks/db.md", "x", "cccc", 1), after: undefined },
      { urn: urn("same"), type: KNOWLEDGE_FILE_TYPE, before: file("same.md", "x", "dddd"), after: file("same.md", "x", "dddd") },
      { urn: "urn:pulumi:test::proj::x::y", type: MCP_SERVER_TYPE, before: {}, after: undefined },
    ]);
    expect(checked).toBe(3);
    expect(drifts).toEqual([
      {
        urn: urn("duty"),
        resourceName: "duty",
        teamId: 0,
        path: "DUTY.md",
        observed: "changed",
        fields: [{ field: "content", before: "sha256:aaaaaaaaaaaa, 2 lines", after: "sha256:bbbbbbbbbbbb, 3 lines" }],
        nextUp: "update",
      },
      { urn: urn("runbook"), resourceName: "runbook", teamId: 1, path: "runbooks/db.md", observed: "deleted", fields: [], nextUp: "create" },
    ]);
    const markdown = renderMarkdown(reportOf(checked, drifts));
    expect(markdown).toContain("### Knowledge files declared in the stack (`KnowledgeFile`)");
    expect(markdown).toContain("2 declared knowledge files");
    expect(markdown).not.toContain(secretText);
    expect(renderJson(reportOf(checked, drifts))).not.toContain(secretText);
  });

  test("no drift: the checked files are counted in the verdict", () => {
    expect(renderMarkdown(reportOf(3, [])).split("\n")[0]).toContain("3 declared knowledge files");
  });

  test("hostile paths and resource names are shown inert", () => {
    const hostile = "evil\u001b]0;x\u0007|`*<b>.md";
    const { drifts } = knowledgeFileResourceDrifts([
      { urn: urn("n\u001b[2J"), type: KNOWLEDGE_FILE_TYPE, before: file(hostile, "x", "eeee"), after: undefined },
    ]);
    const markdown = renderMarkdown(reportOf(1, drifts));
    for (const line of markdown.split("\n")) expect(line).not.toMatch(TERMINAL_CONTROL);
    // The path is an inert code span: no element of its own in the rendered report.
    expect(elements(renderHtml(markdown))).not.toContain("b");
  });
});

describe("getKnowledgeFiles lists in the stack outputs", () => {
  const listed = (path: string, checksum: string, teamId = 1) => ({
    fileId: `kfl_${path}`,
    packId: "kpk_1",
    teamId,
    path,
    checksum,
    sizeBytes: 1,
    contentType: "text/markdown",
    updatedBy: 1,
    updatedAt: 1,
  });

  test("files added, removed and changed on the platform are named <teamId>/<path>", () => {
    const before = { knowledge: { total: 2, files: [listed("a.md", "1"), listed("b.md", "2")] } };
    const after = { knowledge: { total: 2, files: [listed("a.md", "9"), listed("c.md", "3", 0)] } };
    const drift = compareDataSourceOutputs(before, after);
    expect(drift.checkedOutputs).toEqual(["knowledge.files"]);
    expect(drift.knowledgeFiles?.map((c) => [c.kind, c.name, c.id])).toEqual([
      ["added", "0/c.md", "kfl_c.md"],
      ["removed", "1/b.md", "kfl_b.md"],
      ["changed", "1/a.md", "kfl_a.md"],
    ]);
    expect(drift.knowledgeFiles?.[2]?.fields).toEqual([{ field: "checksum", before: "1", after: "9" }]);
    expect(drift.rules).toEqual([]);
    // A stack that exports no file list keeps the earlier shape.
    expect(compareDataSourceOutputs({}, {})).not.toHaveProperty("knowledgeFiles");
  });

  test("the Markdown report has a table of them", () => {
    const changes = compareDataSourceOutputs({ k: [listed("a.md", "1")] }, { k: [listed("a.md", "2")] }).knowledgeFiles!;
    const markdown = renderMarkdown({
      ...reportOf(0, []),
      drift: true,
      listedKnowledgeFiles: changes,
      summary: { ...reportOf(0, []).summary, listedKnowledgeFiles: { added: 0, removed: 0, changed: 1 } },
    });
    expect(markdown).toContain("### Knowledge files in outputs (0 added, 0 removed, 1 changed)");
    expect(markdown).toContain("1 listed knowledge file");
  });
});
