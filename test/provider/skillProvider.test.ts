/**
 * The Skill provider's check and diff, and its create, read, update and delete called directly,
 * as the engine's plugin would, against the emulator over real HTTP: the source in each form
 * (a folder path, a `.skill` file, a FileArchive of `@pulumi/pulumi`, the plugin's archive and
 * asset-archive objects), content changed in place, a team move, enable/disable, a console re-upload
 * shown by read and undone by update, adoption, a taken name, a vanished skill.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startEmulator, type Emulator } from "../../emulator";
import * as impl from "../../provider/skill/provider";
import type { SkillInputs, SkillOutputs } from "../../provider/skill/provider";
import { readSkills } from "../../provider/skill/readSkills";
import { FlashdutyClient } from "../../sdk";
import { skillMd, skillZip } from "../support/skillArchives";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SIG = "4dabf18193072939515e22adb298388d";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";
const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";

let emulator: Emulator;
const dirs: string[] = [];
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: { rules: 0 } });
});
afterAll(async () => {
  await emulator.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  emulator.reset();
  const config: Record<string, string> = { "flashduty:appKey": emulator.keys.admin, "flashduty:baseUrl": emulator.url };
  void impl.configure({ config: { get: (k: string) => config[k], require: (k: string) => config[k]! } });
});

/** A skill folder named `name` holding a SKILL.md with `description`. */
function folder(name: string, description = "Triage things"): string {
  const dir = mkdtempSync(join(tmpdir(), "fd-skill-provider-"));
  dirs.push(dir);
  writeFileSync(join(dir, "SKILL.md"), skillMd({ name, description }));
  mkdirSync(join(dir, "scripts"));
  writeFileSync(join(dir, "scripts", "run.sh"), "echo run\n");
  return dir;
}

async function checked(news: Record<string, unknown>): Promise<{ inputs: SkillInputs; failures: { property: string; reason: string }[] }> {
  const result = await impl.check({}, news);
  return { inputs: result.inputs!, failures: result.failures ?? [] };
}

async function created(news: Record<string, unknown>): Promise<{ id: string; outs: SkillOutputs; inputs: SkillInputs }> {
  const { inputs, failures } = await checked(news);
  expect(failures).toEqual([]);
  const result = await impl.create(inputs);
  return { id: result.id, outs: result.outs as SkillOutputs, inputs };
}

describe("check", () => {
  test("reads each form of source to the same hash for the same files, and fills the defaults", async () => {
    const dir = folder("form-check");
    const fromPath = await checked({ source: dir });
    expect(fromPath.failures).toEqual([]);
    // Fields the program leaves out are not managed: no defaults in the inputs (create takes them and the frontmatter's description).
    for (const key of ["teamId", "descriptionEn", "enabled", "description"]) expect(fromPath.inputs).not.toHaveProperty(key);
    expect(fromPath.inputs.sourceHash).toMatch(/^[0-9a-f]{64}$/);
    const fromFileArchive = await checked({ source: new pulumi.asset.FileArchive(dir) });
    const fromPluginArchive = await checked({ source: { [SIG]: ARCHIVE_SIG, path: dir } });
    expect(fromFileArchive.inputs.sourceHash).toBe(fromPath.inputs.sourceHash);
    expect(fromPluginArchive.inputs.sourceHash).toBe(fromPath.inputs.sourceHash);
    const assets = await checked({
      source: { [SIG]: ARCHIVE_SIG, assets: { "SKILL.md": { [SIG]: ASSET_SIG, text: skillMd({ name: "from-assets", description: "d" }) } } },
    });
    expect(assets.failures).toEqual([]);
    const file = join(folder("unused"), "packed.skill");
    writeFileSync(file, skillZip("packed"));
    expect((await checked({ source: file })).failures).toEqual([]);
  });

  test.each([
    [{}, "source", /required/],
    [{ source: zipDir({ "README.md": "hi" }) }, "source", /no SKILL.md at its root/],
    [{ source: zipDir({ "SKILL.md": skillMd({ description: "d" }) }) }, "source", /no `name`/],
    [{ source: "/nowhere/at/all" }, "source", /does not exist/],
    [{ source: { [SIG]: ARCHIVE_SIG, uri: "https://example.com/x.zip" } }, "source", /remote archive/],
    [{ source: zipDir({ "SKILL.md": skillMd({ name: "d", description: "ok" }) }), description: "a <b>" }, "description", /may not contain `<`/],
    [{ source: zipDir({ "SKILL.md": skillMd({ name: "d", description: "ok" }) }), descriptionEn: "x".repeat(1025) }, "descriptionEn", /1024/],
    [{ source: zipDir({ "SKILL.md": skillMd({ name: "d", description: "ok" }) }), teamId: -1 }, "teamId", /team id/],
    [{ source: zipDir({ "SKILL.md": skillMd({ name: "d", description: "ok" }) }), skillId: "" }, "skillId", /existing skill/],
  ])("refuses %j at %s, before any call", async (news, property, reason) => {
    const { failures } = await checked(news);
    expect(failures.find((f) => f.property === property)?.reason).toMatch(reason);
    expect(emulator.counters()["skill.upload"].requests).toBe(0);
  });

  test("an unknown source (preview) leaves the hash unknown", async () => {
    const { inputs, failures } = await checked({ source: UNKNOWN });
    expect(failures).toEqual([]);
    expect(inputs.sourceHash).toBe(UNKNOWN);
  });
});

