import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { customerCartItems, orderEvents, orders, paymentAttempts } from "../../db/schema";
import type { Logger } from "../../logger.server";
import { enqueue } from "../jobs/queue.server";
import type { Paise } from "../money/types";
import { orderPlacedJobs } from "../notifications/order-messages.server";
import { orderStockLines, StockShort, takeStock } from "../orders/stock.server";
import { GatewayError, PAYMENT_MESSAGES, type PaymentGateway } from "./gateway";
import type { GatewayOrder } from "./juspay/protocol";
import { isForwardTransition, mapGatewayStatus, normalisePaymentStatus, type PaymentStatus } from "./status";

/**
 * Online payment (spec sections 4 and 7, reference/juspay.md, ARCHITECTURE.md section 5).
 *
 * - An ONLINE order holds its stock from the moment it is placed. Each payment attempt gets its
 *   own gateway order id (the order number, then -2, -3... for Try Again).
 * - The order's payment status changes only from the gateway's own status answer (asked by the
 *   return page, after a webhook, or by the abandoned-payment job), inside a transaction that
 *   locks the order row: transitions only move forward, paidAt is set once, the cart is cleared
 *   once, whoever arrives second finds nothing left to do.
 * - An order not paid in time is checked once more with the gateway, then marked failed and its
 *   stock given back, exactly once however many app processes run the job.
 *
 * Webhooks are received in webhook.server.ts and the job is in payment-job.server.ts; both end in
 * this file's applyGatewayOrder.
 */

export interface Payments {
  db: Db;
  gateway: PaymentGateway;
  log: Logger;
}

export type PaymentSource = "checkout" | "retry" | "return" | "webhook" | "job" | "console";

export const PAYMENT_START_MESSAGES = {
  notOnline: "This order is paid on delivery.",
  alreadyPaid: "This order is already paid.",
  closed: "This order can no longer be paid. Please place a new order.",
  stillConfirming: "Your last payment is still being confirmed. Please wait a minute before trying again.",
  tooManyAttempts: "Too many payment attempts for this order. Please place a new order.",
  outOfStock: "Some items of this order are no longer in stock. Please place a new order.",
  busy: "Payment is being started. Please wait a moment.",
} as const;

/** How many attempts one order may have (the gateway order id must stay within 17 characters). */
export const MAX_PAYMENT_ATTEMPTS = 20;
/** A session link is reused within this time (Juspay's links last 15 minutes). */
const LINK_REUSE_MS = 10 * 60_000;
/** An attempt still CREATING after this long was cut off (its process died). */
const CREATING_STALE_MS = 30_000;

export type StartPaymentOutcome =
  | { ok: true; paymentLink: string; attemptId: string; reused: boolean }
  | { ok: false; status: 409 | 422 | 502; error: string };

type OrderRow = typeof orders.$inferSelect;
type AttemptRow = typeof paymentAttempts.$inferSelect;

/** The gateway's order id for an order's nth attempt: fits Juspay's rules (≤ 17 characters). */
export function gatewayOrderIdFor(orderNumber: string, attempt: number): string {
  return attempt === 1 ? orderNumber : `${orderNumber}-${attempt}`;
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

async function latestAttempt(db: Db | Tx, orderId: string): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.attempt))
    .limit(1);
  return attempt;
}

export async function recordOrderEvent(
  tx: Tx,
  orderId: string,
  kind: string,
  source: PaymentSource,
  fields: { from?: string | null; to?: string | null; detail?: Record<string, unknown> } = {},
) {
  await tx.insert(orderEvents).values({
    orderId,
    kind,
    source,
    fromStatus: fields.from ?? null,
    toStatus: fields.to ?? null,
    detail: fields.detail ?? null,
  });
}

type Claim =
  | { kind: "reuse"; attempt: AttemptRow }
  | { kind: "wait"; attemptId: string }
  | { kind: "create"; attempt: AttemptRow; order: OrderRow }
  | { kind: "refuse"; status: 409 | 422; error: string };

/**
 * Starts (or, for a repeat of the same checkout, reuses) a payment attempt for an ONLINE order
 * and returns the gateway's payment page link. The amount is the order's own grand total.
 */
