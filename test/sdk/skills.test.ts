/**
 * The client's skills against the emulator over real HTTP: upload as multipart (create, replace
 * by id keeping the id, the archive checked before any request), the exactly-once upload when an
 * answer is lost, get/list/listAll/update/enable/disable/delete, the deterministic folder zip, and
 * the app key in no error.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { FlashdutyApiError, FlashdutyValidationError, skillArchiveChecksum, zipSkillFolder } from "../../sdk";
import { unzipSync } from "fflate";
import { PRODUCTION_LIMITS } from "../../emulator";
import { SKILL_RULES } from "../../wire/protocol";
import { emulatorPerFile, flashdutyRejection } from "../support/sdkEmulator";
import { skillMd, skillZip, zipOf } from "../support/skillArchives";

const shared = emulatorPerFile({ seed: { rules: 0 }, limits: false });
const client = (...args: Parameters<typeof shared.client>) => shared.client(...args);
const named = (name: string) => shared.em.skills().filter((s) => s.skill_name === name);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A skill folder with a SKILL.md named `name` and a script. */
function skillFolder(name: string, description = "A skill"): string {
  const dir = mkdtempSync(join(tmpdir(), "fd-skill-"));
  dirs.push(dir);
  writeFileSync(join(dir, "SKILL.md"), skillMd({ name, description }));
  mkdirSync(join(dir, "scripts"));
  writeFileSync(join(dir, "scripts", "run.sh"), "#!/bin/sh\necho hi\n");
  chmodSync(join(dir, "scripts", "run.sh"), 0o755);
  return dir;
}

describe("zipSkillFolder", () => {
  test("the same folder gives the same bytes whatever the files' times; a change of content changes them", async () => {
    const dir = skillFolder("same-bytes");
    const first = await zipSkillFolder(dir);
    utimesSync(join(dir, "SKILL.md"), new Date(2020, 1, 1), new Date(2020, 1, 1));
    expect(Buffer.from(await zipSkillFolder(dir)).equals(Buffer.from(first))).toBe(true);
    expect(Object.keys(unzipSync(first))).toEqual(["SKILL.md", "scripts/run.sh"]);
    writeFileSync(join(dir, "scripts", "run.sh"), "#!/bin/sh\necho changed\n");
    expect(skillArchiveChecksum(await zipSkillFolder(dir))).not.toBe(skillArchiveChecksum(first));
  });
});

describe("upload", () => {
  test("creates, then replaces by id keeping the id; the checksum is the archive's SHA-256", async () => {
    const archive = await zipSkillFolder(skillFolder("sdk-made", "first"));
    const made = await client().skills.upload({ archive, teamId: 1 });
    expect(made).toMatchObject({ skillName: "sdk-made", teamId: 1, status: "enabled", checksum: skillArchiveChecksum(archive), isModified: false });
    const next = await zipSkillFolder(skillFolder("sdk-made", "second"));
    const replaced = await client().skills.upload({ archive: next, replace: true, skillId: made.skillId });
    expect(replaced).toMatchObject({ skillId: made.skillId, description: "second", checksum: skillArchiveChecksum(next) });
    expect(named("sdk-made")).toHaveLength(1);
  });

  test.each([
    ["no SKILL.md", { archive: zipOf({ "README.md": "hi" }) }, "archive", "no SKILL.md"],
    ["no name", { archive: zipOf({ "SKILL.md": skillMd({ description: "d" }) }) }, "archive", "no `name`"],
    ["a description with >", { archive: zipOf({ "SKILL.md": skillMd({ name: "gt", description: "'a > b'" }) }) }, "archive", "`>`"],
    ["skillId without replace", { archive: skillZip("x"), skillId: "skill_x" }, "skillId", "replace"],
    ["a file name of another kind", { archive: skillZip("x"), fileName: "skill.rar" }, "fileName", ".zip"],
  ])("refuses %s before any request, naming the field", async (_what, params, field, detail) => {
    const error = await flashdutyRejection(client().skills.upload(params));
    expect(error).toBeInstanceOf(FlashdutyValidationError);
    expect((error as FlashdutyValidationError).field).toBe(field);
    expect(error.message).toContain(detail);
    expect(shared.em.counters()["skill.upload"].requests).toBe(0);
  });

  test("an archive over 100 MB is refused before any request, naming archive and the limit", async () => {
    const error = await flashdutyRejection(client().skills.upload({ archive: new Uint8Array(SKILL_RULES.maxArchiveBytes + 1) }));
    expect((error as FlashdutyValidationError).field).toBe("archive");
    expect(error.message).toContain("more than the platform's 104857600 (100 MB)");
    expect(shared.em.counters()["skill.upload"].requests).toBe(0);
  });

  test("a name taken in the scope: ReferenceExist naming it, the app key in no error", async () => {
    const error = await flashdutyRejection(client().skills.upload({ archive: skillZip("k8s-triage") }), [shared.em.keys.admin]);
    expect(error).toBeInstanceOf(FlashdutyApiError);
    expect((error as FlashdutyApiError).code).toBe("ReferenceExist");
    expect(error.message).toContain("k8s-triage");
  });
});

