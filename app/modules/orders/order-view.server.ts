import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import type { AddressSnapshot } from "../../db/json-columns";
import { invoices, orderItems, orders } from "../../db/schema";
import type { Paise } from "../money/types";
import { normalisePaymentStatus, type PaymentStatus } from "../payments/status";
import { phoneHint } from "./order-rules";
import { hashToken } from "./tokens.server";

/** An order as the thank-you page shows it: everything, to the browser that placed it. */
export interface OrderView {
  access: "full";
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: PaymentStatus;
  paymentMethod: "COD" | "ONLINE";
  channel: string;
  createdAt: string;
  paidAt: string | null;
  items: Array<{
    name: string;
    photo: string | null;
    quantity: number;
    unitPrice: Paise;
    total: Paise;
    selectedSize: string | null;
  }>;
  subtotal: Paise;
  discount: Paise;
  couponCode: string | null;
  shipping: Paise;
  shippingType: string;
  grandTotal: Paise;
  customer: AddressSnapshot;
  /** Placed by someone not signed in (ADR 0052). */
  placedAsGuest: boolean;
  /** How it was shipped, once it was: the courier or vehicle and the tracking number. */
  shipment: string | null;
  /** A COD order waiting for the code sent to its phone: until when, and the phone's last digits. */
  awaitingCode: { until: string; phoneHint: string } | null;
  /** Its tax invoice's number once issued (issue 58); the PDF is at /api/orders/{id}/invoice. */
  invoiceNumber: string | null;
  /** Its credit notes (a refund, a cancellation), oldest first; each PDF is at ?document={id}. */
  creditNotes: Array<{ id: string; number: string; total: Paise }>;
}

/** What anyone holding only the order id may see: never a name, address or phone. */
export interface OrderStatusView {
  access: "status";
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: PaymentStatus;
  paymentMethod: "COD" | "ONLINE";
  createdAt: string;
}

export interface OrderViewer {
  /** The access token from this browser's cookie, if it holds one for the order. */
  accessToken: string | null;
  /** The signed-in customer (accounts issue). */
  customerId?: string | null;
  /** The thank-you page's status query parameter, a hint used only when the order has none. */
  queryStatus?: string | null;
  /** The caller has already established that the viewer owns the order (signed-in order history). */
  owner?: boolean;
}

export async function loadOrderView(
  db: Db,
  storeId: string,
  orderId: string,
  viewer: OrderViewer,
): Promise<OrderView | OrderStatusView | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId.toLowerCase())));
  if (!order) return null;
  const paymentStatus = normalisePaymentStatus({
    orderStatus: order.paymentStatus,
    queryStatus: viewer.queryStatus,
    webhookGatewayStatus: order.gatewayWebhookStatus,
    polledGatewayStatus: order.gatewayPolledStatus,
  });
  const owner =
    viewer.owner === true ||
    (viewer.accessToken !== null && order.accessTokenHash === hashToken(viewer.accessToken)) ||
    (Boolean(viewer.customerId) && order.customerId === viewer.customerId);
  const base = {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
  };
  if (!owner) return { access: "status", ...base };
  const [items, documents] = await Promise.all([
    db
      .select({
        name: orderItems.name,
        photo: orderItems.photo,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        total: orderItems.total,
        selectedSize: orderItems.selectedSize,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position)),
    db
      .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, total: invoices.total })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.sequence)),
  ]);
  const invoice = documents.find((document) => document.kind === "invoice");
  return {
    access: "full",
    ...base,
    channel: order.channel,
    paidAt: order.paidAt?.toISOString() ?? null,
    items,
    subtotal: order.subtotal,
    discount: order.discount,
    couponCode: order.couponCode,
    shipping: order.shipping,
    shippingType: order.shippingType,
    grandTotal: order.grandTotal,
    customer: order.customerAddress,
    placedAsGuest: !order.signedIn,
    shipment:
      order.courier || order.trackingNumber
        ? [order.courier, order.trackingNumber ? `tracking number ${order.trackingNumber}` : null]
            .filter(Boolean)
            .join(", ")
        : null,
    awaitingCode: order.codeConfirmBy
      ? { until: order.codeConfirmBy.toISOString(), phoneHint: phoneHint(order.phone) }
      : null,
    invoiceNumber: invoice?.number ?? null,
    creditNotes: documents
      .filter((document) => document.kind === "credit-note")
      .map(({ id, number, total }) => ({ id, number, total })),
  };
}
