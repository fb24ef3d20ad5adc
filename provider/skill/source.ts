/**
 * A `Skill`'s `source` as bytes to upload: a Pulumi archive (a folder or an archive file
 * `FileArchive`, an `AssetArchive` of assets) or a path to a `.zip`, `.skill`, `.tar.gz` or `.tgz`
 * file (or to a folder). The same value arrives in two forms: as `@pulumi/pulumi`'s asset objects
 * in the dynamic provider (their `path`, `assets`, `text`, `uri` are promises), and as the plain
 * objects of Pulumi's property protocol in the provider plugin (marked by the special signature
 * key with the archive or asset signature, the same members as plain values). Both are read here
 * by their members, awaiting each, so this module loads nothing of `@pulumi/pulumi`.
 *
 * Folders and asset archives are zipped deterministically (`zipSkillFolder`, `zipSkillFiles`):
 * the same files give the same bytes, so the same `sourceHash`, and an unchanged folder means no
 * upload. An archive file is sent as it is.
 *
 * @packageDocumentation
 */
import { readFile, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { skillArchiveChecksum, zipSkillFiles, zipSkillFolder } from "../../sdk/resources/skillFolder";
import { SKILL_RULES } from "../../wire/protocol";

/** The key that marks a special value in Pulumi's property protocol, and the signatures of an archive and an asset. */
const SPECIAL_SIG_KEY = "4dabf18193072939515e22adb298388d";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";
const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";

/** The bytes a `source` uploads, the file name sent with them, and their SHA-256 (hex). */
export interface SkillSourceBytes {
  bytes: Uint8Array;
  fileName: string;
  sha256: string;
}

/** A `source` that cannot be read: `problem` completes "source ...". */
export class SkillSourceError extends Error {
  constructor(readonly problem: string) {
    super(`source ${problem}`);
    this.name = "SkillSourceError";
  }
}

type Members = Record<string, unknown>;

/** Whether `value` looks like an archive (either form): an object with `path`, `assets` or `uri`, or the archive signature. */
function isArchive(value: unknown): value is Members {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Members;
  return v[SPECIAL_SIG_KEY] === ARCHIVE_SIG || (v[SPECIAL_SIG_KEY] === undefined && ("path" in v || "assets" in v || "uri" in v));
}

function isAsset(value: Members): boolean {
  return value[SPECIAL_SIG_KEY] === ASSET_SIG || "text" in value;
}

/** A member's value, awaited (the dynamic provider's asset objects hold promises). */
async function member(value: Members, key: string): Promise<unknown> {
  return await (value[key] as unknown);
}

/** A local path from a `uri` member: only `file:` URIs; remote archives are not fetched. */
function localPath(uri: string): string {
  if (!uri.startsWith("file:")) throw new SkillSourceError(`is a remote archive (${uri.slice(0, 80)}): use a local folder or file`);
  return fileURLToPath(uri);
}

/** The bytes of a path: a folder zipped, a file as it is (its name must end with one of the archive kinds). */
async function pathBytes(path: string): Promise<{ bytes: Uint8Array; fileName: string }> {
  const absolute = resolve(path);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(absolute);
  } catch {
    throw new SkillSourceError(`names ${JSON.stringify(path)}, which does not exist`);
  }
  if (info.isDirectory()) return { bytes: await zipSkillFolder(absolute), fileName: `${basename(absolute) || "skill"}.zip` };
  const name = basename(absolute);
  if (!SKILL_RULES.archiveExtensions.some((ext) => name.toLowerCase().endsWith(ext))) {
    throw new SkillSourceError(
      `names the file ${JSON.stringify(path)}: a skill archive ends with ${SKILL_RULES.archiveExtensions.join(", ")} (or give a folder)`,
    );
  }
  if (info.size > SKILL_RULES.maxArchiveBytes)
    throw new SkillSourceError(`is ${info.size} bytes, more than the platform's ${SKILL_RULES.maxArchiveBytes} (100 MB)`);
  return { bytes: await readFile(absolute), fileName: name };
}

/** The files of an asset archive's `assets` map, at their paths (nested folder archives under their name). */
async function assetFiles(assets: Members, prefix: string, out: Map<string, Uint8Array>): Promise<void> {
  for (const [name, raw] of Object.entries(assets)) {
    const path = prefix === "" ? name : `${prefix}/${name}`;
    const value = (await raw) as Members;
    if (typeof value !== "object" || value === null) throw new SkillSourceError(`holds ${JSON.stringify(path)}, which is neither an asset nor an archive`);
    if (isAsset(value)) {
      const text = await member(value, "text");
      const filePath = await member(value, "path");
      if (typeof text === "string") out.set(path, new TextEncoder().encode(text));
      else if (typeof filePath === "string") out.set(path, await readFile(resolve(filePath)));
      else throw new SkillSourceError(`holds the remote asset ${JSON.stringify(path)}: use a local file or text`);
      continue;
    }
    const inner = await member(value, "assets");
    if (typeof inner === "object" && inner !== null) {
      await assetFiles(inner as Members, path, out);
      continue;
    }
    const folder = await member(value, "path");
    if (typeof folder !== "string") throw new SkillSourceError(`holds the remote archive ${JSON.stringify(path)}: use a local folder`);
    const { unzipSync } = await import("fflate");
    const nested = await pathBytes(folder);
    for (const [file, bytes] of Object.entries(unzipSync(nested.bytes))) if (!file.endsWith("/")) out.set(join(path, file).split("\\").join("/"), bytes);
  }
}

/**
 * The bytes `source` uploads (see the file comment).
 * @throws SkillSourceError naming what cannot be read (a missing path, a remote archive, another kind of file, over 100 MB).
 */
export async function readSkillSource(source: unknown): Promise<SkillSourceBytes> {
  let read: { bytes: Uint8Array; fileName: string };
  if (typeof source === "string") {
    if (source.trim() === "") throw new SkillSourceError("is empty: give a folder, an archive file or a Pulumi archive");
    read = await pathBytes(source);
  } else if (isArchive(source)) {
    const assets = await member(source, "assets");
    const path = await member(source, "path");
    const uri = await member(source, "uri");
    if (typeof assets === "object" && assets !== null) {
      const files = new Map<string, Uint8Array>();
      await assetFiles(assets as Members, "", files);
      read = { bytes: zipSkillFiles(files), fileName: "skill.zip" };
    } else if (typeof path === "string") read = await pathBytes(path);
    else if (typeof uri === "string") read = await pathBytes(localPath(uri));
    else throw new SkillSourceError("is an archive with no path, assets or uri");
  } else {
    throw new SkillSourceError("must be a Pulumi archive (a folder with a SKILL.md) or the path of a .zip, .skill, .tar.gz or .tgz file");
  }
  return { ...read, sha256: skillArchiveChecksum(read.bytes) };
}
