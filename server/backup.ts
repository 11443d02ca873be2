import { randomBytes, timingSafeEqual } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Backups of the embedded database while the store serves (issue 53). PGlite belongs to the
 * process that opened it, so `npm run backup` asks that process: the server writes a control
 * file into the data folder (its port and a random key, readable by the folder's owner only),
 * and answers POST /_backup with a consistent copy of the database (PGlite's own dump, taken
 * while no statement runs) to a client on this machine that sends the key. Whoever can read
 * the control file can read the data folder itself.
 */

export const CONTROL_FILE = "mandi.control.json";
export const BACKUP_PATH = "/_backup";

export interface BackupControl {
  port: number;
  key: string;
}

export interface BackupService {
  /** Whether this Authorization header carries the key. */
  accepts(authorization: string | undefined): boolean;
  /** The database's files as a gzipped tar. */
  dump(): Promise<Blob>;
  /** Removes the control file (at shutdown). */
  close(): void;
}

export function startBackupService(dataDir: string, port: number, dump: () => Promise<Blob>): BackupService {
  const key = randomBytes(32).toString("base64url");
  const file = path.join(dataDir, CONTROL_FILE);
  writeFileSync(file, JSON.stringify({ port, key } satisfies BackupControl), { mode: 0o600 });
  const expected = Buffer.from(`Bearer ${key}`);
  return {
    accepts(authorization) {
      const given = Buffer.from(authorization ?? "");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    dump,
    close() {
      rmSync(file, { force: true });
    },
  };
}
