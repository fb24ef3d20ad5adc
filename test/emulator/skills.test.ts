/**
 * Skills against the emulator over real HTTP (docs/platform-api.md "Skills"): multipart upload
 * (create, name collision, replace by name and by id, tar.gz, refused archives), get and list,
 * update, enable/disable (not idempotent), soft delete, the console edit that makes drift, the
 * audit log and the upload's own rate limit.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { PRODUCTION_LIMITS, startEmulator, type Emulator } from "../../emulator";
import { PATHS, SKILL_RULES, wireSkillListDataSchema, wireSkillSchema, type WireSkill } from "../../wire/wire";
import { call, expectError, uploadSkill, type Answer } from "../support/emulatorCalls";
import { skillMd, skillZip, tarGzOf, zipOf } from "../support/skillArchives";

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ seed: { rules: 0 }, limits: false });
});
afterAll(async () => {
  await em.close();
});
beforeEach(() => {
  em.reset();
  em.setLimits(false);
});

type Key = keyof Emulator["keys"];
const api = (path: string, body: unknown, key: Key = "admin") => call(em, path, { key: em.keys[key], body });

interface UploadFields {
  team_id?: string;
  replace?: string;
  skill_id?: string;
}

/** A multipart upload as the vendor's SDK sends it: text fields first, then `file`. */
const upload = (archive: Buffer | undefined, fields: UploadFields = {}, key: Key = "admin", fileName = "skill.zip"): Promise<Answer> =>
  uploadSkill(em, em.keys[key], archive, { ...fields }, fileName);

