import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { jobs } from "../../db/schema";
import { uuidArray } from "../../db/uuid-array.server";
import { afterFailure, describeError, PermanentJobError } from "./backoff";

/**
 * The job queue's statements (ADR 0059). A job is written with the change that causes it, in
 * the same transaction, and the commit wakes the workers (pg_notify on JOBS_CHANNEL). Workers
 * claim due jobs with FOR UPDATE SKIP LOCKED, so any number of processes share the work and no
 * job is claimed twice while its lease holds. A claim counts an attempt; finishing checks the
 * attempt is still the job's latest, so a worker whose lease ran out cannot finish a job that
 * another worker has taken up since.
 */

export const JOBS_CHANNEL = "mandi_jobs";

/** The rows of a raw statement: both drivers answer `{ rows }`. */
async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type JobRow = typeof jobs.$inferSelect;
export type JobState = JobRow["state"];

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  storeId?: string | null;
  /** When to run it; now when absent. */
  runAt?: Date;
  /** No second job with this key is written while one waits or runs. */
  uniqueKey?: string;
  maxAttempts?: number;
}

/** This process's workers, woken when it writes a job (createWorker subscribes). */
const localWorkers = new Set<() => void>();

export function onJobsWritten(listener: () => void): () => void {
  localWorkers.add(listener);
  return () => localWorkers.delete(listener);
}

/**
 * Wakes this process's workers. Early is harmless: on PGlite their claim waits for the writing
 * transaction to end, and on PostgreSQL the commit's pg_notify wakes them again.
 */
export function jobsWritten(): void {
  for (const listener of localWorkers) listener();
}

