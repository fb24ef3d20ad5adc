/**
 * Benchmark 11: `pulumi up` of 30 `Skill` and 200 `KnowledgeFile` resources in one stack,
 * `pulumi preview --refresh` of them and `pulumi destroy`, against the emulator at production
 * limits with 40 ms added to every request (see bench/README.md; issue 45).
 *
 * Floors, from `OPERATION_RATE_LIMITS` in wire/protocol.ts (see `operationFloorSeconds` in bench/floors.ts):
 * a skill create is one `skill/upload` (3/s and 30/min per app key), so 30 uploads take 30 / 3 =
 * 10 s (the 30/min window admits all 30, so it does not bind); a knowledge file create is one
 * `pack/ensure` and one `file/put` (20/s and 300/min each, separate buckets), so 200 puts take
 * 200 / 20 = 10 s, and the 200 ensures as long in their own bucket. Every operation has its own
 * bucket, so they fill in parallel and the write floor is the slowest bucket: 10 s. The refresh
 * reads each skill (`skill/get`, 50/s) and each file (`file/get`, 50/s) once: 200 / 50 = 4 s.
 * `destroy` deletes each (`skill/delete`, `file/delete`, 20/s each): 10 s. The engine's own run
 * is the same command for as many (230) do-nothing dynamic resources, measured in the same run,
 * as benchmarks 8 to 10 do.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "pulumi-flashduty-emulator";
import { stringify as yamlStringify } from "yaml";
import type { OPERATIONS } from "../wire/protocol";
import { type Floor, floorOf } from "./floors";
import { copyFromRepo, productionLimits, tempProject } from "./common";
import { type CommandPhase, measureLifecycle, type LifecycleResult } from "./resourceLifecycle";

export const SKILL_RESOURCES = 30;
export const KNOWLEDGE_FILE_RESOURCES = 200;
export const SKILLS_LATENCY_MS = 40;

type OperationName = keyof typeof OPERATIONS;

/**
 * The operations that change a skill or a file (counted for "exactly one write per resource").
 * `knowledgePack.ensure` is left out: it is write-limited, but a file's create calls it only to
 * learn the pack's id, and it changes nothing once the pack exists; it is reported on its own.
 */
export const SKILL_KNOWLEDGE_WRITE_OPERATIONS = [
  "skill.upload",
  "skill.update",
  "skill.enable",
  "skill.disable",
  "skill.delete",
  "knowledgeFile.put",
  "knowledgeFile.delete",
  "knowledgePack.update",
  "knowledgePack.delete",
] as const satisfies readonly OperationName[];

/** Sizes of one run of benchmark 11 (defaults {@link SKILL_RESOURCES} and {@link KNOWLEDGE_FILE_RESOURCES}). */
export interface SkillsBenchSize {
  skills: number;
  knowledgeFiles: number;
}

export interface SkillsBenchResult extends LifecycleResult {
  skills: number;
  knowledgeFiles: number;
  /** All resources (skills and files): the number of do-nothing resources of the engine's reference. */
  resources: number;
  latencyMs: number;
  /** `up`: uploads, puts and pack ensures, a bucket each. */
  writeFloor: Floor;
  /** `preview --refresh`: one get per skill and per file. */
  readFloor: Floor;
  /** `destroy`: one delete per skill and per file. */
  deleteFloor: Floor;
  /** Skills named `bench-skill-*`, and files of team 1's pack under `bench/`, after `up` and after `destroy`. */
  after: { up: { skills: number; files: number }; destroy: { skills: number; files: number } };
}

/** Writes of every kind in a phase (see {@link SKILL_KNOWLEDGE_WRITE_OPERATIONS}). */
export function skillKnowledgeWrites(p: CommandPhase): number {
  return SKILL_KNOWLEDGE_WRITE_OPERATIONS.reduce((sum, op) => sum + (p.calls[op] ?? 0), 0);
}

/** A SKILL.md named `name` (frontmatter written with the `yaml` package), with a distinct body. */
function skillMd(i: number): string {
  const frontmatter = yamlStringify({ name: `bench-skill-${i}`, description: `Bench skill ${i}: triage of service ${i}`, version: "1.0.0" });
  return `---\n${frontmatter}---\n\n# Steps\n\n1. Look at service ${i}'s dashboards.\n2. Page shard ${i % 7}.\n`;
}

/** Writes `count` skill folders `bench-skill-<i>` (a SKILL.md each) into a new temp folder; returns it. */
function writeSkillFolders(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fd-bench-skills-"));
  for (let i = 0; i < count; i++) {
    const folder = path.join(dir, `bench-skill-${i}`);
    mkdirSync(folder);
    writeFileSync(path.join(folder, "SKILL.md"), skillMd(i));
  }
  return dir;
}

/** Runs benchmark 11 (about a minute and a half on a quiet machine at the default size). */
export async function benchSkillsAndKnowledge(
  size: SkillsBenchSize = { skills: SKILL_RESOURCES, knowledgeFiles: KNOWLEDGE_FILE_RESOURCES },
  runs?: number,
): Promise<SkillsBenchResult> {
  const emu = await startEmulator({ port: 0, limits: productionLimits() });
  const skillsDir = writeSkillFolders(size.skills);
  const project = await tempProject("skills", (dir) => copyFromRepo("bench/program", dir), { baseUrl: emu.url, appKey: emu.keys.admin });
  const count = () => ({
    skills: emu.skills().filter((s) => s.skill_name.startsWith("bench-skill-")).length,
    files: emu
      .knowledgePacks()
      .filter((p) => p.scope === "team" && p.scope_id === 1)
      .flatMap((p) => emu.knowledgeFiles(p.pack_id))
      .filter((f) => f.rel_path.startsWith("bench/")).length,
  });
  try {
    let afterUp = { skills: 0, files: 0 };
    const measured = await measureLifecycle({
      bench: 11,
      noun: "skills and knowledge files",
      emu,
      project,
      counts: { skills: size.skills, knowledgeFiles: size.knowledgeFiles },
      config: { skillsDir },
      latencyMs: SKILLS_LATENCY_MS,
      runs,
      limits: productionLimits(),
      afterUp: () => {
        afterUp = count();
      },
    });
    return {
      skills: size.skills,
      knowledgeFiles: size.knowledgeFiles,
      resources: size.skills + size.knowledgeFiles,
      latencyMs: SKILLS_LATENCY_MS,
      writeFloor: floorOf({ "skill.upload": size.skills, "knowledgeFile.put": size.knowledgeFiles, "knowledgePack.ensure": size.knowledgeFiles }),
      readFloor: floorOf({ "skill.get": size.skills, "knowledgeFile.get": size.knowledgeFiles }),
      deleteFloor: floorOf({ "skill.delete": size.skills, "knowledgeFile.delete": size.knowledgeFiles }),
      ...measured,
      after: { up: afterUp, destroy: count() },
    };
  } finally {
    project.dispose();
    rmSync(skillsDir, { recursive: true, force: true });
    await emu.close();
  }
}
