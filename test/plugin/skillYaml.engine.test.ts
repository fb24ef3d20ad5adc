/**
 * `Skill` and `getSkills` through the provider plugin (dist/plugin) with the real Pulumi CLI and
 * the YAML language host, against the emulator over HTTP: a skill from `fn::fileArchive` (the
 * archive reaches the plugin as Pulumi's archive value), no change for an unchanged folder,
 * content in place (same skillId), a console re-upload shown by `preview --refresh --diff` and
 * undone by `up --refresh`, the function's rows, and destroy.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, test } from "vitest";
import { skillMd } from "../support/skillArchives";
import { yamlPluginHeader, yamlPluginStack, yamlPluginSuite } from "../support/yamlPluginStack";

const world = yamlPluginSuite("plugin-skill-yaml-");
const emulator = () => world().emulator;

function program(skillFolder: string): string {
  return `${yamlPluginHeader("flashduty-plugin-skill")}resources:
  triage:
    type: flashduty:index:Skill
    properties:
      source:
        fn::fileArchive: ${skillFolder}
      teamId: 1
variables:
  listed:
    fn::invoke:
      function: flashduty:index:getSkills
      arguments:
        query: \${triage.skillName}
outputs:
  skillId: \${triage.skillId}
  sourceHash: \${triage.sourceHash}
  listed: \${listed}
`;
}

describe("Skill through the provider plugin and the YAML language host", () => {
  test("up from fn::fileArchive, no-op, content in place, console re-upload shown and undone, getSkills, destroy", async () => {
    emulator().reset();
    const skillFolder = path.join(world().dir, "skills", "plugin-triage");
    mkdirSync(path.join(skillFolder, "scripts"), { recursive: true });
    writeFileSync(path.join(skillFolder, "SKILL.md"), skillMd({ name: "plugin-triage", description: "From YAML" }));
    writeFileSync(path.join(skillFolder, "scripts", "run.sh"), "echo one\n");
    const ws = await yamlPluginStack(world(), { program: program(skillFolder), appKey: emulator().keys.admin });
    const uploads = () => emulator().counters()["skill.upload"].requests;

    await ws.run(["up", "--yes"]);
    expect(uploads()).toBe(1);
    const outs = (await ws.outputs()) as { skillId: string; sourceHash: string; listed: { total: number; skills: Array<{ skillId: string }> } };
    expect(emulator().skill(outs.skillId)).toMatchObject({ skill_name: "plugin-triage", team_id: 1, description: "From YAML", checksum: outs.sourceHash });
    expect(outs.listed.skills.map((s) => s.skillId)).toEqual([outs.skillId]);

    await ws.run(["preview", "--refresh", "--expect-no-changes"]);

    writeFileSync(path.join(skillFolder, "scripts", "run.sh"), "echo two\n");
    await ws.run(["up", "--yes"]);
    expect(uploads()).toBe(2);
    const second = (await ws.outputs()) as { skillId: string; sourceHash: string };
    expect(second.skillId).toBe(outs.skillId);
    expect(second.sourceHash).not.toBe(outs.sourceHash);

    emulator().updateSkill(outs.skillId, { content: skillMd({ name: "plugin-triage", description: "Console" }) });
    const drift = await ws.run(["preview", "--refresh", "--diff"]);
    expect(drift.stdout).toMatch(/description/);
    await ws.run(["up", "--refresh", "--yes"]);
    expect(emulator().skill(outs.skillId)).toMatchObject({ description: "From YAML", is_modified: false, checksum: second.sourceHash });
    await ws.run(["preview", "--refresh", "--expect-no-changes"]);

    await ws.run(["destroy", "--yes"]);
    expect(emulator().skill(outs.skillId)).toBeUndefined();
  });
});
