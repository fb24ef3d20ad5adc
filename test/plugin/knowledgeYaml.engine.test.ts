/**
 * KnowledgeFile and getKnowledgeFiles through the provider plugin (dist/plugin) with the real
 * Pulumi CLI and the YAML language host, against the emulator over HTTP: a file from
 * `fn::fileAsset` (the asset crosses gRPC in its Struct form) and one from text, up, a console
 * edit shown line by line by `preview --refresh --diff`, `up --refresh`, `pulumi import` by
 * `<teamId>/<path>` with a clean next preview, and destroy.
 */
import { describe, expect, test } from "vitest";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const world = yamlPluginSuite("plugin-yaml-knowledge-");

const RUNBOOK = "# DB runbook\n\n1. Check the lag.\n2. Restart the replica.\n";
const DUTY = "# DUTY.md\n\nSee @runbooks/db.md.\n";

function program(): string {
  return `${yamlPluginHeader("flashduty-plugin-yaml-knowledge")}resources:
  runbook:
    type: flashduty:index:KnowledgeFile
    properties:
      teamId: 1
      path: runbooks/db.md
      source:
        fn::fileAsset: ./db.md
  duty:
    type: flashduty:index:KnowledgeFile
    properties:
      path: DUTY.md
      content: ${JSON.stringify(DUTY)}
variables:
  knowledge:
    fn::invoke:
      function: flashduty:index:getKnowledgeFiles
      arguments:
        # The runbook's output: the invoke runs once the file exists.
        teamIds:
          - \${runbook.teamId}
        scope: team
outputs:
  runbookId: \${runbook.fileId}
  runbookChecksum: \${runbook.checksum}
  knowledge: \${knowledge}
`;
}

const emulator = () => world().emulator;
const pack = (teamId: number) =>
  emulator()
    .knowledgePacks()
    .find((p) => (teamId === 0 ? p.scope === "account" && p.account_id === 1 : p.scope === "team" && p.scope_id === teamId))!;
const text = (teamId: number, relPath: string) =>
  emulator()
    .knowledgeFiles(pack(teamId).pack_id)
    .find((f) => f.rel_path === relPath)?.content;
const puts = () => emulator().counters()["knowledgeFile.put"].requests;

describe("KnowledgeFile on the provider plugin with the YAML language host", () => {
  test("up from a file asset, console edit shown by preview --refresh --diff, up --refresh, import, destroy", async () => {
    emulator().reset();
    const ws = await yamlPluginStack(world(), { program: program(), files: { "db.md": RUNBOOK }, appKey: emulator().keys.admin });

    await ws.run(["up", "--yes"]);
    expect(text(1, "runbooks/db.md")).toBe(RUNBOOK);
    expect(text(0, "DUTY.md")).toBe(DUTY);
    const outs = (await ws.outputs()) as Record<string, any>;
    expect(outs.runbookId).toMatch(/^kfl_/);
    expect(outs.knowledge).toMatchObject({ total: 1, files: [{ teamId: 1, path: "runbooks/db.md", checksum: outs.runbookChecksum }] });
    await ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // A console edit: the changed line is shown, nothing is written until up.
    emulator().editKnowledgeFile(pack(1).pack_id, "runbooks/db.md", RUNBOOK.replace("Restart the replica", "Drop the database"));
    const before = puts();
    const drift = await ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).toContain("Drop the database");
    expect(drift.stdout).toContain("Restart the replica");
    expect(puts()).toBe(before);
    await ws.run(["up", "--refresh", "--yes"]);
    expect(text(1, "runbooks/db.md")).toBe(RUNBOOK);

    // pulumi import by <teamId>/<path>, then a clean preview with no write.
    await ws.run(["state", "delete", "--yes", "urn:pulumi:test::flashduty-plugin-yaml-knowledge::flashduty:index:KnowledgeFile::duty"]);
    const imported = await ws.run(["import", "flashduty:index:KnowledgeFile", "duty", "0/DUTY.md", "--yes", "--protect=false"]);
    expect(imported.stdout).toMatch(/type: flashduty:(index:)?KnowledgeFile/);
    const afterImport = puts();
    await ws.run(["preview", "--expect-no-changes"]);
    expect(puts()).toBe(afterImport);

    await ws.run(["destroy", "--yes"]);
    expect(text(1, "runbooks/db.md")).toBeUndefined();
    expect(text(0, "DUTY.md")).toBeUndefined();
  });
});
