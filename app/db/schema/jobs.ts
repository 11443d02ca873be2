import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { stores } from "./stores";

/**
 * The job queue (app/modules/jobs): every piece of background work is a row here, written in
 * the same transaction as the change that causes it. `queued` jobs wait for `run_at`;
 * `running` ones hold a lease, and a lease that runs out (its process died) puts the job back
 * in reach of any worker; `done`, `dead` (out of attempts) and `discarded` (by the owner) end it.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    /** The store the job works for; null for the installation's own work (housekeeping). */
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    state: text("state", { enum: ["queued", "running", "done", "dead", "discarded"] })
      .notNull()
      .default("queued"),
    /** At most one job waiting or running per key: recurring jobs and one message per event. */
    uniqueKey: text("unique_key"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    // What a worker claims: queued jobs due now, and running ones whose lease ran out.
    index("jobs_due").on(t.runAt).where(sql`${t.state} = 'queued'`),
    index("jobs_leased").on(t.leaseUntil).where(sql`${t.state} = 'running'`),
    uniqueIndex("jobs_unique_key").on(t.uniqueKey).where(sql`${t.state} in ('queued', 'running')`),
    index("jobs_recent").on(t.createdAt.desc()),
    index("jobs_state").on(t.state, t.finishedAt.desc()),
  ],
);
