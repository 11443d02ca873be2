import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export interface FolderLock {
  release(): void;
}

/** Folders this process holds: a lock file naming our own pid is stale unless listed here. */
const heldHere = new Set<string>();

export class FolderLockedError extends Error {
  override name = "FolderLockedError";
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on a data folder with a lock file holding our pid. A lock left by a
 * process that no longer runs (killed, crashed) is taken over; a live one is refused.
 */
export function acquireFolderLock(folder: string): FolderLock {
  const file = path.join(folder, "mandi.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      // In a container the app is often pid 1 on every start: our own pid is only a live
      // holder if this process took the lock.
      const live = pid === process.pid ? heldHere.has(file) : Number.isInteger(pid) && isRunning(pid);
      if (live) {
        throw new FolderLockedError(
          `The data folder ${folder} is in use by another Mandi process (pid ${pid}). ` +
            "Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to share a PostgreSQL database).",
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new FolderLockedError(`Could not lock the data folder ${folder}`);
}
