/**
 * How a skill archive is read (docs/platform-api.md "Skill archives"): the archive kinds upload
 * takes (zip, which `.skill` files are too, and gzip-compressed tar), where its `SKILL.md` is, and
 * what its YAML frontmatter says. One home for both sides: the client checks an archive with it
 * before uploading (so a bad archive fails before any API call, naming what is wrong) and the
 * emulator derives the skill's fields with it, so the two cannot disagree.
 *
 * Libraries: fflate (zip and gzip), tar-stream (tar), yaml (the frontmatter).
 */
import { gunzipSync, unzipSync } from "fflate";
import { extract } from "tar-stream";
import { parse as parseYaml } from "yaml";
import { SKILL_RULES } from "./protocol";

/** The kind of an archive, told by its first bytes (never by its name). */
export type SkillArchiveKind = "zip" | "tar.gz";

/** The files of an archive: path inside it (`/`-separated, no leading `./`) to bytes. */
export type SkillArchiveFiles = Map<string, Uint8Array>;

/** What a SKILL.md's frontmatter declares, as the platform derives a skill's fields from it. */
export interface SkillManifest {
  /** Frontmatter `name`: the skill's `skill_name`. */
  name: string;
  /** Frontmatter `description` (`""` when absent). */
  description: string;
  version?: string;
  author?: string;
  license?: string;
  tags: string[];
  /** Frontmatter `tools` (or `allowed-tools`): builtin names or `mcp:<server>/<tool>`. */
  tools: string[];
  /** The whole SKILL.md text. */
  content: string;
}

/** An archive that is not a valid skill: `problem` says what, in words that can follow the input's name. */
export class SkillArchiveError extends Error {
  constructor(readonly problem: string) {
    super(problem);
    this.name = "SkillArchiveError";
  }
}

/** The archive's kind from its magic bytes (zip `PK\x03\x04` or an empty zip's `PK\x05\x06`; gzip `\x1f\x8b`), or undefined. */
export function skillArchiveKind(bytes: Uint8Array): SkillArchiveKind | undefined {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05)) return "zip";
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return "tar.gz";
  return undefined;
}

function normalizedPath(name: string): string {
  return name.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
}

/**
 * The regular files of a zip or tar.gz archive (folders left out).
 * @throws SkillArchiveError when the bytes are no archive of a known kind, or cannot be read.
 */
export async function readSkillArchive(bytes: Uint8Array): Promise<SkillArchiveFiles> {
  const kind = skillArchiveKind(bytes);
  const files: SkillArchiveFiles = new Map();
  if (kind === "zip") {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch (error) {
      throw new SkillArchiveError(`is not a readable zip archive (${(error as Error).message})`);
    }
    for (const [name, data] of Object.entries(entries)) if (!name.endsWith("/")) files.set(normalizedPath(name), data);
    return files;
  }
  if (kind === "tar.gz") {
    let tar: Uint8Array;
    try {
      tar = gunzipSync(bytes);
    } catch (error) {
      throw new SkillArchiveError(`is not a readable gzip archive (${(error as Error).message})`);
    }
    const parser = extract();
    const done = (async () => {
      for await (const entry of parser) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        if (entry.header.type === "file") files.set(normalizedPath(entry.header.name), Buffer.concat(chunks));
      }
    })();
    parser.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
    try {
      await done;
    } catch (error) {
      throw new SkillArchiveError(`is not a readable tar archive (${(error as Error).message})`);
    }
    return files;
  }
  throw new SkillArchiveError("is neither a zip (.zip, .skill) nor a gzip-compressed tar (.tar.gz, .tgz) archive");
}

/**
 * The path of the archive's SKILL.md: at its root, or inside its only top-level folder when the
 * archive holds nothing else (as `.skill` files made by packaging a folder do).
 * @throws SkillArchiveError when there is none.
 */
export function manifestPath(files: SkillArchiveFiles): string {
  if (files.has(SKILL_RULES.manifestFile)) return SKILL_RULES.manifestFile;
  const tops = new Set([...files.keys()].map((path) => path.split("/", 1)[0]!));
  if (tops.size === 1) {
    const nested = `${[...tops][0]!}/${SKILL_RULES.manifestFile}`;
    if (files.has(nested)) return nested;
  }
  throw new SkillArchiveError(`has no ${SKILL_RULES.manifestFile} at its root`);
}

