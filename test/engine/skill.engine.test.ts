/**
 * Skill with the real Pulumi CLI (local file:// backend) against the emulator over HTTP: create
 * from a folder (a FileArchive), an unchanged folder that uploads nothing, content changed in
 * place (same skillId), a team move, disable and enable, a console re-upload shown by refresh and
 * undone by up, a lost upload answer reconciled to one skill, a taken name and adoption, a skill
 * deleted on the platform, bad archives at preview and hostile text inert in every output.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import { createEngineStack, type EngineStack } from "../support/engineStack";
import { skillMd } from "../support/skillArchives";

let emulator: Emulator;
const stacks: EngineStack[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await emulator?.close();
});

async function newStack(skills: unknown[]): Promise<EngineStack> {
  const stack = await createEngineStack({ baseUrl: emulator.url, appKey: emulator.keys.admin, program: { skills } });
  stacks.push(stack);
  return stack;
}

/** A skill folder: SKILL.md named `name` and a script. */
function folder(name: string, description: string, script = "echo triage\n"): string {
  const dir = mkdtempSync(join(tmpdir(), "fd-skill-engine-"));
  dirs.push(dir);
  writeFileSync(join(dir, "SKILL.md"), skillMd({ name, description, version: "1.0.0" }));
  mkdirSync(join(dir, "scripts"));
  writeFileSync(join(dir, "scripts", "triage.sh"), script);
  return dir;
}

interface SkillOutputs {
  skillId: string;
  skillName: string;
  description: string;
  teamId: number;
  enabled: boolean;
  status: string;
  checksum: string;
  sourceHash: string;
  isModified: boolean;
}

async function outputs(stack: EngineStack): Promise<{ skills: Record<string, SkillOutputs>; skillList: string[] }> {
  return (await stack.ws.outputs()) as { skills: Record<string, SkillOutputs>; skillList: string[] };
}

const counts = () => {
  const c = emulator.counters();
  return { upload: c["skill.upload"].requests, update: c["skill.update"].requests, delete: c["skill.delete"].requests };
};

describe("Skill with the real Pulumi CLI", () => {
  test("create, no-op, content in place, team move, disable, console re-upload undone, vanished, destroy", async () => {
    emulator.reset();
    const dir = folder("engine-triage", "Triage from the stack");
    const stack = await newStack([{ name: "triage", args: { folder: dir, teamId: 1 } }]);
    await stack.ws.run(["up", "--yes"]);
    expect(counts()).toEqual({ upload: 1, update: 0, delete: 0 });
    const first = (await outputs(stack)).skills.triage!;
    expect(first).toMatchObject({ skillName: "engine-triage", teamId: 1, enabled: true, isModified: false });
    expect((await outputs(stack)).skillList).toContain("engine-triage@1: Triage from the stack");

    // An unchanged folder: nothing to do, nothing uploaded.
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);
    await stack.ws.run(["up", "--yes"]);
    expect(counts().upload).toBe(1);

    // New content, a team move and a disable: one upload over the same id, one update, one disable.
    writeFileSync(join(dir, "scripts", "triage.sh"), "echo triage v2\n");
    await stack.setProgram({ skills: [{ name: "triage", args: { folder: dir, teamId: 2, enabled: false } }] });
    const preview = await stack.ws.run(["preview", "--diff"]);
    expect(preview.stdout).toMatch(/sourceHash|source/);
    await stack.ws.run(["up", "--yes"]);
    expect(counts()).toEqual({ upload: 2, update: 1, delete: 0 });
    const second = (await outputs(stack)).skills.triage!;
    expect(second).toMatchObject({ skillId: first.skillId, teamId: 2, enabled: false, status: "disabled" });
    expect(second.sourceHash).not.toBe(first.sourceHash);
    expect(emulator.skills().filter((s) => s.skill_name === "engine-triage")).toHaveLength(1);

    // A console re-upload: refresh shows it, up puts the stack's archive back.
    emulator.updateSkill(first.skillId, { content: skillMd({ name: "engine-triage", description: "Edited in the console" }), status: "enabled" });
    const drift = await stack.ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).toMatch(/description/);
    expect(drift.stdout).toMatch(/enabled/);
    await stack.ws.run(["up", "--refresh", "--yes"]);
    expect(emulator.skill(first.skillId)).toMatchObject({ description: "Triage from the stack", is_modified: false, status: "disabled" });
    expect(emulator.skill(first.skillId)?.checksum).toBe(second.sourceHash);
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);

    // Deleted on the platform: destroy --refresh drops it without a call that fails.
    emulator.deleteSkill(first.skillId);
    await stack.ws.run(["destroy", "--refresh", "--yes"]);
  });

  test("a lost upload answer is reconciled to one skill; a taken name names how to adopt; adoption", async () => {
    emulator.reset();
    emulator.setFaults([{ operation: "skill.upload", kind: "applyThenDrop", count: 1 }]);
    const stack = await newStack([{ name: "lost", args: { folder: folder("engine-lost", "Lost answer") } }]);
    await stack.ws.run(["up", "--yes"]);
    expect(emulator.skills().filter((s) => s.skill_name === "engine-lost")).toHaveLength(1);
    expect(emulator.counters()["skill.upload"].statuses).toEqual({ dropped: 1 });

    const taken = folder("k8s-triage", "Ours");
    await stack.setProgram({ skills: [{ name: "taken", args: { folder: taken } }] });
    const refused = await stack.ws.run(["up", "--yes"], { check: false });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/a skill named "k8s-triage" already exists account-wide \('skill_seed_k8s_triage'\)/);
    expect(refused.stdout + refused.stderr).toMatch(/skillId: "skill_seed_k8s_triage"/);

    await stack.setProgram({ skills: [{ name: "taken", args: { folder: taken, skillId: "skill_seed_k8s_triage" } }] });
    await stack.ws.run(["up", "--yes"]);
    expect(emulator.skill("skill_seed_k8s_triage")).toMatchObject({ description: "Ours", is_modified: false });
    await stack.ws.run(["preview", "--refresh", "--expect-no-changes"]);
    await stack.ws.run(["destroy", "--yes"]);
    expect(emulator.skill("skill_seed_k8s_triage")).toBeUndefined();
  });

  test("bad archives fail the preview naming source, with no call; hostile platform text stays inert", async () => {
    emulator.reset();
    const noManifest = mkdtempSync(join(tmpdir(), "fd-skill-engine-bad-"));
    dirs.push(noManifest);
    writeFileSync(join(noManifest, "README.md"), "no skill here\n");
    const stack = await newStack([{ name: "bad", args: { folder: noManifest } }]);
    const refused = await stack.ws.run(["preview"], { check: false });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/source.*no SKILL\.md at its root/);
    expect(emulator.counters()["skill.upload"].requests).toBe(0);

    const hostile = "\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b[2J";
    emulator.updateSkill("skill_seed_slow_query", { description: `slow ${hostile}` });
    await stack.setProgram({ skills: [] });
    const listed = await stack.ws.run(["up", "--yes"]);
    expect(listed.stdout).not.toContain("\u001b]8;;");
    expect(listed.stdout).not.toContain("\u001b[2J");
  });
});