/** A folder holding `files`, as its path. */
function zipDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "fd-skill-bad-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("lifecycle", () => {
  test("create, an unchanged folder changes nothing, content in place, team move, disable, description", async () => {
    const dir = folder("life-cycle");
    const { id, outs, inputs } = await created({ source: dir, teamId: 1 });
    expect(outs).toMatchObject({ skillId: id, skillName: "life-cycle", teamId: 1, enabled: true, isModified: false, sourceHash: inputs.sourceHash });
    expect(emulator.counters()["skill.upload"].requests).toBe(1);
    // Same folder: no change at all.
    const again = (await checked({ source: dir, teamId: 1 })).inputs;
    expect((await impl.diff(id, outs, again)).changes).toBe(false);
    // New content: one upload over the same id.
    writeFileSync(join(dir, "scripts", "run.sh"), "echo changed\n");
    const changed = (await checked({ source: dir, teamId: 2, enabled: false, descriptionEn: "English" })).inputs;
    const diff = await impl.diff(id, outs, changed);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    const updated = (await impl.update(id, outs, changed)).outs as SkillOutputs;
    expect(updated).toMatchObject({ skillId: id, teamId: 2, enabled: false, status: "disabled", descriptionEn: "English", sourceHash: changed.sourceHash });
    expect(emulator.counters()["skill.upload"].requests).toBe(2);
    expect(emulator.counters()["skill.update"].requests).toBe(1);
    expect(emulator.counters()["skill.disable"].requests).toBe(1);
    expect(emulator.skills().filter((s) => s.skill_name === "life-cycle")).toHaveLength(1);
    // A description override: one update, kept over a later re-upload.
    const described = (await checked({ source: dir, teamId: 2, enabled: false, descriptionEn: "English", description: "Ours" })).inputs;
    const final = (await impl.update(id, updated, described)).outs as SkillOutputs;
    expect(final.description).toBe("Ours");
    await impl.deleteResource(id, final);
    expect(emulator.skill(id)).toBeUndefined();
    // Deleting a skill that is gone is success.
    await impl.deleteResource(id, final);
  });

  test("a console re-upload shows on read as sourceHash and isModified, and update puts the stack's archive back", async () => {
    const dir = folder("drifting");
    const { id, outs, inputs } = await created({ source: dir });
    emulator.updateSkill(id, { content: skillMd({ name: "drifting", description: "console" }) });
    const refreshed = await impl.read(id, outs);
    const props = refreshed.props as SkillOutputs;
    expect(props).toMatchObject({ isModified: true, description: "console" });
    expect(props.sourceHash).not.toBe(inputs.sourceHash);
    expect((refreshed.inputs as SkillOutputs).source).toBe(dir);
    const diff = await impl.diff(id, props, inputs);
    expect(diff.changes).toBe(true);
    // The description the program leaves out is not managed; the re-upload of the stack's archive brings its frontmatter's back.
    expect(impl.changedFields(props, inputs)).toEqual(["sourceHash"]);
    const undone = (await impl.update(id, props, inputs)).outs as SkillOutputs;
    expect(undone).toMatchObject({ isModified: false, description: "Triage things", sourceHash: inputs.sourceHash });
    expect((await impl.read(id, undone)).props).toMatchObject({ sourceHash: inputs.sourceHash, isModified: false });
  });

  test("a taken name fails naming the skill and how to adopt it; adoption uploads over it", async () => {
    const dir = folder("k8s-triage", "Ours");
    const { inputs } = await checked({ source: dir });
    await expect(impl.create(inputs)).rejects.toThrow(
      /a skill named "k8s-triage" already exists account-wide \('skill_seed_k8s_triage'\): .*skillId: "skill_seed_k8s_triage"/,
    );
    const adopted = await created({ source: dir, skillId: "skill_seed_k8s_triage" });
    expect(adopted.outs).toMatchObject({
      skillId: "skill_seed_k8s_triage",
      adoptedSkillId: "skill_seed_k8s_triage",
      description: "Ours",
      sourceHash: adopted.inputs.sourceHash,
    });
    expect(emulator.skills().filter((s) => s.skill_name === "k8s-triage")).toHaveLength(1);
  });

  test("a skill deleted on the platform leaves the stack on read", async () => {
    const { id, outs } = await created({ source: folder("vanishing") });
    emulator.deleteSkill(id);
    expect(await impl.read(id, outs)).toEqual({});
    await impl.deleteResource(id, outs);
  });

  test("a hostile name in the frontmatter is refused by check; hostile text from the platform is only data", async () => {
    const hostile = zipDir({ "SKILL.md": skillMd({ name: "'\\e[31mred'", description: "x" }) });
    expect((await checked({ source: hostile })).failures.map((f) => f.property)).toEqual(["source"]);
    const seeded = emulator.updateSkill("skill_seed_slow_query", { description: "\u001b[2Jcleared", version: "\u0007" });
    expect(seeded.description).toContain("\u001b");
    const outs = (await impl.read("skill_seed_slow_query", { skillId: "skill_seed_slow_query" })).props as SkillOutputs;
    expect(outs.description).toBe("\u001b[2Jcleared");
  });
});

