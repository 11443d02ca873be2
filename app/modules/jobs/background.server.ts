import type { Env } from "../../env.server";
import { releaseUnconfirmedOrders } from "../orders/cod-code.server";
import { runPaymentJob } from "../payments/payment-job.server";
import type { Payments } from "../payments/payments.server";
import { runHousekeeping } from "../security/housekeeping.server";
import { deleteFinishedJobs } from "./queue.server";
import type { JobHandler, RecurringJob } from "./worker.server";

/**
 * The installation's recurring work, as jobs (ADR 0059): the abandoned-payment check when
 * online payment is on, COD orders whose code did not come in time, and housekeeping of the
 * security tables and of finished jobs. Each runs on one process at a time, every
 * PAYMENT_JOB_INTERVAL_SECONDS (0: never), and its runs are in the console's Jobs page.
 */
export function backgroundJobs(
  env: Pick<Env, "PAYMENT_JOB_INTERVAL_SECONDS" | "PAYMENT_ABANDON_MINUTES">,
  payments: Payments | null,
): { handlers: Record<string, JobHandler>; recurring: RecurringJob[] } {
  const handlers: Record<string, JobHandler> = {
    "orders.unconfirmed-cod": async (_job, { db, log }) => {
      const cancelled = await releaseUnconfirmedOrders(db);
      if (cancelled > 0) log.info("unconfirmed COD orders cancelled", { orders: cancelled });
    },
    housekeeping: async (_job, { db, log }) => {
      const cleaned = { ...(await runHousekeeping(db)), jobs: await deleteFinishedJobs(db) };
      if (Object.values(cleaned).some((n) => n > 0)) log.info("housekeeping", { ...cleaned });
    },
  };
  if (payments) {
    handlers["payments.abandoned"] = async () => {
      await runPaymentJob(payments, { abandonAfterMinutes: env.PAYMENT_ABANDON_MINUTES });
    };
  }
  const every = env.PAYMENT_JOB_INTERVAL_SECONDS;
  const recurring = every === 0 ? [] : Object.keys(handlers).map((kind) => ({ kind, everySeconds: every }));
  return { handlers, recurring };
}
