import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { auditLog, orderEvents, orderNotes, orders } from "../../db/schema";
import { issueCreditNote } from "../invoices/credit.server";
import { issueInvoice } from "../invoices/issue.server";
import { enqueue } from "../jobs/queue.server";
import { orderMessageJobs } from "../notifications/order-messages.server";
import type { OrderEvent } from "../notifications/texts";
import { releaseOrderStock } from "../orders/stock.server";
import type { StaffMember } from "../staff/staff.server";
import { type NextStatus, TRANSITION_MESSAGES, transitionProblem } from "./transitions";

/**
 * Moving an order through the fulfilment workflow from the console (issue 54), in one
 * transaction with the order's row locked: the rules of transitions.ts, the stock given back
 * once when it is cancelled, the order's event and the audit log's row. A page that shows an
 * older status is told what changed; a repeat of the same step (a double click, two staff at
 * once) finds it done and changes nothing.
 */

export interface Actor {
  member: Pick<StaffMember, "id" | "email" | "storeId">;
  ip: string;
}

export type MoveOutcome =
  | { ok: true; status: NextStatus; already: boolean }
  | { ok: false; status: 404 | 409 | 422; error: string; now?: string };

export interface Shipment {
  courier: string;
  trackingNumber: string;
}

export async function writeAudit(
  tx: Tx,
  actor: Actor,
  entry: {
    action: string;
    entity: "order" | "product" | "setting" | "staff" | "job" | "quote" | "backup";
    entityId: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    storeId: actor.member.storeId,
    staffId: actor.member.id,
    staffEmail: actor.member.email,
    ip: actor.ip,
    ...entry,
  });
}

/** The statuses a customer is told of, and the message each one sends. */
const TOLD_OF: Partial<Record<NextStatus, OrderEvent>> = {
  Confirmed: "confirmed",
  Shipped: "shipped",
  Delivered: "delivered",
  Cancelled: "cancelled",
};

export async function moveOrder(
  db: Db,
  actor: Actor,
  input: { orderId: string; to: NextStatus; seenStatus: string; shipment?: Shipment; refunding?: boolean },
): Promise<MoveOutcome> {
  if (!isUuid(input.orderId)) return { ok: false, status: 404, error: "Order not found." };
  return transactionWithRetry(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId.toLowerCase())).for("update");
    if (!order || order.storeId !== actor.member.storeId) return { ok: false, status: 404, error: "Order not found." };
    if (order.status !== input.seenStatus) {
      // The same step taken twice is done once; anything else was someone else's change.
      if (order.status === input.to) return { ok: true, status: input.to, already: true };
      return { ok: false, status: 409, error: TRANSITION_MESSAGES.changed(order.status), now: order.status };
    }
    const problem = transitionProblem(
      {
        status: order.status,
        paymentMethod: order.paymentMethod,
        paymentStatus: order.paymentStatus,
        awaitingCode: order.codeConfirmBy !== null,
      },
      input.to,
      input.refunding,
    );
    if (problem) return { ok: false, status: 422, error: problem };

    const changes: PgUpdateSetSource<typeof orders> = { status: input.to, updatedAt: sql`now()` };
    if (input.to === "Shipped" && input.shipment) {
      changes.courier = input.shipment.courier || null;
      changes.trackingNumber = input.shipment.trackingNumber || null;
    }
    if (input.to === "Cancelled") changes.codeConfirmBy = null;
    await tx.update(orders).set(changes).where(eq(orders.id, order.id));
    const detail = input.shipment && input.to === "Shipped" ? { ...input.shipment } : null;
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "status",
      source: "console",
      fromStatus: order.status,
      toStatus: input.to,
      detail: { staff: actor.member.email, ...(detail ?? {}) },
    });
    // Stock goes back once: an abandoned payment or an unconfirmed COD order may have given it back already.
    if (input.to === "Cancelled") {
      await releaseOrderStock(tx, order, "console");
      // A cancelled order was not supplied: what its invoice still charges is credited back.
      await issueCreditNote(tx, order.id, { amount: "rest", reason: "Order cancelled" });
    }
    // The tax invoice is issued with the move that the store's settings name (issue 58).
    if (input.to === "Confirmed" || input.to === "Delivered") {
      await issueInvoice(tx, order.id, input.to === "Confirmed" ? "confirmed" : "delivered");
    }
    // The customer is told, if and only if this commits (issue 57).
    const event = TOLD_OF[input.to];
    if (event) await enqueue(tx, ...orderMessageJobs(order.storeId, order.id, event));
    await writeAudit(tx, actor, {
      action: `order.${input.to.toLowerCase()}`,
      entity: "order",
      entityId: order.id,
      before: { status: order.status },
      after: { status: input.to, ...(detail ?? {}) },
    });
    return { ok: true, status: input.to, already: false };
  });
}

export const CASH_MESSAGES = {
  notCod: "Only a cash-on-delivery order is paid in cash.",
  notDelivered: "Mark the order delivered first: cash is collected at or after delivery.",
  already: "The cash for this order is already recorded.",
  amount: "Enter the amount collected, in rupees.",
} as const;

/**
 * "Cash collected" on a delivered COD order: the amount and how it was paid (cash or UPI), and
 * the order's payment status becomes paid. Once.
 */
export async function recordCashCollected(
  db: Db,
  actor: Actor,
  input: { orderId: string; amount: number; mode: "cash" | "upi" },
): Promise<{ ok: true; already: boolean } | { ok: false; status: 404 | 422; error: string }> {
  if (!isUuid(input.orderId)) return { ok: false, status: 404, error: "Order not found." };
  return transactionWithRetry(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId.toLowerCase())).for("update");
    if (!order || order.storeId !== actor.member.storeId) return { ok: false, status: 404, error: "Order not found." };
    if (order.paymentMethod !== "COD") return { ok: false, status: 422, error: CASH_MESSAGES.notCod };
    if (order.paymentStatus === "paid") return { ok: true, already: true };
    if (order.status !== "Delivered") return { ok: false, status: 422, error: CASH_MESSAGES.notDelivered };
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    const detail = { amount: input.amount, mode: input.mode, staff: actor.member.email };
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "payment",
      source: "console",
      fromStatus: order.paymentStatus,
      toStatus: "paid",
      detail,
    });
    await writeAudit(tx, actor, {
      action: "order.cash-collected",
      entity: "order",
      entityId: order.id,
      before: { paymentStatus: order.paymentStatus },
      after: { paymentStatus: "paid", amount: input.amount, mode: input.mode },
    });
    return { ok: true, already: false };
  });
}

/** A staff note on an order, for the team; customers never see it. Recorded in the audit log too. */
export async function addOrderNote(
  db: Db,
  actor: Actor,
  input: { orderId: string; body: string },
): Promise<{ ok: true } | { ok: false; status: 404; error: string }> {
  if (!isUuid(input.orderId)) return { ok: false, status: 404, error: "Order not found." };
  return transactionWithRetry(db, async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, storeId: orders.storeId })
      .from(orders)
      .where(eq(orders.id, input.orderId.toLowerCase()));
    if (!order || order.storeId !== actor.member.storeId) return { ok: false, status: 404, error: "Order not found." };
    await tx.insert(orderNotes).values({ orderId: order.id, staffEmail: actor.member.email, body: input.body });
    await writeAudit(tx, actor, {
      action: "order.note",
      entity: "order",
      entityId: order.id,
      before: null,
      after: { note: input.body },
    });
    return { ok: true };
  });
}
