import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import {
  auditLog,
  invoices,
  orderEvents,
  orderItems,
  orderNotes,
  orders,
  paymentAttempts,
  products,
} from "../../db/schema";
import { orderMovements } from "./stock.server";

/**
 * One order as the console's order page shows it (issue 54): what the thank-you page shows, plus
 * the payment attempts and gateway events, the audit log, staff notes, the stock ledger's rows
 * and the customer's other orders.
 */

export async function loadConsoleOrder(db: Db, storeId: string, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId.toLowerCase())));
  if (!order) return null;
  const items = await db
    .select({
      item: orderItems,
      // Whether the product's stock is counted now: only then can staff change it by hand.
      counted: sql<boolean>`coalesce(${products.trackInventory}, false)`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt));
  const [audit, notes, attempts, others, movements, documents] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, storeId), eq(auditLog.entity, "order"), eq(auditLog.entityId, order.id)))
      .orderBy(asc(auditLog.createdAt)),
    db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id)).orderBy(asc(orderNotes.createdAt)),
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id))
      .orderBy(asc(paymentAttempts.attempt)),
    // The customer's other orders: by their phone, which every order has.
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        grandTotal: orders.grandTotal,
      })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.phone, order.phone), ne(orders.id, order.id)))
      .orderBy(desc(orders.createdAt))
      .limit(10),
    orderMovements(db, storeId, order.id),
    // Its tax invoice and credit notes (issue 58).
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        issuedAt: invoices.issuedAt,
        total: invoices.total,
      })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.issuedAt)),
  ]);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    placedAsGuest: !order.signedIn,
    customerId: order.customerId,
    awaitingCodeUntil: order.codeConfirmBy?.toISOString() ?? null,
    phone: order.phone,
    email: order.email,
    address: order.customerAddress,
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.couponCode,
    shipping: order.shipping,
    grandTotal: order.grandTotal,
    items: items.map(({ item: i, counted }) => ({
      id: i.id,
      counted,
      productId: i.productId,
      name: i.name,
      sku: i.sku,
      size: i.selectedSize,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      total: i.total,
    })),
    courier: order.courier,
    trackingNumber: order.trackingNumber,
    invoices: documents.map((d) => ({ ...d, issuedAt: d.issuedAt.toISOString() })),
    audit: audit.map((a) => ({
      id: a.id,
      at: a.createdAt.toISOString(),
      who: a.staffEmail,
      action: a.action,
      ip: a.ip,
      before: a.before as Record<string, unknown> | null,
      after: a.after as Record<string, unknown> | null,
    })),
    notes: notes.map((n) => ({ id: n.id, at: n.createdAt.toISOString(), who: n.staffEmail, body: n.body })),
    attempts: attempts.map((t) => ({
      id: t.id,
      attempt: t.attempt,
      gateway: t.gateway,
      gatewayOrderId: t.gatewayOrderId,
      amount: t.amount,
      status: t.status,
      error: t.error,
      at: t.createdAt.toISOString(),
    })),
    otherOrders: others.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    movements,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      from: e.fromStatus,
      to: e.toStatus,
      source: e.source,
      detail: e.detail as Record<string, unknown> | null,
      at: e.createdAt.toISOString(),
    })),
  };
}