describe("rate limit", () => {
  test("uploads keep to the operation's own limit (3/s, 30/min): a burst of 7 against production limits sees no 429", async () => {
    shared.em.setLimits(PRODUCTION_LIMITS);
    const skills = client().skills;
    await Promise.all(Array.from({ length: 7 }, (_, i) => skills.upload({ archive: skillZip(`paced-${i}`) })));
    expect(shared.em.counters()["skill.upload"]).toEqual({ requests: 7, statuses: { "200": 7 } });
    shared.em.setLimits(false);
  });
});

describe("exactly-once upload", () => {
  test("an answer lost after the skill was made: found by name and checksum, never uploaded twice", async () => {
    shared.em.setFaults([{ operation: "skill.upload", kind: "applyThenDrop", count: 1 }]);
    const archive = skillZip("lost-answer");
    const made = await client().skills.upload({ archive, teamId: 2 });
    expect(named("lost-answer")).toHaveLength(1);
    expect(made).toMatchObject({ skillId: named("lost-answer")[0]!.skill_id, teamId: 2, checksum: skillArchiveChecksum(archive) });
    expect(shared.em.counters()["skill.upload"]).toEqual({ requests: 1, statuses: { dropped: 1 } });
    expect(shared.em.counters()["skill.list"].requests).toBeGreaterThanOrEqual(1);
  });

  test("a lost replace by id: found by get with the new checksum", async () => {
    shared.em.setFaults([{ operation: "skill.upload", kind: "applyThenDrop", count: 1 }]);
    const archive = skillZip("k8s-triage", "from the stack");
    const replaced = await client().skills.upload({ archive, replace: true, skillId: "skill_seed_k8s_triage" });
    expect(replaced).toMatchObject({ skillId: "skill_seed_k8s_triage", description: "from the stack" });
    expect(shared.em.counters()["skill.upload"].requests).toBe(1);
  });

  test("a reset before anything was made: nothing found, uploaded again once", async () => {
    shared.em.setFaults([{ operation: "skill.upload", kind: "reset", count: 1 }]);
    await client().skills.upload({ archive: skillZip("after-reset") });
    expect(named("after-reset")).toHaveLength(1);
    expect(shared.em.counters()["skill.upload"].statuses).toEqual({ reset: 1, "200": 1 });
  });
});

describe("reads and writes", () => {
  test("get has the content; listAll walks every page; update, disable, enable, delete", async () => {
    const skills = client().skills;
    expect((await skills.get({ skillId: "skill_seed_k8s_triage" })).content).toContain("k8s-triage");
    for (let i = 0; i < 5; i++) await skills.upload({ archive: skillZip(`many-${i}`) });
    const all = await skills.listAllAsArray({ limit: 2 });
    // Payments_Runbook: the seed's legacy row (emulator/README.md "Legacy rows").
    expect(all.map((s) => s.skillName).sort()).toEqual(["Payments_Runbook", "k8s-triage", "many-0", "many-1", "many-2", "many-3", "many-4", "slow-query"]);
    expect(all.every((s) => s.content === undefined)).toBe(true);
    const updated = await skills.update({ skillId: "skill_seed_k8s_triage", descriptionEn: "English", teamId: 2 });
    expect(updated).toMatchObject({ descriptionEn: "English", teamId: 2 });
    await skills.disable({ skillId: "skill_seed_k8s_triage" });
    expect((await skills.get({ skillId: "skill_seed_k8s_triage" })).status).toBe("disabled");
    await skills.enable({ skillId: "skill_seed_k8s_triage" });
    await skills.delete({ skillId: "skill_seed_k8s_triage" });
    const gone = await flashdutyRejection(skills.get({ skillId: "skill_seed_k8s_triage" }));
    expect((gone as FlashdutyApiError).isNotFound).toBe(true);
  });

  test("update refuses a description with < before any request", async () => {
    const error = await flashdutyRejection(client().skills.update({ skillId: "skill_seed_k8s_triage", description: "<b>" }));
    expect((error as FlashdutyValidationError).field).toBe("description");
    expect(shared.em.counters()["skill.update"].requests).toBe(0);
  });
});
