import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type BackupKind, backupFileName, backupsToRemove, readBackupName } from "./backups";

/**
 * The embedded database's backups on disk (issue 61): DATA_DIR/backups, written whole or not at
 * all, readable by the folder's owner only. A restore is asked for by writing RESTORE_PENDING
 * and done before the database is next opened, by the server as it starts (or restarts itself
 * for it) or by `npm run restore`; the database it replaces is kept beside it.
 */

export const RESTORE_PENDING = "restore-pending.json";

export interface Backup {
  name: string;
  at: Date;
  kind: BackupKind;
  bytes: number;
}

export function backupFolder(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/** The backups in the folder, newest first. */
export function listBackups(dataDir: string): Backup[] {
  const folder = backupFolder(dataDir);
  if (!existsSync(folder)) return [];
  const backups: Backup[] = [];
  for (const file of readdirSync(folder)) {
    const name = readBackupName(file);
    if (!name) continue;
    backups.push({ ...name, bytes: statSync(path.join(folder, file)).size });
  }
  return backups.sort((a, b) => b.at.getTime() - a.at.getTime() || a.name.localeCompare(b.name));
}

/** The path of a backup the folder holds, by its name alone; null for any other name. */
export function backupPath(dataDir: string, name: string): string | null {
  if (!readBackupName(name)) return null;
  const file = path.join(backupFolder(dataDir), name);
  return existsSync(file) ? file : null;
}

/**
 * Writes a backup (a temporary file renamed into place, so a half-written one is never listed)
 * and removes the scheduled ones beyond the newest `keep`.
 */
export function saveBackup(
  dataDir: string,
  bytes: Uint8Array,
  kind: BackupKind,
  keep: number,
  now = new Date(),
): { backup: Backup; removed: string[] } {
  const folder = backupFolder(dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  let name = backupFileName(now, kind);
  // Two in the same second (a button pressed twice): the second waits a second in its name.
  for (let later = 1; existsSync(path.join(folder, name)); later += 1) {
    name = backupFileName(new Date(now.getTime() + later * 1000), kind);
  }
  const file = path.join(folder, name);
  writeFileSync(`${file}.partial`, bytes, { mode: 0o600 });
  renameSync(`${file}.partial`, file);
  const removed = kind === "scheduled" ? backupsToRemove(readdirSync(folder), keep) : [];
  for (const old of removed) rmSync(path.join(folder, old), { force: true });
  const backup = { ...(readBackupName(name) as NonNullable<ReturnType<typeof readBackupName>>), bytes: bytes.length };
  return { backup, removed };
}

/** Opens a backup in memory to see that it is a Mandi database; answers how many stores it holds. */
export async function checkBackup(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const check = await PGlite.create({ loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
  try {
    const [row] = (await check.query<{ n: number }>("select count(*)::int as n from stores")).rows;
    return row?.n ?? 0;
  } finally {
    await check.close();
  }
}

/**
 * Puts a backup in place of the database in `dataDir` (which no process may hold open): checks
 * it opens first, then keeps the database it replaces at `pglite.before-restore-<time>`.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ stores: number; kept: string | null }> {
  // A file read whole is a buffer of its own, never a shared one.
  const bytes = readFileSync(file) as Uint8Array<ArrayBuffer>;
  const stores = await checkBackup(bytes);
  const target = path.join(dataDir, "pglite");
  let kept: string | null = null;
  if (existsSync(target)) {
    kept = `${target}.before-restore-${now.getTime()}`;
    renameSync(target, kept);
  }
  try {
    const restored = await PGlite.create({ dataDir: target, loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
    await restored.close();
  } catch (error) {
    // The database that was there goes back: a failed restore changes nothing.
    rmSync(target, { recursive: true, force: true });
    if (kept) renameSync(kept, target);
    throw error;
  }
  return { stores, kept };
}

/** Asks for a restore of a listed backup at the next start; false for a name not listed. */
export function requestRestore(dataDir: string, name: string, by: string): boolean {
  if (!backupPath(dataDir, name)) return false;
  writeFileSync(path.join(dataDir, RESTORE_PENDING), JSON.stringify({ name, by, at: new Date().toISOString() }), {
    mode: 0o600,
  });
  return true;
}

export interface PendingRestore {
  name: string;
  by: string;
}

export function pendingRestore(dataDir: string): PendingRestore | null {
  const file = path.join(dataDir, RESTORE_PENDING);
  if (!existsSync(file)) return null;
  try {
    const { name, by } = JSON.parse(readFileSync(file, "utf8")) as PendingRestore;
    return typeof name === "string" ? { name, by: String(by ?? "") } : null;
  } catch {
    return null;
  }
}

/**
 * Does the restore asked for, if any, before the database opens. The request is removed whether
 * it succeeds or not, so that a backup that cannot be restored does not stop every start.
 */
export async function applyPendingRestore(
  dataDir: string,
): Promise<{ name: string; by: string; stores: number; kept: string | null } | { name: string; error: string } | null> {
  const pending = pendingRestore(dataDir);
  rmSync(path.join(dataDir, RESTORE_PENDING), { force: true });
  if (!pending) return null;
  const file = backupPath(dataDir, pending.name);
  if (!file) return { name: pending.name, error: "the backup is no longer in the backups folder" };
  try {
    return { ...pending, ...(await restoreBackup(dataDir, file)) };
  } catch (error) {
    return { name: pending.name, error: (error as Error).message };
  }
}

let restarter: (() => void) | null = null;

/** Set by the process that can stop, restore and start again (server/app.ts's main). */
export function setRestarter(restart: (() => void) | null): void {
  restarter = restart;
}

/** Restarts the server soon (after this answer is sent), to restore; false where it cannot. */
export function restartSoon(): boolean {
  if (!restarter) return false;
  const restart = restarter;
  setTimeout(restart, 500);
  return true;
}
