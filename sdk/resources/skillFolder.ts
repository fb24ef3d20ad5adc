/**
 * A skill folder as a zip archive, made the same way every time: the same files (paths, bytes and
 * permission bits) give the same bytes, so the same SHA-256 (the skill's `checksum`), whatever
 * the files' times or the order the file system lists them in. Made with fflate.
 */
import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { zipSync, type Zippable } from "fflate";

/** The time every entry carries: the earliest a zip can hold (1980-01-01, local time as zip stores it). */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/** Unix "made by" system of a zip entry, so that its permission bits are kept. */
const UNIX = 3;

/** A file found in a folder: its path inside it (`/`-separated) and its permission bits. */
interface FolderFile {
  path: string;
  absolute: string;
  mode: number;
}

/** Regular files under `dir`, recursively; symbolic links and other special files are left out. */
async function filesUnder(dir: string, root: string, out: FolderFile[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const absolute = join(dir, entry.name);
    if (entry.isDirectory()) await filesUnder(absolute, root, out);
    else if (entry.isFile()) out.push({ path: relative(root, absolute).split(sep).join("/"), absolute, mode: (await lstat(absolute)).mode & 0o777 });
  }
}

/**
 * The zip of the folder `dir`: every regular file under it at its path relative to `dir`, in
 * sorted order, each with the fixed time 1980-01-01 and its permission bits (so scripts stay
 * executable); folders are implied by the paths, symbolic links left out.
 *
 * @throws the file system's error (e.g. `ENOENT`) when `dir` cannot be read.
 */
export async function zipSkillFolder(dir: string): Promise<Uint8Array> {
  const files: FolderFile[] = [];
  await filesUnder(dir, dir, files);
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const entries: Zippable = {};
  for (const file of files) {
    entries[file.path] = [await readFile(file.absolute), { mtime: FIXED_MTIME, os: UNIX, attrs: (0o100000 | file.mode) << 16, level: 6 }];
  }
  return zipSync(entries);
}

/**
 * The zip of `files` (path inside the archive, `/`-separated, to bytes), made as
 * {@link zipSkillFolder} makes it: sorted entries, the fixed time, mode 0644. For archives a
 * program assembles from assets (`pulumi.asset.AssetArchive`).
 */
export function zipSkillFiles(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const path of [...files.keys()].sort()) {
    entries[path] = [files.get(path)!, { mtime: FIXED_MTIME, os: UNIX, attrs: (0o100000 | 0o644) << 16, level: 6 }];
  }
  return zipSync(entries);
}

/** SHA-256 (hex) of archive bytes: what the platform reports as the skill's `checksum`. */
export function skillArchiveChecksum(archive: Uint8Array): string {
  return createHash("sha256").update(archive).digest("hex");
}
