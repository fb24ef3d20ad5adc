/**
 * Drift of declared `KnowledgeFile` resources from refresh observations, and its Markdown: a
 * console edit is named by checksum and line count (never the text), a deleted file says what the
 * next `up` does, an unchanged checksum is no drift, and hostile paths and names stay inert.
 */
import { describe, expect, test } from "vitest";
import { renderJson, renderMarkdown, type DriftReport, type KnowledgeFileResourceDrift } from "../../drift";
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
