import { Counter, Registry } from "prom-client";

/**
 * The business counters the application moves as things happen (issue 61). They belong to no
 * registry of the process: it (server/metrics.ts) reads this one beside its own. Each process
 * counts what it did; Prometheus adds processes up.
 */

export const appRegistry = new Registry();

/** Orders recorded, counted once each (a replayed request is not a new order). */
export const ordersPlaced = new Counter({
  name: "mandi_orders_placed_total",
  help: "Orders placed, by payment method.",
  labelNames: ["payment_method"] as const,
  registers: [appRegistry],
});

/** Jobs this process ran to the end, and those that failed an attempt. */
export const jobsRun = new Counter({
  name: "mandi_jobs_run_total",
  help: "Job attempts run by this process, by kind and outcome (done or failed).",
  labelNames: ["kind", "outcome"] as const,
  registers: [appRegistry],
});
