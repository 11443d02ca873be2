import { and, count, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { jobs, stores } from "../../db/schema";
import type { Env } from "../../env.server";
import { BACKUP_JOBS } from "../backups/backups";
import { type Backup, listBackups, pendingRestore, requestRestore } from "../backups/backups.server";
import { enqueue } from "../jobs/queue.server";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * The console's Backups page (owners; issue 61). A backup holds the whole installation, every
 * store in it, so only the owner of an installation's one store may download or restore one;
 * where several stores share it, the page lists the backups and leaves restoring to whoever
 * runs the installation.
 */

export type BackupsPage =
  | { engine: "postgres" }
  | {
      engine: "pglite";
      /** Whether this owner may download and restore: the installation holds one store. */
      mayRestore: boolean;
      backups: Backup[];
      making: boolean;
      nextScheduled: Date | null;
      everyHours: number;
      keep: number;
      pending: string | null;
    };

export async function backupsPage(
  db: Db,
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR" | "BACKUP_EVERY_HOURS" | "BACKUP_KEEP">,
): Promise<BackupsPage> {
  if (env.DATABASE_URL) return { engine: "postgres" };
  const [[storeCount], running] = await Promise.all([
    db.select({ n: count() }).from(stores),
    db
      .select({ kind: jobs.kind, runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(inArray(jobs.kind, [BACKUP_JOBS.now, BACKUP_JOBS.scheduled]), inArray(jobs.state, ["queued", "running"])),
      ),
  ]);
  const now = Date.now();
  return {
    engine: "pglite",
    mayRestore: (storeCount?.n ?? 0) <= 1,
    backups: listBackups(env.DATA_DIR),
    // A scheduled backup due now is being made as surely as one asked for.
    making: running.some((job) => job.kind === BACKUP_JOBS.now || job.runAt.getTime() <= now),
    nextScheduled:
      env.BACKUP_EVERY_HOURS > 0 ? (running.find((job) => job.kind === BACKUP_JOBS.scheduled)?.runAt ?? null) : null,
    everyHours: env.BACKUP_EVERY_HOURS,
    keep: env.BACKUP_KEEP,
    pending: pendingRestore(env.DATA_DIR)?.name ?? null,
  };
}

/** Back up now: a job for the process that holds the database; false while one is waiting already. */
export async function askForBackup(db: Db, actor: Actor, storeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const written = await enqueue(tx, { kind: BACKUP_JOBS.now, storeId, uniqueKey: BACKUP_JOBS.now, maxAttempts: 1 });
    if (written === 0) return false;
    await writeAudit(tx, actor, {
      action: "backup.make",
      entity: "backup",
      entityId: "now",
      before: null,
      after: null,
    });
    return true;
  });
}

/**
 * Restore: asks for the backup to be put in place when the server next starts. The audit log is
 * in the database the backup replaces, so the request is written there now; the restored
 * database's log is the backup's own, and the server's log says who restored what.
 */
export async function askForRestore(db: Db, actor: Actor, dataDir: string, name: string): Promise<boolean> {
  if (!requestRestore(dataDir, name, actor.member.email)) return false;
  await db.transaction((tx) =>
    writeAudit(tx, actor, { action: "backup.restore", entity: "backup", entityId: name, before: null, after: null }),
  );
  return true;
}

/** How many stores the installation holds; several means no store's owner restores it alone. */
export async function storeCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stores);
  return row?.n ?? 0;
}