function stringField(frontmatter: Record<string, unknown>, key: string): string | undefined {
  const value = frontmatter[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  throw new SkillArchiveError(`has a ${SKILL_RULES.manifestFile} whose frontmatter \`${key}\` is not text`);
}

function listField(frontmatter: Record<string, unknown>, ...keys: string[]): string[] {
  for (const key of keys) {
    const value = frontmatter[key];
    if (value === undefined || value === null) continue;
    if (typeof value === "string") return value.split(/[\s,]+/).filter((s) => s !== "");
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
    throw new SkillArchiveError(`has a ${SKILL_RULES.manifestFile} whose frontmatter \`${key}\` is not a list of text`);
  }
  return [];
}

/**
 * The frontmatter of a SKILL.md: the YAML between a first line `---` and the next line `---`.
 * (The delimiters are found by a regular expression: the YAML itself is parsed by the yaml library.)
 * @throws SkillArchiveError when it has no frontmatter, the YAML does not parse or is no mapping,
 *   or `name` is missing or breaks the name rules (`SKILL_RULES.namePattern`, `maxNameLength`).
 */
export function parseSkillManifest(content: string): SkillManifest {
  const match = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(content);
  const file = SKILL_RULES.manifestFile;
  if (match === null) throw new SkillArchiveError(`has a ${file} without YAML frontmatter (a first line \`---\`, the fields, then \`---\`)`);
  let parsed: unknown;
  try {
    parsed = parseYaml(match[1]!);
  } catch (error) {
    throw new SkillArchiveError(`has a ${file} whose frontmatter is not valid YAML (${(error as Error).message.split("\n", 1)[0]})`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw new SkillArchiveError(`has a ${file} whose frontmatter is not a YAML mapping`);
  const frontmatter = parsed as Record<string, unknown>;
  const name = stringField(frontmatter, "name");
  if (name === undefined || name === "") throw new SkillArchiveError(`has a ${file} whose frontmatter has no \`name\``);
  if ([...name].length > SKILL_RULES.maxNameLength) {
    throw new SkillArchiveError(`has a ${file} whose frontmatter \`name\` is longer than ${SKILL_RULES.maxNameLength} characters`);
  }
  if (!SKILL_RULES.namePattern.test(name)) {
    throw new SkillArchiveError(`has a ${file} whose frontmatter \`name\` is not lower-case letters, digits and \`-\` (starting with a letter or digit)`);
  }
  const manifest: SkillManifest = {
    name,
    description: stringField(frontmatter, "description") ?? "",
    tags: listField(frontmatter, "tags"),
    tools: listField(frontmatter, "tools", "allowed-tools"),
    content,
  };
  const version = stringField(frontmatter, "version");
  const author = stringField(frontmatter, "author");
  const license = stringField(frontmatter, "license");
  if (version !== undefined) manifest.version = version;
  if (author !== undefined) manifest.author = author;
  if (license !== undefined) manifest.license = license;
  return manifest;
}

/**
 * The problem of a description, or undefined: longer than `SKILL_RULES.maxDescriptionLength`
 * characters, or holding `<` or `>`.
 */
export function skillDescriptionProblem(description: string): string | undefined {
  if ([...description].length > SKILL_RULES.maxDescriptionLength) return `is longer than ${SKILL_RULES.maxDescriptionLength} characters`;
  for (const forbidden of SKILL_RULES.forbiddenDescriptionCharacters) if (description.includes(forbidden)) return `may not contain \`${forbidden}\``;
  return undefined;
}

/**
 * Reads a whole skill archive: its files, its SKILL.md and its frontmatter, checking the size
 * (`SKILL_RULES.maxArchiveBytes`) and the frontmatter's description.
 * @throws SkillArchiveError naming the first problem.
 */
export async function inspectSkillArchive(bytes: Uint8Array): Promise<SkillManifest> {
  if (bytes.length > SKILL_RULES.maxArchiveBytes)
    throw new SkillArchiveError(`is ${bytes.length} bytes, more than the platform's ${SKILL_RULES.maxArchiveBytes} (100 MB)`);
  const files = await readSkillArchive(bytes);
  const manifest = parseSkillManifest(Buffer.from(files.get(manifestPath(files))!).toString("utf8"));
  const problem = skillDescriptionProblem(manifest.description);
  if (problem !== undefined) throw new SkillArchiveError(`has a ${SKILL_RULES.manifestFile} whose frontmatter \`description\` ${problem}`);
  return manifest;
}
