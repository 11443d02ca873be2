import { sql } from "drizzle-orm";
import { openDatabase } from "../../../app/db/client.server";
import { createLogger } from "../../../app/logger.server";
import { createWorker } from "../../../app/modules/jobs/worker.server";

/**
 * A worker in a process of its own, for tests/db/job-process.test.ts: it claims the job with a
 * three-second lease, records that it started, says so on stdout and never finishes, waiting to
 * be killed. Argument: a PostgreSQL URL, or a PGlite data folder.
 */
const target = process.argv[2] ?? "";
const database = await openDatabase(
  target.startsWith("postgres") ? { kind: "postgres", url: target } : { kind: "pglite", dataDir: target },
);
const worker = createWorker({
  db: database.db,
  log: createLogger("silent"),
  leaseSeconds: 3,
  handlers: {
    "test.slow": async (job) => {
      await database.db.execute(sql`insert into job_effects (job_id, what) values (${job.id}, 'started')`);
      process.stdout.write(`started ${job.id}\n`);
      await new Promise(() => {});
    },
  },
});
void worker.drain();
