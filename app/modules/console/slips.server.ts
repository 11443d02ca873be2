import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import type { AddressSnapshot } from "../../db/json-columns";
import { orderItems, orders } from "../../db/schema";
import { type QrPath, qrPath } from "./qr.server";

/** At most this many slips a print, so one click cannot ask for the whole store. */
export const MAX_SLIPS = 100;

export interface Slip {
  id: string;
  orderNumber: string;
  createdAt: string;
  status: string;
  paymentMethod: "COD" | "ONLINE";
  paymentStatus: string;
  grandTotal: number;
  phone: string;
  address: AddressSnapshot;
  items: Array<{ id: string; name: string; sku: string | null; size: string | null; quantity: number }>;
  /** The order number as a QR code: its side in modules and an SVG path of its dark ones. */
  qr: QrPath;
}

/** The packing slips of the orders asked for (issue 54), in the order asked, each with its QR code. */
export async function loadSlips(db: Db, storeId: string, ids: readonly string[]): Promise<Slip[]> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))].slice(0, MAX_SLIPS);
  if (wanted.length === 0) return [];
  const found = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, wanted)))
    .orderBy(desc(orders.createdAt));
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        found.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  return found.map((o) => ({
    id: o.id,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    grandTotal: o.grandTotal,
    phone: o.phone,
    address: o.customerAddress,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ id: i.id, name: i.name, sku: i.sku, size: i.selectedSize, quantity: i.quantity })),
    qr: qrPath(o.orderNumber),
  }));
}
