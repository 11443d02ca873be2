import { type Database, dumpDatabase } from "../app/db/client.server";
import type { Env } from "../app/env.server";
import { BACKUP_JOBS } from "../app/modules/backups/backups";
import { saveBackup } from "../app/modules/backups/backups.server";
import type { JobHandler, RecurringJob } from "../app/modules/jobs/worker.server";

/**
 * The embedded database's backups as jobs (issue 61), run by the process that holds it: one
 * every BACKUP_EVERY_HOURS (its first one interval after the first start), keeping the newest
 * BACKUP_KEEP, and one whenever an owner presses Back up now. PostgreSQL has pg_dump for this.
 */
export function backupJobs(
  database: Database,
  env: Pick<Env, "DATA_DIR" | "BACKUP_EVERY_HOURS" | "BACKUP_KEEP">,
): { handlers: Record<string, JobHandler>; recurring: RecurringJob[] } {
  if (database.kind !== "pglite") return { handlers: {}, recurring: [] };
  const backUp =
    (kind: "scheduled" | "manual"): JobHandler =>
    async (_job, { log }) => {
      const started = Date.now();
      const dump = new Uint8Array(await (await dumpDatabase(database, "gzip")).arrayBuffer());
      const { backup, removed } = saveBackup(env.DATA_DIR, dump, kind, env.BACKUP_KEEP);
      log.info("backup made", { name: backup.name, bytes: backup.bytes, ms: Date.now() - started, removed });
    };
  return {
    handlers: { [BACKUP_JOBS.scheduled]: backUp("scheduled"), [BACKUP_JOBS.now]: backUp("manual") },
    recurring:
      env.BACKUP_EVERY_HOURS > 0
        ? [{ kind: BACKUP_JOBS.scheduled, everySeconds: env.BACKUP_EVERY_HOURS * 3600, firstAfterAnInterval: true }]
        : [],
  };
}