/** Writes jobs (in the caller's transaction when given one); a job whose key waits already is skipped. */
export async function enqueue(db: Db | Tx, ...list: NewJob[]): Promise<number> {
  if (list.length === 0) return 0;
  const written = await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        storeId: job.storeId ?? null,
        uniqueKey: job.uniqueKey ?? null,
        maxAttempts: job.maxAttempts ?? 8,
        ...(job.runAt ? { runAt: job.runAt } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  // Heard by the workers when the transaction commits, never before; nothing if it rolls back.
  if (written.length > 0) {
    await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
    jobsWritten();
  }
  return written.length;
}

export interface ClaimedJob {
  id: string;
  storeId: string | null;
  kind: string;
  payload: Record<string, unknown>;
  uniqueKey: string | null;
  attempts: number;
  maxAttempts: number;
}

/**
 * Takes up to `limit` jobs that are due (queued and past their time, or running with a lease
 * that ran out), marking them running for `leaseSeconds`.
 */
export async function claimJobs(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedJob[]> {
  const rows = await rowsOf<{
    id: string;
    store_id: string | null;
    kind: string;
    payload: Record<string, unknown>;
    unique_key: string | null;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`
    with due as (
      select id from jobs
      where (state = 'queued' and run_at <= now()) or (state = 'running' and lease_until < now())
      order by run_at
      limit ${limit}
      for update skip locked
    )
    update jobs set
      state = 'running',
      attempts = jobs.attempts + 1,
      lease_until = now() + make_interval(secs => ${leaseSeconds}),
      started_at = now()
    from due
    where jobs.id = due.id
    returning jobs.id, jobs.store_id, jobs.kind, jobs.payload, jobs.unique_key, jobs.attempts, jobs.max_attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    storeId: row.store_id,
    kind: row.kind,
    payload: row.payload,
    uniqueKey: row.unique_key,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  }));
}

/** This claim of the job, and no later one. */
function sameClaim(job: Pick<ClaimedJob, "id" | "attempts">) {
  return and(eq(jobs.id, job.id), eq(jobs.state, "running"), eq(jobs.attempts, job.attempts));
}

/**
 * Marks a claimed job done. Called in the handler's own transaction, it commits the job's
 * effect and its end together: a process killed before the commit leaves neither, and the job
 * is taken up again; one killed after leaves both. False when the claim was no longer the job's.
 */
export async function completeJob(db: Db | Tx, job: Pick<ClaimedJob, "id" | "attempts">): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({ state: "done", leaseUntil: null, finishedAt: sql`now()`, lastError: null })
    .where(sameClaim(job))
    .returning({ id: jobs.id });
  return done.length > 0;
}

/**
 * Marks many claimed jobs done in one statement (the worker gathers the jobs that end while the
 * previous statement runs). Each is ended only if its claim is still the latest.
 */
export async function completeJobs(db: Db, list: Pick<ClaimedJob, "id" | "attempts">[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    update jobs set state = 'done', lease_until = null, finished_at = now(), last_error = null
    from unnest(${uuidArray(list.map((job) => job.id))}, ${`{${list.map((job) => job.attempts).join(",")}}`}::int[])
      as ended(id, attempts)
    where jobs.id = ended.id and jobs.attempts = ended.attempts and jobs.state = 'running'
    returning jobs.id`,
  );
  return rows.length;
}

/**
 * Records a failure: the job waits to be tried again, or is dead when its attempts are spent or
 * the handler said trying again cannot help (PermanentJobError).
 */
export async function failJob(
  db: Db,
  job: Pick<ClaimedJob, "id" | "attempts" | "maxAttempts">,
  error: unknown,
  random = Math.random(),
): Promise<JobState | null> {
  const next =
    error instanceof PermanentJobError
      ? { state: "dead" as const }
      : afterFailure(job.attempts, job.maxAttempts, random);
  const [row] = await db
    .update(jobs)
    .set({
      state: next.state,
      leaseUntil: null,
      lastError: describeError(error),
      ...(next.state === "dead"
        ? { finishedAt: sql`now()` }
        : { runAt: sql`now() + make_interval(secs => ${next.delayMs / 1000})` }),
    })
    .where(sameClaim(job))
    .returning({ state: jobs.state });
  return row?.state ?? null;
}

/** When the next queued job is due, or a running one's lease runs out; null when there is none. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const rows = await rowsOf<{ at: Date | string | null }>(
    db,
    sql`
    select least(
      (select min(run_at) from jobs where state = 'queued'),
      (select min(lease_until) from jobs where state = 'running')
    ) as at`,
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** A store's own jobs and the installation's (housekeeping, payments), which every store's owner sees. */
function visibleTo(storeId: string) {
  return or(eq(jobs.storeId, storeId), isNull(jobs.storeId));
}

/** Puts dead or failing jobs back to run now, with their attempts counted afresh. */
export async function retryJobs(db: Db | Tx, storeId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(jobs)
    .set({ state: "queued", attempts: 0, runAt: sql`now()`, finishedAt: null, leaseUntil: null })
    .where(and(inArray(jobs.id, ids), visibleTo(storeId), inArray(jobs.state, ["dead", "queued", "discarded"])))
    .returning({ id: jobs.id });
  if (changed.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return changed.length;
}

/** Ends dead or waiting jobs without running them. */
export async function discardJobs(db: Db | Tx, storeId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await db
    .update(jobs)
    .set({ state: "discarded", finishedAt: sql`now()`, leaseUntil: null })
    .where(and(inArray(jobs.id, ids), visibleTo(storeId), inArray(jobs.state, ["dead", "queued"])))
    .returning({ id: jobs.id });
  return changed.length;
}

export type JobListView = "recent" | "failing" | "dead";

/** The console's lists: every recent job, those failing (waiting to be tried again), the dead. */
export async function listJobs(db: Db, storeId: string, view: JobListView, limit = 100): Promise<JobRow[]> {
  const where =
    view === "dead"
      ? eq(jobs.state, "dead")
      : view === "failing"
        ? and(eq(jobs.state, "queued"), sql`${jobs.lastError} is not null`)
        : undefined;
  return db
    .select()
    .from(jobs)
    .where(and(visibleTo(storeId), where))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}

/** How many jobs are in each state, for the console's tabs and the dashboard. */
export async function countJobs(
  db: Db,
  storeId: string,
): Promise<Record<"queued" | "running" | "failing" | "dead", number>> {
  const rows = await rowsOf<{ queued: number; running: number; failing: number; dead: number }>(
    db,
    sql`
    select
      count(*) filter (where state = 'queued')::int as queued,
      count(*) filter (where state = 'running')::int as running,
      count(*) filter (where state = 'queued' and last_error is not null)::int as failing,
      count(*) filter (where state = 'dead')::int as dead
    from jobs where state in ('queued', 'running', 'dead') and (store_id = ${storeId} or store_id is null)`,
  );
  const row = rows[0];
  return {
    queued: Number(row?.queued ?? 0),
    running: Number(row?.running ?? 0),
    failing: Number(row?.failing ?? 0),
    dead: Number(row?.dead ?? 0),
  };
}

/** Finished jobs older than `days` are deleted by housekeeping; dead ones stay until discarded. */
export async function deleteFinishedJobs(db: Db, days = 14): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(
      and(inArray(jobs.state, ["done", "discarded"]), sql`${jobs.finishedAt} < now() - make_interval(days => ${days})`),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}
