/**
 * examples/skills-and-knowledge with the real Pulumi CLI against the emulator: up uploads the
 * skill folder once and writes the two knowledge files (the runbook DUTY.md references resolves,
 * so no warning); a second up with nothing changed writes nothing; a console edit of DUTY.md
 * shows on a refresh preview and `up --refresh` puts the repository's text back; destroy deletes
 * the skill and both files and leaves the team's pack.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { PulumiWorkspace, REPO_ROOT } from "../../scripts/pulumiCli";

let emulator: Emulator;
let dir: string | undefined;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});

afterAll(async () => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

const EXAMPLE = path.join(REPO_ROOT, "examples", "skills-and-knowledge");

const writes = () => {
  const c = emulator.counters();
  return {
    upload: c["skill.upload"].requests,
    skillDelete: c["skill.delete"].requests,
    put: c["knowledgeFile.put"].requests,
    fileDelete: c["knowledgeFile.delete"].requests,
  };
};

/** Team 1's knowledge pack and its files by path, as the emulator holds them. */
function teamFiles(): Map<string, string> {
  const pack = emulator.knowledgePacks().find((p) => p.scope === "team" && p.scope_id === 1);
  return new Map(pack === undefined ? [] : emulator.knowledgeFiles(pack.pack_id).map((f) => [f.rel_path, f.content]));
}

test("examples/skills-and-knowledge: up, nothing to write on a second up, a console edit put back, destroy", async () => {
  // Under the repository, so the program resolves pulumi-flashduty from its node_modules.
  const root = path.join(REPO_ROOT, ".pulumi-state", "work");
  mkdirSync(root, { recursive: true });
  dir = mkdtempSync(path.join(root, "example-"));
  const projectDir = path.join(dir, "project");
  cpSync(EXAMPLE, projectDir, { recursive: true });
  const ws = new PulumiWorkspace({
    projectDir,
    stateDir: path.join(dir, "state"),
    stack: "example",
    env: { FLASHDUTY_APP_KEY: undefined, FLASHDUTY_BASE_URL: undefined },
  });
  await ws.initFresh();
  await ws.setConfig("flashduty:baseUrl", emulator.url);
  await ws.setConfig("flashduty:appKey", emulator.keys.admin, true);
  emulator.resetCounters();

  const up = await ws.run(["up", "--yes"]);
  // The runbook DUTY.md references exists before DUTY.md is written: no unresolved reference.
  expect(up.output).not.toMatch(/unresolved/i);
  expect(writes()).toEqual({ upload: 1, skillDelete: 0, put: 2, fileDelete: 0 });
  const outputs = (await ws.outputs()) as { skillId: string; skillName: string; dutyChecksum: string };
  expect(outputs.skillName).toBe("k8s-triage");
  expect(emulator.skill(outputs.skillId)).toMatchObject({
    skill_name: "k8s-triage",
    team_id: 1,
    status: "enabled",
    version: "1.2.0",
    tags: ["kubernetes", "triage"],
  });
  const duty = readFileSync(path.join(EXAMPLE, "knowledge", "DUTY.md"), "utf8");
  const files = teamFiles();
  expect(files.get("DUTY.md")).toBe(duty);
  expect(files.get("runbooks/database.md")).toBe(readFileSync(path.join(EXAMPLE, "knowledge", "runbooks", "database.md"), "utf8"));

  // Nothing changed in the folders: no upload, no write.
  await ws.run(["up", "--yes", "--expect-no-changes"]);
  expect(writes()).toEqual({ upload: 1, skillDelete: 0, put: 2, fileDelete: 0 });

  // Someone edits DUTY.md in the console: a refresh preview shows it, `up --refresh` puts it back.
  const pack = emulator.knowledgePacks().find((p) => p.scope === "team" && p.scope_id === 1)!;
  emulator.editKnowledgeFile(pack.pack_id, "DUTY.md", `${duty}- Restart the ledger when in doubt.\n`);
  const drift = await ws.run(["preview", "--refresh", "--expect-no-changes", "--diff"], { check: false });
  expect(drift.code).not.toBe(0);
  expect(drift.output).toContain("Restart the ledger when in doubt.");
  await ws.run(["up", "--refresh", "--yes"]);
  expect(teamFiles().get("DUTY.md")).toBe(duty);
  expect(writes()).toEqual({ upload: 1, skillDelete: 0, put: 3, fileDelete: 0 });

  await ws.run(["destroy", "--yes"]);
  expect(writes()).toEqual({ upload: 1, skillDelete: 1, put: 3, fileDelete: 2 });
  expect(emulator.skill(outputs.skillId)).toBeUndefined();
  expect([...teamFiles().keys()]).toEqual([]);
  // The pack stays: a file never deletes it.
  expect(emulator.knowledgePacks().some((p) => p.pack_id === pack.pack_id)).toBe(true);
});
