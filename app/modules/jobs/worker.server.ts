import type { Db } from "../../db/client.server";
import type { Logger } from "../../logger.server";
import { jobsRun } from "../../metrics.server";
import { describeError } from "./backoff";
import {
  type ClaimedJob,
  claimJobs,
  completeJob,
  completeJobs,
  enqueue,
  failJob,
  nextDueAt,
  onJobsWritten,
} from "./queue.server";

/**
 * The worker every app process runs (ADR 0059): it keeps up to `concurrency` jobs running,
 * claims more as slots free up, and when there is nothing due it sleeps until the next job's
 * time, a notification that a job was written, or `idleMs`, whichever comes first. An idle
 * queue costs one small statement per `idleMs`, never a busy poll.
 */

export interface JobContext {
  db: Db;
  log: Logger;
  /** Aborted when the job has run too long or the process is stopping. */
  signal: AbortSignal;
}

/**
 * Does a job's work. A handler that writes to the database may end the job in its own
 * transaction (`completeJob(tx, job)`), so its effect and its end commit together.
 * Throwing records the failure and tries again later.
 */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<void>;

export interface RecurringJob {
  kind: string;
  everySeconds: number;
  /** First run one interval after the job is first written (a backup), not at once. */
  firstAfterAnInterval?: boolean;
}

export interface WorkerOptions {
  db: Db;
  log: Logger;
  handlers: Record<string, JobHandler>;
  recurring?: RecurringJob[];
  /** Jobs running at once in this process. */
  concurrency?: number;
  /** How long a claim holds; a job still running after it may be taken up by another worker. */
  leaseSeconds?: number;
  /** The longest sleep when nothing is due. */
  idleMs?: number;
  /**
   * Whether the process is busy serving: the worker then waits, up to 2 s at a time, so that
   * background work never slows a shopper (on the embedded database it shares one connection).
   */
  busy?: () => boolean;
  /** Subscribes to the queue's notifications (Database.listen on JOBS_CHANNEL). */
  listen?: (onNotify: () => void) => Promise<{ stop(): Promise<void> }>;
}

export interface Worker {
  start(): Promise<void>;
  /** Stops claiming and waits for the jobs running to finish, aborting them after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Claims and runs what is due now, once; how many jobs it ran. For tests and scripts. */
  drain(): Promise<number>;
}

export const recurringKey = (kind: string) => `every:${kind}`;

const GATHER_MS = 25;
const BUSY_WAIT_MS = 250;
const BUSY_WAITS = 8;

