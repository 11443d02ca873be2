import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog, jobs } from "../../app/db/schema";
import { createLogger } from "../../app/logger.server";
import { changeJob } from "../../app/modules/console/jobs.server";
import {
  claimJobs,
  completeJob,
  countJobs,
  discardJobs,
  enqueue,
  failJob,
  JOBS_CHANNEL,
  listJobs,
  retryJobs,
} from "../../app/modules/jobs/queue.server";
import { createWorker, type JobHandler, recurringKey } from "../../app/modules/jobs/worker.server";
import { addStaff, readStaffSession, redeemPasswordLink } from "../../app/modules/staff/staff.server";
import { createOrderFixture, type OrderFixture } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * The job queue on both databases (ADR 0059): the outbox (a job commits with its cause or not
 * at all), claims that never hand one job to two workers, retries, dead jobs, leases that run
 * out, recurring jobs, and a worker woken by the commit rather than by polling.
 */
describe.each(databaseKinds)("job queue on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const log = createLogger("silent");

  /** What handlers did: one row per run of a job, so a job run twice shows twice. */
  const effects = async () => {
    const result = (await database.db.execute(
      sql`select job_id, count(*)::int as runs from job_effects group by job_id`,
    )) as unknown as {
      rows: { job_id: string; runs: number }[];
    };
    return result.rows;
  };
  const recordEffect: JobHandler = async (job) => {
    await database.db.execute(sql`insert into job_effects (job_id) values (${job.id})`);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `jobs-${kind}`);
    await database.db.execute(sql`create table job_effects (job_id uuid not null)`);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from job_effects`);
    await database.db.delete(jobs);
  });

  it("writes a job with its cause, or not at all", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: "test.effect", storeId: fx.store.id });
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect(await database.db.select().from(jobs)).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await enqueue(tx, { kind: "test.effect", storeId: fx.store.id, payload: { orderId: "x" } });
    });
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ kind: "test.effect", state: "queued", attempts: 0, payload: { orderId: "x" } });
  });

  it("keeps one waiting job per key", async () => {
    expect(await enqueue(database.db, { kind: "test.effect", uniqueKey: "k" })).toBe(1);
    expect(await enqueue(database.db, { kind: "test.effect", uniqueKey: "k" })).toBe(0);
    const [claimed] = await claimJobs(database.db, 1, 60);
    // Still one while it runs; a new one may wait once it is done.
    expect(await enqueue(database.db, { kind: "test.effect", uniqueKey: "k" })).toBe(0);
    if (!claimed) throw new Error("nothing claimed");
    await completeJob(database.db, claimed);
    expect(await enqueue(database.db, { kind: "test.effect", uniqueKey: "k" })).toBe(1);
  });

  it("hands each job to one worker, however many claim at once", async () => {
    await enqueue(database.db, ...Array.from({ length: 300 }, (_, i) => ({ kind: "test.effect", payload: { i } })));
    const workers = Array.from({ length: 4 }, () =>
      createWorker({ db: database.db, log, handlers: { "test.effect": recordEffect }, concurrency: 5 }),
    );
    const ran = await Promise.all(workers.map((worker) => worker.drain()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(300);
    const done = await effects();
    expect(done).toHaveLength(300);
    expect(done.every((row) => Number(row.runs) === 1)).toBe(true);
    const states = await database.db.select({ state: jobs.state }).from(jobs);
    expect(states.every((row) => row.state === "done")).toBe(true);
  });

  it("tries a failing job again later, then marks it dead with its error", async () => {
    await enqueue(database.db, { kind: "test.fails", maxAttempts: 2 });
    let [job] = await claimJobs(database.db, 5, 60);
    if (!job) throw new Error("nothing claimed");
    expect(await failJob(database.db, job, new Error("SMS provider answered 500"), 0.5)).toBe("queued");
    let [row] = await database.db.select().from(jobs);
    expect(row?.state).toBe("queued");
    expect(row?.lastError).toBe("SMS provider answered 500");
    const waitMs = (row?.runAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(8_000);
    expect(waitMs).toBeLessThan(11_000);
    // Not due yet: nobody claims it.
    expect(await claimJobs(database.db, 5, 60)).toHaveLength(0);

    await database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });
    [job] = await claimJobs(database.db, 5, 60);
    if (!job) throw new Error("nothing claimed");
    expect(job.attempts).toBe(2);
    expect(await failJob(database.db, job, new Error("still down"), 0.5)).toBe("dead");
    [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ state: "dead", lastError: "still down" });
    expect(row?.finishedAt).not.toBeNull();
    expect(await claimJobs(database.db, 5, 60)).toHaveLength(0);
  });

  it("gives a job whose worker died to another once the lease runs out, and ends it once", async () => {
    await enqueue(database.db, { kind: "test.effect" });
    const [first] = await claimJobs(database.db, 1, 2);
    if (!first) throw new Error("nothing claimed");
    // The first worker dies here. Within the lease nobody else takes the job.
    expect(await claimJobs(database.db, 1, 2)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const [second] = await claimJobs(database.db, 1, 60);
    expect(second).toMatchObject({ id: first.id, attempts: 2 });
    if (!second) throw new Error("nothing claimed");
    // The effect and the end commit together; the first claim, late, can no longer end it.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into job_effects (job_id) values (${second.id})`);
      expect(await completeJob(tx, second)).toBe(true);
    });
    expect(await completeJob(database.db, first)).toBe(false);
    expect(await failJob(database.db, first, new Error("late"))).toBeNull();
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ state: "done", attempts: 2, lastError: null });
    expect(await effects()).toEqual([{ job_id: first.id, runs: 1 }]);
  });

  it("runs a recurring job and writes its next run as it ends", async () => {
    let runs = 0;
    const worker = createWorker({
      db: database.db,
      log,
      handlers: {
        "test.every": async () => {
          runs++;
        },
      },
      recurring: [{ kind: "test.every", everySeconds: 300 }],
    });
    expect(await worker.drain()).toBe(1);
    expect(runs).toBe(1);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, "test.every"));
    expect(rows.map((row) => row.state).sort()).toEqual(["done", "queued"]);
    const next = rows.find((row) => row.state === "queued");
    expect(next?.uniqueKey).toBe(recurringKey("test.every"));
    const inMs = (next?.runAt.getTime() ?? 0) - Date.now();
    expect(inMs).toBeGreaterThan(290_000);
    expect(inMs).toBeLessThan(301_000);
  });

  it("records a job no handler knows as a failure, not a crash", async () => {
    await enqueue(database.db, { kind: "test.unknown" });
    const worker = createWorker({ db: database.db, log, handlers: {} });
    expect(await worker.drain()).toBe(1);
    const [row] = await database.db.select().from(jobs);
    expect(row).toMatchObject({ state: "queued", attempts: 1 });
    expect(row?.lastError).toBe('No handler for jobs of kind "test.unknown" in this process.');
  });

  it("wakes a sleeping worker when a job commits, without polling", async () => {
    const ran: string[] = [];
    const worker = createWorker({
      db: database.db,
      log,
      handlers: { "test.effect": async (job) => void ran.push(job.id) },
      idleMs: 60_000,
      listen: (onNotify) => database.listen(JOBS_CHANNEL, { onNotify, onHearing: () => {} }),
    });
    await worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      await database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: "test.effect" });
      });
      while (ran.length === 0 && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(ran).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await worker.stop();
    }
  });

  it("lets the owner retry and discard only their store's jobs and the installation's", async () => {
    const other = await createOrderFixture(database.db, `jobs-other-${kind}`);
    await enqueue(
      database.db,
      { kind: "test.fails", storeId: fx.store.id, maxAttempts: 1 },
      { kind: "test.fails", storeId: other.store.id, maxAttempts: 1 },
      { kind: "test.fails", storeId: null, maxAttempts: 1 },
    );
    for (const job of await claimJobs(database.db, 5, 60)) await failJob(database.db, job, new Error("down"));
    const mine = await listJobs(database.db, fx.store.id, "dead");
    expect(mine).toHaveLength(2);
    expect(await countJobs(database.db, fx.store.id)).toEqual({ queued: 0, running: 0, failing: 0, dead: 2 });
    const theirs = (await listJobs(database.db, other.store.id, "dead")).find((job) => job.storeId === other.store.id);
    if (!theirs) throw new Error("no job of the other store");
    expect(await retryJobs(database.db, fx.store.id, [theirs.id])).toBe(0);
    expect(await discardJobs(database.db, fx.store.id, [theirs.id])).toBe(0);

    const [ownId, installationId] = [mine[0]?.id ?? "", mine[1]?.id ?? ""];
    expect(await retryJobs(database.db, fx.store.id, [ownId])).toBe(1);
    expect(await discardJobs(database.db, fx.store.id, [installationId])).toBe(1);
    const after = await database.db.select().from(jobs);
    expect(after.find((job) => job.id === ownId)).toMatchObject({ state: "queued", attempts: 0 });
    expect(after.find((job) => job.id === installationId)?.state).toBe("discarded");
    expect(after.find((job) => job.id === theirs.id)?.state).toBe("dead");
  });

  it("records the owner's Retry and Discard in the audit log, and refuses a job that has ended", async () => {
    const { token } = await addStaff(database.db, fx.store.id, { email: "jobs-owner@shop.in", role: "owner" });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, "tea-masala-ginger", "203.0.113.8");
    if (!used.ok) throw new Error(used.error);
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    if (!member) throw new Error("no member");
    const actor = { member, ip: "203.0.113.8" };
    await enqueue(database.db, { kind: "test.fails", storeId: fx.store.id, maxAttempts: 1 });
    const [job] = await claimJobs(database.db, 1, 60);
    if (!job) throw new Error("nothing claimed");
    await failJob(database.db, job, new Error("down"));

    expect(await changeJob(database.db, actor, job.id, "retry")).toBe(true);
    expect(await changeJob(database.db, actor, job.id, "discard")).toBe(true);
    // Discarded: Retry brings it back, Discard again finds nothing to end.
    expect(await changeJob(database.db, actor, job.id, "discard")).toBe(false);
    const entries = await database.db
      .select({ action: auditLog.action, who: auditLog.staffEmail })
      .from(auditLog)
      .where(eq(auditLog.entityId, job.id))
      .orderBy(auditLog.createdAt);
    expect(entries).toEqual([
      { action: "job.retry", who: "jobs-owner@shop.in" },
      { action: "job.discard", who: "jobs-owner@shop.in" },
    ]);
  });
});
