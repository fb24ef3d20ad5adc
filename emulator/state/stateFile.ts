/**
 * The `--state FILE` persistence: the servers, the audit log and (once one was written) the
 * automation rules with their trigger token digests, so an offline sandbox survives restarts
 * (templates come from the seed and are not stored). Format: see `stateFormat.ts`.
 *
 * Every change is one line appended to the file and flushed (fsync) before it is acknowledged,
 * so a write costs the same at 10 or 10,000 audit entries. Now and then (every
 * {@link COMPACT_EVERY} changes, on reset and on close) the file is rewritten whole from memory:
 * a temporary file `FILE.<pid>.tmp`, fsync, rename over FILE, fsync of the folder, so a crash
 * leaves either the old file or the new one, never half of one. A lock file (`stateLock.ts`)
 * keeps a second emulator off the same file.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { EmulatorOptionError } from "../options";
import { changeLine, parseStateText, snapshotLine, StateFormatError, type PersistedState, type StateChange } from "./stateFormat";
import { StateLock } from "./stateLock";

/** Changes appended before the file is rewritten whole (compacted). */
export const COMPACT_EVERY = 1000;

/** A change could not be saved: it was not applied. The message names the state file, never a temporary path. */
export class StateSaveError extends Error {
  constructor(
    readonly stateFile: string,
    cause: unknown,
  ) {
    super(`could not save the emulator state file ${stateFile} (${describe(cause)}); the change was not applied`, { cause });
    this.name = "StateSaveError";
  }
}

/** `ENOENT: no such file or directory, open '/x/y.tmp'` → `ENOENT: no such file or directory` (the path is the temporary's). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/, \w+ '[^']*'( -> '[^']*')?$/, "");
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
}

/** fsync of a folder, so a rename in it is durable (not supported everywhere: best effort). */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, "r");
    fsyncSync(fd);
  } catch {
    // Some platforms (Windows) cannot open or fsync a folder; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The state file of a running emulator, locked for its lifetime. */
export class StateFile {
  /** Changes appended since the file was last written whole. */
  #appended = 0;
  /** The file must be written whole before anything is appended (format 1, a cut-short line, a failed append). */
  #rewriteFirst: boolean;
  #lock: StateLock | undefined;

  private constructor(
    readonly path: string,
    lock: StateLock,
    rewriteFirst: boolean,
    appended: number,
  ) {
    this.#lock = lock;
    this.#rewriteFirst = rewriteFirst;
    this.#appended = appended;
  }

  /**
   * Opens `path`: checks its folder, takes the lock, removes temporary files left by a crash,
   * and reads the state (undefined when the file does not exist yet).
   * @param auditLimit audit entries kept (the oldest go first).
   * @throws EmulatorOptionError when the folder does not exist; StateLockedError when another
   *   emulator uses the file; Error naming the file and the offending line and JSON path when it
   *   is not a valid, consistent state file.
   */
  static open(path: string, auditLimit: number): { file: StateFile; state: PersistedState | undefined } {
    const folder = dirname(path);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new EmulatorOptionError("stateFile", `emulator state file ${path}: folder ${folder} does not exist`);
    }
    const lock = StateLock.acquire(path);
    try {
      removeStaleTemporaries(path);
      if (!existsSync(path)) return { file: new StateFile(path, lock, true, 0), state: undefined };
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch (error) {
        throw new Error(`emulator state file ${path} cannot be read: ${describe(error)}`);
      }
      try {
        const parsed = parseStateText(text, auditLimit);
        return { file: new StateFile(path, lock, parsed.needsRewrite, parsed.changes), state: parsed.state };
      } catch (error) {
        if (error instanceof StateFormatError) throw new Error(`emulator state file ${path} is ${error.message}`);
        throw error;
      }
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /** The next save must be {@link rewrite}, not {@link append} (format 1, a cut-short line, a failed append, a new file). */
  get mustRewrite(): boolean {
    return this.#rewriteFirst;
  }

  /** Enough changes were appended that the file should be rewritten whole (compacted) from memory. */
  get compactionDue(): boolean {
    return this.#appended >= COMPACT_EVERY;
  }

  /**
   * Appends `change` and flushes it to disk. On failure the file is cut back to where it was and
   * marked to be rewritten whole by the next save.
   * @throws StateSaveError; nothing was saved (a missing file is not created: it needs a snapshot first).
   */
  append(change: StateChange): void {
    if (this.#rewriteFirst) throw new Error("StateFile.append: the file must be rewritten first");
    let fd: number | undefined;
    let size: number | undefined;
    try {
      // Opened for every change: a file replaced behind our back (moved, deleted, turned into a
      // folder) fails here instead of swallowing writes into an unlinked inode.
      fd = openSync(this.path, constants.O_WRONLY | constants.O_APPEND);
      size = fstatSync(fd).size;
      writeAll(fd, changeLine(change));
      fsyncSync(fd);
      this.#appended++;
    } catch (error) {
      this.#rewriteFirst = true;
      if (fd !== undefined && size !== undefined) {
        try {
          ftruncateSync(fd, size);
        } catch {
          // The rewrite marked above replaces the file, cut-short line and all.
        }
      }
      throw new StateSaveError(this.path, error);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /**
   * Writes `state` as the whole file, atomically and flushed (temporary file, fsync, rename, fsync
   * of the folder).
   * @throws StateSaveError; the file on disk is unchanged.
   */
  rewrite(state: PersistedState): void {
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      const fd = openSync(temporary, "w");
      try {
        writeAll(fd, snapshotLine(state));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.path);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // Never created, or already renamed.
      }
      throw new StateSaveError(this.path, error);
    }
    syncFolder(dirname(this.path));
    this.#rewriteFirst = false;
    this.#appended = 0;
  }

  /** Releases the lock; the file stays as last saved. Safe to call twice. */
  close(): void {
    this.#lock?.release();
    this.#lock = undefined;
  }
}

/** Removes `FILE.<pid>.tmp` files next to `path`: left by a crash mid-rewrite (we hold the lock, so no live emulator owns them). */
function removeStaleTemporaries(path: string): void {
  const prefix = `${basename(path)}.`;
  const folder = dirname(path);
  for (const name of readdirSync(folder)) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) {
      try {
        unlinkSync(join(folder, name));
      } catch {
        // Gone already, or not ours to remove: harmless either way.
      }
    }
  }
}

/**
 * Reads a state file without taking its lock (for tools and tests): the state with every
 * journalled change replayed.
 * @param auditLimit audit entries kept, as the emulator would.
 * @throws Error naming the file and the offending line and JSON path.
 */
export function readStateFile(path: string, auditLimit: number): PersistedState {
  try {
    return parseStateText(readFileSync(path, "utf8"), auditLimit).state;
  } catch (error) {
    if (error instanceof StateFormatError) throw new Error(`emulator state file ${path} is ${error.message}`);
    throw error;
  }
}