export async function startPayment(
  payments: Payments,
  storeId: string,
  orderId: string,
  options: { returnUrl: string; source: "checkout" | "retry" },
): Promise<StartPaymentOutcome> {
  const { db, gateway, log } = payments;
  const claim = await transactionWithRetry(db, async (tx): Promise<Claim> => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.storeId !== storeId) return { kind: "refuse", status: 422, error: "Order not found." };
    if (order.paymentMethod !== "ONLINE")
      return { kind: "refuse", status: 422, error: PAYMENT_START_MESSAGES.notOnline };
    if (order.paymentStatus === "paid")
      return { kind: "refuse", status: 409, error: PAYMENT_START_MESSAGES.alreadyPaid };
    if (order.paymentStatus === "refunded" || order.paymentStatus === "voided") {
      return { kind: "refuse", status: 409, error: PAYMENT_START_MESSAGES.closed };
    }
    const last = await latestAttempt(tx, order.id);
    const age = last ? Date.now() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
    if (last?.status === "CREATING" && age < CREATING_STALE_MS) return { kind: "wait", attemptId: last.id };
    const open = last?.status === "NEW" && last.paymentLink !== null && age < LINK_REUSE_MS;
    if (open && last && (options.source === "checkout" || order.paymentStatus === "pending")) {
      return { kind: "reuse", attempt: last };
    }
    if (last && mapGatewayStatus(last.status) === "pending" && last.status !== "NEW") {
      // The bank may still take this payment: a second one now could charge twice.
      return { kind: "refuse", status: 409, error: PAYMENT_START_MESSAGES.stillConfirming };
    }
    const number = (last?.attempt ?? 0) + 1;
    if (number > MAX_PAYMENT_ATTEMPTS) {
      return { kind: "refuse", status: 409, error: PAYMENT_START_MESSAGES.tooManyAttempts };
    }
    if (order.stockReleasedAt) {
      // The order's stock went back when its payment was abandoned: take it again, or refuse.
      const { lines, facts } = await orderStockLines(tx, storeId, order.id);
      try {
        await tx.transaction((sp) => takeStock(sp, storeId, lines, facts, { orderId: order.id }));
      } catch (error) {
        if (error instanceof StockShort)
          return { kind: "refuse", status: 409, error: PAYMENT_START_MESSAGES.outOfStock };
        throw error;
      }
      await tx.update(orders).set({ stockReleasedAt: null }).where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, "stock-retaken", options.source);
    }
    if (order.paymentStatus !== "pending") {
      await tx.update(orders).set({ paymentStatus: "pending", updatedAt: sql`now()` }).where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, "payment", options.source, { from: order.paymentStatus, to: "pending" });
    }
    const [attempt] = await tx
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        gateway: gateway.name,
        gatewayOrderId: gatewayOrderIdFor(order.orderNumber, number),
        attempt: number,
        amount: order.grandTotal,
      })
      .returning();
    if (!attempt) throw new Error("payment attempt insert returned nothing");
    await recordOrderEvent(tx, order.id, "attempt-started", options.source, { detail: { attempt: number } });
    return { kind: "create", attempt, order };
  });

  if (claim.kind === "refuse") return { ok: false, status: claim.status, error: claim.error };
  if (claim.kind === "reuse" && claim.attempt.paymentLink) {
    return { ok: true, paymentLink: claim.attempt.paymentLink, attemptId: claim.attempt.id, reused: true };
  }
  if (claim.kind === "wait") return waitForLink(db, claim.attemptId);
  if (claim.kind !== "create") return { ok: false, status: 502, error: PAYMENT_MESSAGES.startFailed };

  const { attempt, order } = claim;
  const customer = order.customerAddress;
  try {
    const session = await gateway.createSession({
      gatewayOrderId: attempt.gatewayOrderId,
      amount: order.grandTotal as Paise,
      customer: {
        id: order.customerId,
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        email: customer.email,
        phone: customer.phone,
      },
      description: `Order ${order.orderNumber}`,
      returnUrl: options.returnUrl,
      udf: { udf1: order.id },
    });
    await db
      .update(paymentAttempts)
      .set({ status: "NEW", paymentLink: session.paymentLink, sessionResponse: session.raw, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attempt.id));
    return { ok: true, paymentLink: session.paymentLink, attemptId: attempt.id, reused: false };
  } catch (error) {
    const message = error instanceof GatewayError ? error.userMessage : PAYMENT_MESSAGES.startFailed;
    log.error("payment session failed", { error, orderNumber: order.orderNumber, attempt: attempt.attempt });
    await db
      .update(paymentAttempts)
      .set({ status: "SESSION_FAILED", error: (error as Error).message.slice(0, 500), updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attempt.id));
    return { ok: false, status: 502, error: message };
  }
}

