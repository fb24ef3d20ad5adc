/**
 * One emulator per state file: a lock file `FILE.lock` holding the owner's process id.
 *
 * A few lines of `open(path, "wx")` rather than a library such as proper-lockfile: that one
 * decides staleness by an mtime it keeps refreshing on a timer (a lock left by a crash is stale
 * only after its update period), while here the owner is always a process on this machine, so
 * "is that pid alive" answers at once and needs no timer. The cost: a takeover race between two
 * emulators starting on the same stale lock in the same instant; each re-reads the lock after
 * writing it, so at most one of them proceeds.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { resolve } from "node:path";

/** Lock files held by this process (two emulators in one process must refuse each other too). */
const heldHere = new Set<string>();

/** The state file is in use by another emulator. */
export class StateLockedError extends Error {
  constructor(
    readonly stateFile: string,
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `emulator state file ${stateFile} is in use by another emulator (process ${ownerPid}${ownerPid === process.pid ? ", this process" : ""}; ` +
        `lock file ${lockFile}). Stop that emulator or use another state file.`,
    );
    this.name = "StateLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryCreate(lockFile: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The held lock of one state file; {@link release} it on close. */
export class StateLock {
  private constructor(readonly lockFile: string) {}

  /**
   * Takes the lock of `stateFile`. A lock whose process is dead (or that holds no pid) is stale
   * and taken over.
   * @throws StateLockedError when a live emulator (in this process or another) holds it.
   * @throws the file-system error when the lock file cannot be created (e.g. a read-only folder).
   */
  static acquire(stateFile: string): StateLock {
    const lockFile = `${resolve(stateFile)}.lock`;
    if (heldHere.has(lockFile)) throw new StateLockedError(stateFile, lockFile, process.pid);
    for (let attempt = 0; attempt < 2; attempt++) {
      if (tryCreate(lockFile)) {
        if (ownerOf(lockFile) === process.pid) {
          heldHere.add(lockFile);
          return new StateLock(lockFile);
        }
      } else {
        const owner = ownerOf(lockFile);
        if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw new StateLockedError(stateFile, lockFile, owner);
        // Stale: its owner died without cleaning up (kill -9, power loss), or a takeover by this
        // very process that did not finish.
        try {
          unlinkSync(lockFile);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    }
    const owner = ownerOf(lockFile) ?? 0;
    throw new StateLockedError(stateFile, lockFile, owner);
  }

  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void {
    if (!heldHere.delete(this.lockFile)) return;
    if (ownerOf(this.lockFile) !== process.pid) return;
    try {
      unlinkSync(this.lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  }
}
