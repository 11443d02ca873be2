import { randomBytes } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { orderEvents, orders, paymentAttempts, refunds } from "../../db/schema";
import { issueCreditNote } from "../invoices/credit.server";
import { enqueue } from "../jobs/queue.server";
import type { Paise } from "../money/types";
import { orderMessageJobs } from "../notifications/order-messages.server";
import { applyGatewayOrder, type Payments } from "../payments/payments.server";
import { type Actor, writeAudit } from "./fulfilment.server";
import { REFUND_MESSAGES, refundProblem } from "./refund-rules";
import { TRANSITION_MESSAGES } from "./transitions";

/**
 * Refunds from the console (issue 54). The order's row is locked while the refund is checked
 * against what was paid less what is refunded or on its way, and recorded with its request id;
 * an online refund then goes to the gateway with that id (a retry of it is the same refund) and
 * the payment status follows the gateway's answer. A COD refund is recorded with its mode and
 * reference; refunded in full, the order's payment is refunded.
 */

export type RefundOutcome =
  | { ok: true; refundId: string; status: "done" | "pending"; amount: Paise }
  | { ok: false; status: 404 | 409 | 422 | 502; error: string };

export interface RefundInput {
  orderId: string;
  /** Paise, or "rest": all that is left to refund, worked out with the order locked. */
  amount: Paise | "rest";
  /** The status the page showed: a refund asked from a page someone else's change made stale is refused. */
  seenStatus?: string;
  reason: string;
  /** For a COD order: how the money went back, and its reference. */
  mode?: "cash" | "upi" | "bank";
  reference?: string;
}

/** A refund's credit note says why (issue 58): "Refund: damaged in transit". */
const refundReason = (reason: string) => (reason.trim() ? `Refund: ${reason.trim()}` : "Refund");

/** Paid less refunded or pending, per order. */
async function refundedSoFar(tx: Pick<Db, "select">, orderId: string): Promise<Paise> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::bigint` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, "failed")));
  return Number(row?.total ?? 0);
}

export async function refundOrder(
  db: Db,
  payments: Payments | null,
  actor: Actor,
  input: RefundInput,
): Promise<RefundOutcome> {
  if (!isUuid(input.orderId)) return { ok: false, status: 404, error: "Order not found." };
  const requestId = `rf${randomBytes(9).toString("base64url").replace(/[-_]/g, "x")}`.slice(0, 20);
  const recorded = await transactionWithRetry(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId.toLowerCase())).for("update");
    if (!order || order.storeId !== actor.member.storeId) {
      return { ok: false as const, status: 404 as const, error: "Order not found." };
    }
    if (input.seenStatus !== undefined && order.status !== input.seenStatus) {
      return { ok: false as const, status: 409 as const, error: TRANSITION_MESSAGES.changed(order.status) };
    }
    if (order.paymentStatus !== "paid")
      return { ok: false as const, status: 422 as const, error: REFUND_MESSAGES.notPaid };
    const refunded = await refundedSoFar(tx, order.id);
    const amount = input.amount === "rest" ? order.grandTotal - refunded : input.amount;
    const problem = refundProblem({ paid: order.grandTotal, refunded, amount });
    if (problem) return { ok: false as const, status: 422 as const, error: problem };
    const online = order.paymentMethod === "ONLINE";
    if (!online && !input.mode) return { ok: false as const, status: 422 as const, error: REFUND_MESSAGES.mode };
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        requestId,
        amount,
        mode: online ? "gateway" : (input.mode ?? "cash"),
        reference: input.reference?.trim() ?? "",
        reason: input.reason.trim(),
        status: online ? "pending" : "done",
        staffEmail: actor.member.email,
      })
      .returning({ id: refunds.id });
    if (!row) throw new Error("refund insert returned nothing");
    const whole = refunded + amount >= order.grandTotal;
    // Money given back by hand is refunded now: the customer is told with this commit.
    if (!online) {
      await enqueue(tx, ...orderMessageJobs(order.storeId, order.id, "refunded", row.id));
      await issueCreditNote(tx, order.id, { amount, reason: refundReason(input.reason), refundId: row.id });
    }
    if (!online && whole) {
      await tx.update(orders).set({ paymentStatus: "refunded", updatedAt: sql`now()` }).where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "payment",
        source: "console",
        fromStatus: "paid",
        toStatus: "refunded",
        detail: { refundId: row.id },
      });
    }
    await writeAudit(tx, actor, {
      action: "order.refund",
      entity: "order",
      entityId: order.id,
      before: { refunded },
      after: { refunded: refunded + amount, amount, mode: online ? "gateway" : input.mode },
    });
    return { ok: true as const, refundId: row.id, online, paidAttemptId: order.paidAttemptId, amount };
  });
  if (!recorded.ok) return recorded;
  if (!recorded.online) return { ok: true, refundId: recorded.refundId, status: "done", amount: recorded.amount };
  return sendToGateway(
    db,
    payments,
    actor.member.storeId,
    recorded.refundId,
    recorded.paidAttemptId,
    requestId,
    recorded.amount,
    input.reason,
  );
}

async function sendToGateway(
  db: Db,
  payments: Payments | null,
  storeId: string,
  refundId: string,
  paidAttemptId: string | null,
  requestId: string,
  amount: Paise,
  reason: string,
): Promise<RefundOutcome> {
  const [attempt] = paidAttemptId
    ? await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, paidAttemptId))
    : [];
  const fail = async (error: string) => {
    await db.update(refunds).set({ status: "failed", error, updatedAt: sql`now()` }).where(eq(refunds.id, refundId));
    return { ok: false as const, status: 502 as const, error: REFUND_MESSAGES.gatewayFailed };
  };
  if (!payments || !attempt) return fail("no gateway or no paid attempt");
  try {
    const answer = await payments.gateway.refund(attempt.gatewayOrderId, { uniqueRequestId: requestId, amount });
    await db.transaction(async (tx) => {
      await tx.update(refunds).set({ status: "done", updatedAt: sql`now()` }).where(eq(refunds.id, refundId));
      await enqueue(tx, ...orderMessageJobs(storeId, attempt.orderId, "refunded", refundId));
      await issueCreditNote(tx, attempt.orderId, { amount, reason: refundReason(reason), refundId });
    });
    // The payment status follows the gateway: refunded once the whole amount is.
    await applyGatewayOrder(payments, attempt, answer, "console");
    return { ok: true, refundId, status: "done", amount };
  } catch (error) {
    payments.log.error("refund failed at the gateway", { error, refundId });
    return fail((error as Error).message.slice(0, 500));
  }
}

/** An order's refunds, oldest first, for its page. */
export async function listRefunds(db: Db, orderId: string) {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  return rows.map((r) => ({
    id: r.id,
    requestId: r.requestId,
    amount: r.amount,
    mode: r.mode,
    reference: r.reference,
    reason: r.reason,
    status: r.status,
    error: r.error,
    by: r.staffEmail,
    at: r.createdAt.toISOString(),
  }));
}