function skill(answer: Answer): WireSkill {
  expect(answer.status, answer.text).toBe(200);
  return wireSkillSchema.parse(answer.body.data);
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("upload", () => {
  test("creates an enabled skill whose fields come from the frontmatter; get has the content, list rows do not", async () => {
    const archive = skillZip("deploy-check", "Checks a deploy");
    const made = skill(await upload(archive, { team_id: "1" }));
    expect(made).toMatchObject({
      skill_name: "deploy-check",
      description: "Checks a deploy",
      version: "1.2.0",
      tags: ["ops", "k8s"],
      team_id: 1,
      account_id: 1,
      status: "enabled",
      is_modified: false,
      can_edit: true,
      checksum: sha256(archive),
    });
    expect(made.skill_id.startsWith("skill_")).toBe(true);
    const got = skill(await api(PATHS.skillGet, { skill_id: made.skill_id }));
    expect(got.content).toContain("name: deploy-check");
    const listed = wireSkillListDataSchema.parse((await api(PATHS.skillList, { query: "deploy-check" })).body.data);
    expect(listed.skills.map((s) => s.skill_id)).toEqual([made.skill_id]);
    expect(listed.skills[0]).not.toHaveProperty("content");
    expect(
      em
        .audit()
        .filter((e) => e.operation === "skill.upload")
        .map((e) => [e.outcome, e.skillId]),
    ).toEqual([["success", made.skill_id]]);
  });

  test("a name taken in the scope is refused with ReferenceExist naming it; replace=true replaces it in place", async () => {
    const first = skill(await upload(skillZip("dup-name")));
    const again = await upload(skillZip("dup-name", "other"));
    expectError(again, 400, "ReferenceExist");
    expect(again.body.error.message).toContain("dup-name");
    // The same name in another team is another skill.
    expect(skill(await upload(skillZip("dup-name"), { team_id: "2" })).skill_id).not.toBe(first.skill_id);
    const replaced = skill(await upload(skillZip("dup-name", "second version"), { replace: "true" }));
    expect(replaced).toMatchObject({ skill_id: first.skill_id, description: "second version", created_at: first.created_at });
    expect(replaced.checksum).not.toBe(first.checksum);
  });

  test("replace with skill_id overwrites that skill, keeping its id, team, status and description_en", async () => {
    const first = skill(await upload(skillZip("by-id"), { team_id: "1" }));
    await api(PATHS.skillUpdate, { skill_id: first.skill_id, description_en: "English" });
    await api(PATHS.skillDisable, { skill_id: first.skill_id });
    em.updateSkill(first.skill_id, { content: skillMd({ name: "by-id", description: "edited in the console" }) });
    expect(em.skill(first.skill_id)?.is_modified).toBe(true);
    const archive = skillZip("by-id", "from the stack");
    const replaced = skill(await upload(archive, { replace: "true", skill_id: first.skill_id, team_id: "3" }));
    expect(replaced).toMatchObject({
      skill_id: first.skill_id,
      team_id: 1,
      status: "disabled",
      description: "from the stack",
      description_en: "English",
      is_modified: false,
      checksum: sha256(archive),
    });
  });

  test("skill_id without replace, an unknown skill_id, no file: refused naming the field", async () => {
    const seeded = em.skills()[0]!;
    const noReplace = await upload(skillZip("x"), { skill_id: seeded.skill_id });
    expectError(noReplace, 400, "InvalidParameter");
    expect(noReplace.body.error.message).toContain("skill_id");
    expectError(await upload(skillZip("x"), { replace: "true", skill_id: "skill_gone" }), 400, "ResourceNotFound");
    const noFile = await upload(undefined, { team_id: "1" });
    expectError(noFile, 400, "InvalidParameter");
    expect(noFile.body.error.message).toContain("file");
  });

  test("a tar.gz and a .skill with one top-level folder are read too", async () => {
    const tgz = await tarGzOf({ "SKILL.md": skillMd({ name: "from-tar", description: "tar" }) });
    expect(skill(await upload(tgz, {}, "admin", "skill.tar.gz")).skill_name).toBe("from-tar");
    const nested = zipOf({ "nested-one/SKILL.md": skillMd({ name: "nested-one", description: "n" }), "nested-one/run.py": "print(1)\n" });
    expect(skill(await upload(nested, {}, "admin", "nested-one.skill")).skill_name).toBe("nested-one");
  });

  test.each([
    ["no SKILL.md", zipOf({ "README.md": "# hi\n" }), "no SKILL.md"],
    ["no frontmatter name", zipOf({ "SKILL.md": skillMd({ description: "d" }) }), "no `name`"],
    ["a description with <", zipOf({ "SKILL.md": skillMd({ name: "angle", description: "'<b>'" }) }), "may not contain `<`"],
    ["not an archive", Buffer.from("just text"), "neither a zip"],
    ["a name that is not lower-case", zipOf({ "SKILL.md": skillMd({ name: "Bad Name", description: "d" }) }), "lower-case"],
  ])("refuses %s, naming file", async (_what, archive, detail) => {
    const answer = await upload(archive);
    expectError(answer, 400, "InvalidParameter");
    expect(answer.body.error.message).toContain("file");
    expect(answer.body.error.message).toContain(detail);
    expect(em.skills().length).toBe(4);
  });

  test("an archive over 100 MB is refused with EntityTooLarge before it is read", async () => {
    const big = Buffer.alloc(SKILL_RULES.maxArchiveBytes + 1);
    expectError(await upload(big), 413, "EntityTooLarge");
  });

  test("a member without ai-sre, or outside the team, may not upload", async () => {
    expectError(await upload(skillZip("nope"), {}, "noAiSre"), 403, "AccessDenied");
    expectError(await upload(skillZip("nope"), { team_id: "1" }, "teamMember2"), 403, "AccessDenied");
    expect(skill(await upload(skillZip("mine"), { team_id: "3" }, "teamMember2")).team_id).toBe(3);
  });

  test("keeps to its own limit: never more than 3 successful uploads in a second", async () => {
    em.setLimits(PRODUCTION_LIMITS);
    em.resetCounters();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(skillZip(`burst-${i}`))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    for (const answer of answers.filter((a) => a.status === 429)) expect(answer.body.error.code).toBe("RequestTooFrequently");
  });
});

describe("update, enable, disable, delete", () => {
  const seededId = "skill_seed_k8s_triage";

  test('update sets the descriptions (description_en cleared by "") and moves the team in place', async () => {
    const updated = skill(await api(PATHS.skillUpdate, { skill_id: seededId, description: "New", description_en: "New EN", team_id: 2 }));
    expect(updated).toMatchObject({ skill_id: seededId, description: "New", description_en: "New EN", team_id: 2 });
    const kept = skill(await api(PATHS.skillUpdate, { skill_id: seededId, description: "", description_en: "" }));
    expect(kept.description).toBe("New");
    expect(kept).not.toHaveProperty("description_en");
    const refused = await api(PATHS.skillUpdate, { skill_id: seededId, description: "a > b" });
    expectError(refused, 400, "InvalidParameter");
    expect(refused.body.error.message).toContain("description");
  });

  test("enable and disable are not idempotent", async () => {
    expectError(await api(PATHS.skillEnable, { skill_id: seededId }), 400, "InvalidParameter");
    expect((await api(PATHS.skillDisable, { skill_id: seededId })).body.data).toBeNull();
    expect(em.skill(seededId)?.status).toBe("disabled");
    expectError(await api(PATHS.skillDisable, { skill_id: seededId }), 400, "InvalidParameter");
    expect((await api(PATHS.skillEnable, { skill_id: seededId })).status).toBe(200);
    expect(em.audit().map((e) => `${e.operation}:${e.outcome}`)).toEqual([
      "skill.enable:InvalidParameter",
      "skill.disable:success",
      "skill.disable:InvalidParameter",
      "skill.enable:success",
    ]);
  });

  test("delete is soft: gone from get and list, the name free, a second delete ResourceNotFound", async () => {
    expect((await api(PATHS.skillDelete, { skill_id: seededId })).status).toBe(200);
    expectError(await api(PATHS.skillGet, { skill_id: seededId }), 400, "ResourceNotFound");
    expectError(await api(PATHS.skillDelete, { skill_id: seededId }), 400, "ResourceNotFound");
    const listed = wireSkillListDataSchema.parse((await api(PATHS.skillList, {})).body.data);
    expect(listed.skills.map((s) => s.skill_id)).not.toContain(seededId);
    expect(skill(await upload(skillZip("k8s-triage"))).skill_id).not.toBe(seededId);
  });

  test("another account's skill does not exist for the caller", async () => {
    expectError(await api(PATHS.skillGet, { skill_id: "skill_seed_acme_runbook" }), 400, "ResourceNotFound");
  });
});

describe("list and console edits", () => {
  test("scopes, team_ids, query, newest first; limit over 100 refused", async () => {
    const list = async (body: Record<string, unknown>, key: Key = "admin") =>
      wireSkillListDataSchema.parse((await api(PATHS.skillList, body, key)).body.data).skills.map((s) => s.skill_name);
    // The seed's legacy row (team 2, the oldest): a name and a description older than today's rules.
    expect(await list({})).toEqual(["k8s-triage", "slow-query", "Payments_Runbook"]);
    expect(await list({ scope: "account" })).toEqual(["k8s-triage"]);
    expect(await list({ scope: "team" })).toEqual(["slow-query", "Payments_Runbook"]);
    expect(await list({ include_account: false })).toEqual(["slow-query", "Payments_Runbook"]);
    expect(await list({ team_ids: [2] })).toEqual(["k8s-triage", "Payments_Runbook"]);
    expect(await list({ query: "KUBERNETES" })).toEqual(["k8s-triage"]);
    const made = skill(await upload(skillZip("newest")));
    expect((await list({}))[0]).toBe(made.skill_name);
    expectError(await api(PATHS.skillList, { limit: 101 }), 400, "InvalidParameter");
    expectError(await api(PATHS.skillList, { scope: "everything" }), 400, "InvalidParameter");
  });

  test("a console re-upload changes the checksum and sets is_modified; the control API does the same", async () => {
    const before = em.skill("skill_seed_slow_query")!;
    const edited = em.updateSkill(before.skill_id, { content: skillMd({ name: "slow-query", description: "console" }) });
    expect(edited.is_modified).toBe(true);
    expect(edited.checksum).not.toBe(before.checksum);
    const viaControl = await call(em, "/_emulator/skills/update", { body: { skill_id: "skill_seed_k8s_triage", description: "typed in the console" } });
    expect(viaControl.body.data).toMatchObject({ description: "typed in the console", is_modified: true });
    expectError(await call(em, "/_emulator/skills/update", { body: { skill_id: "skill_nope" } }), 400, "ResourceNotFound");
    expect((await call(em, "/_emulator/skills/delete", { body: { skill_id: "skill_seed_k8s_triage" } })).status).toBe(200);
    expect(em.skill("skill_seed_k8s_triage")).toBeUndefined();
  });
});