export function createWorker(options: WorkerOptions): Worker {
  const { db, log, handlers } = options;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const leaseSeconds = options.leaseSeconds ?? 120;
  const idleMs = options.idleMs ?? 30_000;
  const recurring = new Map((options.recurring ?? []).map((job) => [job.kind, job]));
  /** Aborts the handlers still running when the process stops and its grace is over. */
  const stopping = new AbortController();
  let closing = false;
  const running = new Set<Promise<void>>();
  let wake: (() => void) | null = null;
  let poked = false;
  let loop: Promise<void> | null = null;
  let listening: { stop(): Promise<void> } | null = null;
  let stopHearingLocal: (() => void) | null = null;
  let recurringCheckedAt = 0;
  /** Jobs that ended while the last "done" statement ran: written together by the next. */
  let ended: ClaimedJob[] = [];
  let ending: Promise<void> | null = null;

  const poke = () => {
    poked = true;
    wake?.();
  };
  /** A new job was written: gather those written just after it into the same claim. */
  let gather = false;
  /** Waits in a row for a busy process; after BUSY_WAITS the worker claims anyway. */
  let deferred = 0;
  const notified = () => {
    gather = true;
    poke();
  };

  /** Writes each recurring job that is neither waiting nor running (its key keeps it single). */
  async function ensureRecurring() {
    if (recurring.size === 0 || Date.now() - recurringCheckedAt < 60_000) return;
    recurringCheckedAt = Date.now();
    await enqueue(
      db,
      ...[...recurring.values()].map((job) => ({
        kind: job.kind,
        uniqueKey: recurringKey(job.kind),
        maxAttempts: 3,
        runAt: job.firstAfterAnInterval ? new Date(Date.now() + job.everySeconds * 1_000) : undefined,
      })),
    );
  }

  async function finish(job: ClaimedJob) {
    const every = recurring.get(job.kind);
    if (every && job.uniqueKey === recurringKey(job.kind)) {
      // The next run is written as this one ends, in one transaction: the key stays single.
      await db.transaction(async (tx) => {
        if (await completeJob(tx, job)) {
          await enqueue(tx, {
            kind: job.kind,
            uniqueKey: job.uniqueKey ?? undefined,
            maxAttempts: 3,
            runAt: new Date(Date.now() + every.everySeconds * 1_000),
          });
        }
      });
      return;
    }
    ended.push(job);
    ending ??= (async () => {
      try {
        while (ended.length > 0) {
          const batch = ended;
          ended = [];
          await completeJobs(db, batch);
        }
      } finally {
        ending = null;
      }
    })();
    await ending;
  }

  async function run(job: ClaimedJob) {
    const handler = handlers[job.kind];
    // Stopped a little before the lease runs out, so that no second worker starts it meanwhile.
    const timeout = AbortSignal.timeout(Math.max(1, leaseSeconds - 5) * 1_000);
    const signal = AbortSignal.any([timeout, stopping.signal]);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}" in this process.`);
      await Promise.race([
        handler(job, { db, log, signal }),
        new Promise<never>((_, reject) => {
          const abort = () => reject(signal.reason ?? new Error("aborted"));
          if (signal.aborted) abort();
          else signal.addEventListener("abort", abort, { once: true });
        }),
      ]);
      await finish(job);
      jobsRun.inc({ kind: job.kind, outcome: "done" });
    } catch (error) {
      jobsRun.inc({ kind: job.kind, outcome: "failed" });
      const state = await failJob(db, job, error).catch((failure: unknown) => {
        log.error("could not record a job's failure; its lease will bring it back", { error: failure });
        return null;
      });
      log.warn("job failed", { kind: job.kind, id: job.id, attempt: job.attempts, state, error: describeError(error) });
    }
  }

  async function drain(): Promise<number> {
    await ensureRecurring();
    let total = 0;
    for (;;) {
      const claimed = await claimJobs(db, concurrency, leaseSeconds);
      if (claimed.length === 0) return total;
      await Promise.all(claimed.map(run));
      total += claimed.length;
    }
  }

  async function sleep(ms: number) {
    if (poked || closing) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, ms));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = null;
  }

  async function work() {
    while (!closing) {
      poked = false;
      try {
        if (gather) {
          // While orders come in fast, 25 ms gathers several of their jobs into one claim.
          gather = false;
          await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
        }
        if (options.busy?.() && deferred < BUSY_WAITS) {
          deferred++;
          await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
          continue;
        }
        deferred = 0;
        await ensureRecurring();
        // With half the slots busy, wait for jobs to end and then claim several in one statement.
        if (running.size >= Math.ceil(concurrency / 2)) {
          await sleep(idleMs);
          continue;
        }
        const free = concurrency - running.size;
        const claimed = await claimJobs(db, free, leaseSeconds);
        for (const job of claimed) {
          const task: Promise<void> = run(job).finally(() => {
            running.delete(task);
            poke();
          });
          running.add(task);
        }
        // A full claim may have left more due; one that found some is woken when they end.
        if (claimed.length === free) continue;
        if (claimed.length > 0) {
          await sleep(idleMs);
          continue;
        }
        const due = await nextDueAt(db);
        await sleep(due ? Math.min(idleMs, due.getTime() - Date.now() + 5) : idleMs);
      } catch (error) {
        log.error("job worker: the database did not answer; trying again in 5 s", { error });
        await sleep(5_000);
      }
    }
  }

  return {
    async start() {
      if (loop) return;
      stopHearingLocal = onJobsWritten(notified);
      if (options.listen) {
        listening = await options.listen(notified).catch((error: unknown) => {
          log.warn("job worker cannot hear new jobs; it looks every idle period instead", { error });
          return null;
        });
      }
      loop = work();
    },
    async stop(graceMs = 10_000) {
      closing = true;
      wake?.();
      await loop;
      // Jobs running get a moment to end well; any still running then is stopped, and its
      // lease brings it back to a worker later.
      const grace = setTimeout(() => stopping.abort(new Error("The process is stopping.")), graceMs);
      await Promise.allSettled([...running]);
      clearTimeout(grace);
      await listening?.stop();
      stopHearingLocal?.();
    },
    drain,
  };
}
