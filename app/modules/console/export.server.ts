import { and, asc, desc, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orderItems, orders } from "../../db/schema";
import { BOM, csvRow, rupees } from "./csv";
import { afterCursor, exactTime } from "./cursor.server";
import type { OrderFilters } from "./order-filters";
import { filterConditions } from "./orders.server";

/** Orders read a batch at a time: memory holds one batch, whatever the export's length. */
const BATCH = 500;

export const EXPORT_COLUMNS = [
  "Order number",
  "Placed (IST)",
  "Status",
  "Payment method",
  "Payment status",
  "Customer",
  "Company",
  "Phone",
  "Email",
  "Address",
  "City",
  "State",
  "Pincode",
  "Item",
  "SKU",
  "Size",
  "Quantity",
  "Unit price (₹)",
  "Line total (₹)",
  "Subtotal (₹)",
  "Discount (₹)",
  "Coupon",
  "Shipping (₹)",
  "Grand total (₹)",
  "Courier",
  "Tracking number",
] as const;

const placed = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-12-05 14:07": a date and time every spreadsheet reads as one. */
function placedAt(date: Date): string {
  return placed.format(date).replace(",", "");
}

/**
 * The orders matching `filters` as CSV (issue 54), one row per line item, newest first, as a
 * stream read a batch of orders at a time (by the same cursor as the desk's pages), so 100,000
 * orders export without being held in memory. The order's totals repeat on each of its rows, so
 * a filter in the spreadsheet keeps them.
 */
export function exportOrders(db: Db, storeId: string, filters: OrderFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvRow(EXPORT_COLUMNS)));
        return;
      }
      const conditions: SQL[] = filterConditions(storeId, { ...filters, after: null });
      const next = after ? afterCursor(after, orders.createdAt, orders.id) : null;
      if (next) conditions.push(next);
      const found = await db
        .select({ order: orders, at: exactTime(orders.createdAt) })
        .from(orders)
        .where(and(...conditions))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(BATCH);
      const batch = found.map((f) => f.order);
      if (batch.length === 0) {
        controller.close();
        return;
      }
      const last = found.at(-1);
      if (last) after = `${last.at}_${last.order.id}`;
      const items = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            batch.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position));
      const byOrder = new Map<string, typeof items>();
      for (const item of items) {
        const list = byOrder.get(item.orderId) ?? [];
        list.push(item);
        byOrder.set(item.orderId, list);
      }
      let text = "";
      for (const o of batch) {
        const a = o.customerAddress;
        const common = {
          head: [
            o.orderNumber,
            placedAt(o.createdAt),
            o.status,
            o.paymentMethod === "COD" ? "Cash on Delivery" : "Online",
            o.paymentStatus,
            [a.firstName, a.lastName].filter(Boolean).join(" "),
            a.companyName ?? "",
            o.phone,
            o.email ?? "",
            [a.address, a.apartment, a.landmark ? `near ${a.landmark}` : ""].filter(Boolean).join(", "),
            a.city,
            a.state,
            a.pin,
          ],
          tail: [
            rupees(o.subtotal),
            rupees(o.discount),
            o.couponCode ?? "",
            rupees(o.shipping),
            rupees(o.grandTotal),
            o.courier ?? "",
            o.trackingNumber ?? "",
          ],
        };
        for (const i of byOrder.get(o.id) ?? []) {
          text += csvRow([
            ...common.head,
            i.name,
            i.sku ?? "",
            i.selectedSize ?? "",
            i.quantity,
            rupees(i.unitPrice),
            rupees(i.total),
            ...common.tail,
          ]);
        }
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}