describe("check of a frontmatter without a description", () => {
  test('a frontmatter without a description passes; only an explicit "" is refused', async () => {
    const dir = zipDir({ "SKILL.md": "---\nname: no-description\n---\n\n# Steps\n" });
    const derived = await checked({ source: dir });
    expect(derived.failures).toEqual([]);
    expect(derived.inputs.description).toBeUndefined();
    expect((await checked({ source: dir, description: "" })).failures.map((f) => f.property)).toEqual(["description"]);
  });
});

describe("getSkills (the read under the data source and the plugin's invoke)", () => {
  test("every page, sorted by name, team, id; the filters reach the list; a bad pageSize fails before any call", async () => {
    const client = () => new FlashdutyClient({ appKey: emulator.keys.admin, baseUrl: emulator.url });
    for (const [name, teamId] of [
      ["zeta", 0],
      ["alpha", 2],
      ["alpha", 1],
    ] as const) {
      await client().skills.upload({ archive: skillZip(name), teamId });
    }
    const all = await readSkills({ pageSize: 2 }, client);
    // Payments_Runbook: the seed's legacy row (emulator/README.md "Legacy rows"); upper case sorts first.
    expect(all.skills.map((s) => `${s.skillName}@${s.teamId}`)).toEqual(["Payments_Runbook@2", "alpha@1", "alpha@2", "k8s-triage@0", "slow-query@1", "zeta@0"]);
    expect(all.total).toBe(6);
    expect((await readSkills({ scope: "account" }, client)).skills.map((s) => s.skillName)).toEqual(["k8s-triage", "zeta"]);
    expect((await readSkills({ teamIds: [2], includeAccount: false }, client)).skills.map((s) => `${s.skillName}@${s.teamId}`)).toEqual([
      "Payments_Runbook@2",
      "alpha@2",
    ]);
    expect((await readSkills({ query: "ALPHA" }, client)).total).toBe(2);
    const before = emulator.counters()["skill.list"].requests;
    await expect(readSkills({ pageSize: 101 }, client)).rejects.toThrow(/pageSize/);
    expect(emulator.counters()["skill.list"].requests).toBe(before);
  });
});