/** A second request for the same checkout waits for the first one's link instead of paying twice. */
async function waitForLink(db: Db, attemptId: string): Promise<StartPaymentOutcome> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
    if (row?.paymentLink) return { ok: true, paymentLink: row.paymentLink, attemptId, reused: true };
    if (!row || row.status === "SESSION_FAILED") break;
  }
  return { ok: false, status: 502, error: PAYMENT_MESSAGES.startFailed };
}

export interface AppliedStatus {
  orderId: string;
  paymentStatus: PaymentStatus;
  changed: boolean;
}

/**
 * Applies what the gateway says about one attempt to its order, under the order's row lock.
 * Only forward transitions; paid needs the exact amount; a stale attempt's pending or failure
 * does not touch an order that has moved on to a newer attempt.
 */
export async function applyGatewayOrder(
  payments: Pick<Payments, "db" | "log">,
  attempt: Pick<AttemptRow, "id" | "orderId" | "gatewayOrderId" | "amount" | "attempt">,
  answer: GatewayOrder,
  source: PaymentSource,
): Promise<AppliedStatus> {
  const { db, log } = payments;
  return transactionWithRetry(db, async (tx) => {
    const order = await lockOrder(tx, attempt.orderId);
    if (!order) throw new Error(`order ${attempt.orderId} vanished`);
    const current = order.paymentStatus;
    const unchanged = { orderId: order.id, paymentStatus: current, changed: false };
    if (answer.orderId !== attempt.gatewayOrderId) {
      log.error("gateway answered about another order", { expected: attempt.gatewayOrderId, got: answer.orderId });
      return unchanged;
    }
    let next = mapGatewayStatus(answer);
    if (
      (next === "paid" || next === "refunded") &&
      (answer.amount !== attempt.amount || (answer.currency ?? "INR") !== "INR")
    ) {
      // A charge for another amount is not this order's payment: the shop must look at it.
      log.error("gateway amount differs from the order", {
        orderNumber: order.orderNumber,
        expected: attempt.amount,
        got: answer.amount,
      });
      await recordOrderEvent(tx, order.id, "attention", source, {
        detail: { reason: "amount-mismatch", attemptId: attempt.id, expected: attempt.amount, got: answer.amount },
      });
      next = "unknown";
    }

    await tx
      .update(paymentAttempts)
      .set({ status: answer.refunded ? `${answer.status}:REFUNDED` : answer.status, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, attempt.id));

    const newest = await latestAttempt(tx, order.id);
    const stale = newest !== undefined && newest.id !== attempt.id;
    if (stale && next !== "paid" && !(next === "refunded" && order.paidAttemptId === attempt.id)) return unchanged;
    if (current === "paid" && next === "paid" && order.paidAttemptId && order.paidAttemptId !== attempt.id) {
      // Two attempts charged: the order is paid once; the second charge must go back to the shopper.
      const [flagged] = await tx
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, order.id),
            eq(orderEvents.kind, "attention"),
            sql`${orderEvents.detail}->>'attemptId' = ${attempt.id}`,
          ),
        );
      if (!flagged) {
        log.error("order charged twice: refund the second charge", {
          orderNumber: order.orderNumber,
          attempt: attempt.gatewayOrderId,
        });
        await recordOrderEvent(tx, order.id, "attention", source, {
          detail: { reason: "charged-twice", attemptId: attempt.id },
        });
      }
      return unchanged;
    }

    const gatewayColumn =
      source === "webhook" ? { gatewayWebhookStatus: answer.status } : { gatewayPolledStatus: answer.status };
    if (!isForwardTransition(current, next)) {
      await tx.update(orders).set(gatewayColumn).where(eq(orders.id, order.id));
      return unchanged;
    }
    await tx
      .update(orders)
      .set({
        ...gatewayColumn,
        paymentStatus: next,
        updatedAt: sql`now()`,
        ...(next === "paid" ? { paidAt: sql`coalesce(${orders.paidAt}, now())`, paidAttemptId: attempt.id } : {}),
      })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, order.id, "payment", source, {
      from: current,
      to: next,
      detail: { attemptId: attempt.id, gatewayStatus: answer.status },
    });
    if (next === "paid") await onPaid(tx, order, source, log);
    return { orderId: order.id, paymentStatus: next, changed: true };
  });
}

