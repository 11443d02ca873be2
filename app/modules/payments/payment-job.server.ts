import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { transactionWithRetry } from "../../db/errors.server";
import { orders, paymentEvents } from "../../db/schema";
import { enqueue } from "../jobs/queue.server";
import { shopMessageJob } from "../notifications/shop-messages.server";
import { releaseOrderStock } from "../orders/stock.server";
import { lockOrder, type Payments, recordOrderEvent, syncPayment } from "./payments.server";
import { processEvent } from "./webhook.server";

export interface AbandonOptions {
  /** An unpaid ONLINE order holds its stock this long after its last attempt started. */
  abandonAfterMinutes: number;
  /** Orders looked at per run. */
  batch?: number;
}

export interface JobReport {
  released: number;
  paidLate: number;
  skipped: number;
  events: number;
}

/**
 * The background job (every app process runs it): unpaid ONLINE orders past their time are
 * checked once more with the gateway, then marked failed with their stock given back; webhook
 * events left unprocessed are processed. A lease on each
 * order keeps two processes from checking it at once; the row lock and stock_released_at keep
 * its stock from ever going back twice.
 */
export async function runPaymentJob(payments: Payments, options: AbandonOptions): Promise<JobReport> {
  const { db, log } = payments;
  const report: JobReport = { released: 0, paidLate: 0, skipped: 0, events: 0 };
  const minutes = Math.max(1, Math.round(options.abandonAfterMinutes));
  const lastActivity = sql`greatest(${orders.createdAt}, coalesce((select max(a.created_at) from payment_attempts a where a.order_id = ${orders.id}), ${orders.createdAt}))`;
  const claimed = await db
    .update(orders)
    .set({ paymentCheckLeaseUntil: sql`now() + interval '2 minutes'` })
    .where(
      and(
        // Checked again on the row itself: a process that waited for another's claim skips the order.
        or(isNull(orders.paymentCheckLeaseUntil), lt(orders.paymentCheckLeaseUntil, sql`now()`)),
        inArray(
          orders.id,
          db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.paymentMethod, "ONLINE"),
                isNull(orders.stockReleasedAt),
                inArray(orders.paymentStatus, ["pending", "failed", "unknown"]),
                sql`${orders.createdAt} < now() - make_interval(mins => ${minutes})`,
                sql`${lastActivity} < now() - make_interval(mins => ${minutes})`,
                or(isNull(orders.paymentCheckLeaseUntil), lt(orders.paymentCheckLeaseUntil, sql`now()`)),
              ),
            )
            .limit(options.batch ?? 50),
        ),
      ),
    )
    .returning({ id: orders.id, createdAt: orders.createdAt });

  for (const order of claimed) {
    try {
      const synced = await syncPayment(payments, order.id, "job");
      if (synced.paymentStatus === "paid" || synced.paymentStatus === "refunded" || synced.paymentStatus === "voided") {
        report.paidLate++;
        continue;
      }
    } catch (error) {
      // The gateway could not be asked: try again next run, but never hold stock for ever.
      const hours = (Date.now() - order.createdAt.getTime()) / 3_600_000;
      if (hours < (4 * minutes) / 60) {
        log.warn("abandoned-payment check failed; will retry", { error, orderId: order.id });
        report.skipped++;
        continue;
      }
    }
    if (await releaseOrder(payments, order.id)) report.released++;
  }

  report.events = await retryEvents(payments);
  if (report.released + report.paidLate + report.skipped + report.events > 0) log.info("payment job", { ...report });
  return report;
}

/** Marks an unpaid order failed and gives its stock back, once. */
export async function releaseOrder(payments: Pick<Payments, "db" | "log">, orderId: string): Promise<boolean> {
  return transactionWithRetry(payments.db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.stockReleasedAt || !["pending", "failed", "unknown"].includes(order.paymentStatus))
      return false;
    await tx
      .update(orders)
      .set({ paymentStatus: "failed", paymentCheckLeaseUntil: null, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    if (order.paymentStatus !== "failed") {
      await recordOrderEvent(tx, order.id, "payment", "job", {
        from: order.paymentStatus,
        to: "failed",
        detail: { reason: "abandoned" },
      });
    }
    // The shop hears of a payment given up with this commit (issue 57).
    await enqueue(tx, shopMessageJob(order.storeId, order.id, "payment.failed"));
    return releaseOrderStock(tx, order, "job");
  });
}

async function retryEvents(payments: Payments): Promise<number> {
  const { db, gateway } = payments;
  const stale = await db
    .select({ eventId: paymentEvents.eventId, gatewayOrderId: paymentEvents.gatewayOrderId })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.gateway, gateway.name),
        isNull(paymentEvents.processedAt),
        lt(paymentEvents.receivedAt, sql`now() - interval '1 minute'`),
      ),
    )
    .limit(50);
  let done = 0;
  for (const row of stale) {
    try {
      await processEvent(payments, row.eventId, row.gatewayOrderId);
      done++;
    } catch (error) {
      payments.log.warn("webhook event still unprocessed", { error, eventId: row.eventId });
    }
  }
  return done;
}
