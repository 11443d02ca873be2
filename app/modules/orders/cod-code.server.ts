import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { orderEvents, orders } from "../../db/schema";
import { consumeCode, type OtpDeps, type OtpOutcome, sendCode } from "../accounts/otp.server";
import { enqueue } from "../jobs/queue.server";
import { formatINR } from "../money/format";
import { orderPlacedJobs } from "../notifications/order-messages.server";
import { releaseOrderStock } from "./stock.server";

/**
 * Cash-on-delivery orders confirmed by a one-time code to their phone (issue 53): an order
 * above the store's amount is recorded with its stock taken and `code_confirm_by` set; the code
 * (the sign-in codes' machinery and limits, its own purpose) confirms it, and an order still
 * unconfirmed when that time passes is cancelled and its stock given back, once.
 */

export const ORDER_CODE_MESSAGES = {
  sent: (hint: string) => `We sent a 6-digit code to ${hint}. Enter it to confirm your order.`,
  confirmed: "Thank you! Your order is confirmed.",
  notWaiting: "This order is not waiting for a code.",
  lapsed: "This order was cancelled because it was not confirmed in time. Please place it again.",
} as const;

const purposeOf = (orderId: string) => `order:${orderId}` as const;

interface WaitingOrder {
  id: string;
  orderNumber: string;
  phone: string;
  grandTotal: number;
  codeConfirmBy: Date | null;
  status: string;
}

async function findOrder(db: Db, storeId: string, orderId: string): Promise<WaitingOrder | undefined> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      phone: orders.phone,
      grandTotal: orders.grandTotal,
      codeConfirmBy: orders.codeConfirmBy,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  return order;
}

/** Sends (or sends again) the code that confirms a waiting COD order, within the codes' limits. */
export async function sendOrderCode(
  deps: OtpDeps,
  store: { id: string; title: string },
  orderId: string,
  clientIp: string,
  now = new Date(),
): Promise<OtpOutcome<{ resendAfterSeconds: number }>> {
  const order = await findOrder(deps.db, store.id, orderId);
  if (!order?.codeConfirmBy) return { ok: false, status: 401, error: ORDER_CODE_MESSAGES.notWaiting };
  if (order.codeConfirmBy <= now) return { ok: false, status: 401, error: ORDER_CODE_MESSAGES.lapsed };
  const sent = await sendCode(deps, store, order.phone, clientIp, {
    purpose: purposeOf(order.id),
    order: { orderNumber: order.orderNumber, amount: formatINR(order.grandTotal) },
    now,
  });
  return sent.ok ? { ok: true, resendAfterSeconds: sent.resendAfterSeconds } : sent;
}

/**
 * Confirms a waiting COD order with the code sent to its phone. Of two right answers at once,
 * or an answer and the expiry job, one wins: the update needs the order still waiting.
 */
export async function confirmOrderByCode(
  deps: OtpDeps,
  storeId: string,
  orderId: string,
  code: string,
  clientIp: string,
  now = new Date(),
): Promise<OtpOutcome<Record<never, never>>> {
  const { db } = deps;
  const order = await findOrder(db, storeId, orderId);
  if (!order?.codeConfirmBy) {
    return order?.status === "Cancelled"
      ? { ok: false, status: 401, error: ORDER_CODE_MESSAGES.lapsed }
      : { ok: false, status: 401, error: ORDER_CODE_MESSAGES.notWaiting };
  }
  if (order.codeConfirmBy <= now) return { ok: false, status: 401, error: ORDER_CODE_MESSAGES.lapsed };
  const consumed = await consumeCode(deps, storeId, order.phone, code, clientIp, purposeOf(order.id), now);
  if (!consumed.ok) return consumed;
  return transactionWithRetry(db, async (tx) => {
    const [confirmed] = await tx
      .update(orders)
      .set({ codeConfirmBy: null, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), isNotNull(orders.codeConfirmBy), isNull(orders.stockReleasedAt)))
      .returning({ id: orders.id });
    if (!confirmed) return { ok: false as const, status: 401 as const, error: ORDER_CODE_MESSAGES.lapsed };
    await tx.insert(orderEvents).values({ orderId: order.id, kind: "code-confirmed", source: "checkout" });
    // Confirmed by its customer's code, the COD order is placed: they are told (issue 57).
    await enqueue(tx, ...orderPlacedJobs(storeId, order.id));
    return { ok: true as const };
  });
}

/**
 * Cancels the COD orders whose code was not given in time and gives their stock back, once
 * each: a row lock and the still-waiting check decide between the job on several processes and
 * a customer confirming at the last second. Returns how many were cancelled.
 */
export async function releaseUnconfirmedOrders(db: Db, now = new Date(), batch = 100): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.codeConfirmBy), lt(orders.codeConfirmBy, now)))
    .limit(batch);
  let released = 0;
  for (const { id } of due) {
    const done = await transactionWithRetry(db, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
      if (!order?.codeConfirmBy || order.codeConfirmBy >= now || order.stockReleasedAt) return false;
      await tx
        .update(orders)
        .set({ status: "Cancelled", paymentStatus: "voided", codeConfirmBy: null, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "status",
        source: "job",
        fromStatus: order.status,
        toStatus: "Cancelled",
        detail: { reason: "not confirmed by code in time" },
      });
      return releaseOrderStock(tx, order, "job");
    });
    if (done) released++;
  }
  return released;
}
