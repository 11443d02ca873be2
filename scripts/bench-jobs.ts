/**
 * npm run bench:jobs [-- --jobs 20000 --processes 2 --concurrency 8]
 *
 * The job queue on PostgreSQL (issue 57): a fresh database, `--jobs` jobs written 1,000 a
 * statement, then `--processes` workers, each with a connection pool of its own as an app
 * process has, run them all; the figure is jobs finished a second from the first claim to the
 * last. Each job is a handler that does nothing, so what is measured is the queue: claiming,
 * leasing and finishing. Then the same with each job written in a transaction of its own, as
 * an order writes its messages. The target: at least 500 jobs a second. Writes
 * bench-results/jobs-<time>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../app/db/client.server";
import { createLogger } from "../app/logger.server";
import { enqueue, JOBS_CHANNEL } from "../app/modules/jobs/queue.server";
import { createWorker } from "../app/modules/jobs/worker.server";
import { parseArgs } from "./cli";
import { createFreshDatabase } from "./fresh-postgres.mjs";

const { options } = parseArgs(process.argv.slice(2));
const num = (name: string, fallback: number) => {
  const value = options.get(name);
  return typeof value === "string" ? Number(value) : fallback;
};
const jobCount = num("jobs", 20_000);
const processes = num("processes", 2);
const concurrency = num("concurrency", 8);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TARGET_PER_SECOND = 500;

const fresh = await createFreshDatabase(adminUrl, "mandi_bench_jobs");
const log = createLogger("warn");

async function countDone(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from jobs where state = 'done'`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** Runs every queued job with `processes` workers; jobs a second. */
async function drainWithWorkers(databases: Database[], total: number): Promise<{ seconds: number; perSecond: number }> {
  let ran = 0;
  const workers = databases.map((database) =>
    createWorker({
      db: database.db,
      log,
      concurrency,
      handlers: {
        "bench.noop": async () => {
          ran++;
        },
      },
      listen: (onNotify) => database.listen(JOBS_CHANNEL, { onNotify, onHearing: () => {} }),
    }),
  );
  const started = performance.now();
  await Promise.all(workers.map((worker) => worker.start()));
  const [first] = databases;
  if (!first) throw new Error("no database");
  while ((await countDone(first)) < total) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers.map((worker) => worker.stop()));
  if (ran !== total) throw new Error(`ran ${ran} jobs for ${total}: a job ran twice or not at all`);
  return { seconds, perSecond: total / seconds };
}

try {
  const databases: Database[] = [];
  for (let i = 0; i < processes; i++)
    databases.push(await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 10 }));
  const [first] = databases;
  if (!first) throw new Error("--processes must be at least 1");

  const writeStarted = performance.now();
  for (let start = 0; start < jobCount; start += 1_000) {
    const size = Math.min(1_000, jobCount - start);
    await enqueue(
      first.db,
      ...Array.from({ length: size }, (_, i) => ({ kind: "bench.noop", payload: { n: start + i } })),
    );
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  const batch = await drainWithWorkers(databases, jobCount);

  // Written one per transaction while the workers run, as orders write theirs.
  await first.db.execute(sql`delete from jobs`);
  const single = Math.min(jobCount, 5_000);
  const ran = drainWithWorkers(databases, single);
  const singleStarted = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async (_, lane) => {
      for (let n = lane; n < single; n += 10) {
        await first.db.transaction(async (tx) => {
          await enqueue(tx, { kind: "bench.noop", payload: { n } });
        });
      }
    }),
  );
  const singleWriteSeconds = (performance.now() - singleStarted) / 1000;
  const streamed = await ran;

  const report = {
    at: new Date().toISOString(),
    jobs: jobCount,
    processes,
    concurrency,
    written: { perSecond: Math.round(jobCount / writeSeconds) },
    run: { seconds: Number(batch.seconds.toFixed(2)), perSecond: Math.round(batch.perSecond) },
    oneByOne: {
      jobs: single,
      writtenPerSecond: Math.round(single / singleWriteSeconds),
      runPerSecond: Math.round(streamed.perSecond),
    },
    target: TARGET_PER_SECOND,
  };
  const folder = path.join(process.cwd(), "bench-results");
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, `jobs-${report.at.replace(/[:.]/g, "-")}.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  process.stdout.write(
    [
      `queue: ${jobCount} jobs written at ${report.written.perSecond}/s`,
      `run by ${processes} workers x ${concurrency}: ${report.run.perSecond} jobs/s (${report.run.seconds} s)`,
      `one per transaction: written ${report.oneByOne.writtenPerSecond}/s, run ${report.oneByOne.runPerSecond}/s (${single} jobs)`,
      "",
    ].join("\n"),
  );
  const ok = report.run.perSecond >= TARGET_PER_SECOND && report.oneByOne.runPerSecond >= TARGET_PER_SECOND;
  process.stdout.write(
    ok ? `target met: at least ${TARGET_PER_SECOND} jobs/s\n` : `TARGET MISSED: ${TARGET_PER_SECOND} jobs/s\n`,
  );
  for (const database of databases) await database.close();
  if (!ok) process.exitCode = 1;
} finally {
  await fresh.drop();
}