/** What follows a payment: stock held (taken again if it was given back), the cart cleared once. */
async function onPaid(tx: Tx, order: OrderRow, source: PaymentSource, log: Logger) {
  if (order.stockReleasedAt) {
    const { lines, facts } = await orderStockLines(tx, order.storeId, order.id);
    try {
      await tx.transaction((sp) =>
        takeStock(sp, order.storeId, lines, facts, { requireActive: false, orderId: order.id }),
      );
      await tx.update(orders).set({ stockReleasedAt: null }).where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, "stock-retaken", source);
    } catch (error) {
      if (!(error instanceof StockShort)) throw error;
      // Paid after its stock went back and was sold: the shop must restock or refund.
      log.error("order paid after its stock was sold", { orderNumber: order.orderNumber, productId: error.productId });
      await recordOrderEvent(tx, order.id, "attention", source, {
        detail: { reason: "paid-without-stock", productId: error.productId },
      });
    }
  }
  if (order.customerId) {
    await tx
      .delete(customerCartItems)
      .where(and(eq(customerCartItems.storeId, order.storeId), eq(customerCartItems.customerId, order.customerId)));
  }
  await recordOrderEvent(tx, order.id, "cart-cleared", source);
  // An online order is placed, for its customer, once it is paid (issue 57).
  await enqueue(tx, ...orderPlacedJobs(order.storeId, order.id));
}

export type SyncOutcome = AppliedStatus & { checked: boolean };

/**
 * Asks the gateway about an order's latest attempt and applies the answer: what the payment
 * return page and the job call. Without an attempt that reached the gateway it reports the
 * order's own status.
 */
export async function syncPayment(payments: Payments, orderId: string, source: PaymentSource): Promise<SyncOutcome> {
  const { db, gateway } = payments;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const own = {
    orderId,
    paymentStatus: normalisePaymentStatus({ orderStatus: order.paymentStatus }),
    changed: false,
    checked: false,
  };
  if (order.paymentMethod !== "ONLINE") return own;
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.gateway, gateway.name),
        sql`${paymentAttempts.paymentLink} is not null`,
      ),
    )
    .orderBy(desc(paymentAttempts.attempt))
    .limit(1);
  if (!attempt) return own;
  const answer = await gateway.getOrder(attempt.gatewayOrderId);
  if (!answer) return { ...own, checked: true };
  return { ...(await applyGatewayOrder(payments, attempt, answer, source)), checked: true };
}

/** The attempt a gateway order id belongs to. */
export async function findAttempt(
  db: Db,
  gatewayName: string,
  gatewayOrderId: string,
): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.gateway, gatewayName), eq(paymentAttempts.gatewayOrderId, gatewayOrderId)));
  return attempt;
}

/**
 * The store's order a payment return names: by Mandi's order id, or by the gateway's order id
 * of one of its attempts (what Juspay appends to the return URL).
 */
export async function findReturnOrder(
  db: Db,
  storeId: string,
  gatewayName: string,
  reference: string,
): Promise<string | null> {
  if (isUuid(reference)) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, reference.toLowerCase())));
    return row?.id ?? null;
  }
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(reference)) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        eq(paymentAttempts.gateway, gatewayName),
        eq(paymentAttempts.gatewayOrderId, reference),
        eq(orders.storeId, storeId),
      ),
    );
  return row?.id ?? null;
}
