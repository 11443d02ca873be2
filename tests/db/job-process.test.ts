import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../app/db/client.server";
import { jobs } from "../../app/db/schema";
import { createLogger } from "../../app/logger.server";
import { completeJob, enqueue } from "../../app/modules/jobs/queue.server";
import { createWorker } from "../../app/modules/jobs/worker.server";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";
import { databaseKinds } from "./test-database";

/**
 * A process killed with SIGKILL in the middle of a job (issue 57): the job stays claimed until
 * its lease runs out, then another worker takes it up and ends it, once. On PGlite the second
 * worker is the store's next start on the same data folder; on PostgreSQL, another process.
 */
describe.each(databaseKinds)("a job whose process is killed, on %s", (kind) => {
  it("is taken up again after its lease and done once", { timeout: 60_000 }, async () => {
    const folder = kind === "pglite" ? mkdtempSync(path.join(tmpdir(), "mandi-jobs-")) : "";
    const fresh = kind === "postgres" ? await createFreshDatabase(process.env.DATABASE_URL ?? "", "mandi_test") : null;
    const open = (): Promise<Database> =>
      fresh ? openDatabase({ kind: "postgres", url: fresh.url }) : openDatabase({ kind: "pglite", dataDir: folder });
    try {
      let database = await open();
      await database.db.execute(sql`create table job_effects (job_id uuid not null, what text not null)`);
      await enqueue(database.db, { kind: "test.slow" });
      if (!fresh) await database.close(); // PGlite: one process owns the folder at a time.

      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(import.meta.dirname, "processes/job-worker.ts"), fresh?.url ?? folder],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      const exited = new Promise((resolve) => child.once("exit", resolve));
      const started = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const id = /started (\S+)/.exec(output)?.[1];
          if (id) resolve(id);
        });
        child.once("exit", (code) => reject(new Error(`the worker exited (${code}) before it started the job`)));
      });
      child.kill("SIGKILL");
      await exited;

      if (!fresh) database = await open();
      const [claimed] = await database.db.select().from(jobs);
      expect(claimed).toMatchObject({ id: started, state: "running", attempts: 1 });
      let finished = 0;
      const worker = createWorker({
        db: database.db,
        log: createLogger("silent"),
        handlers: {
          "test.slow": async (job, { db }) => {
            await db.transaction(async (tx) => {
              await tx.execute(sql`insert into job_effects (job_id, what) values (${job.id}, 'finished')`);
              if (await completeJob(tx, job)) finished++;
            });
          },
        },
      });
      // Within the lease nobody takes it (when this machine got here within it); after, one
      // worker does, once.
      const leaseUntil = claimed?.leaseUntil?.getTime() ?? 0;
      if (leaseUntil - Date.now() > 500) expect(await worker.drain()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, leaseUntil - Date.now()) + 100));
      expect(await worker.drain()).toBe(1);
      expect(await worker.drain()).toBe(0);
      expect(finished).toBe(1);
      const [row] = await database.db.select().from(jobs);
      expect(row).toMatchObject({ state: "done", attempts: 2 });
      const effects = (await database.db.execute(sql`select what from job_effects order by what`)) as unknown as {
        rows: { what: string }[];
      };
      expect(effects.rows.map((effect) => effect.what)).toEqual(["finished", "started"]);
      await database.close();
    } finally {
      await fresh?.drop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  });
});
