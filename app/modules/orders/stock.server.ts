import { and, asc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { orderEvents, orderItems, orders, productSizes, products, stockMovements } from "../../db/schema";
import { giveBackCouponUse } from "../checkout/coupons.server";
import { loadProductFacts } from "../checkout/facts.server";
import type { RequestedLine } from "../checkout/order-request";
import { type ProductFacts, stockDemand } from "../checkout/quote";

/**
 * Taking and giving back stock (ARCHITECTURE.md section 5): lines of one product summed first,
 * products visited in id order so two orders never wait on each other's rows, each UPDATE
 * guarded so stock never goes below zero.
 */

export class StockShort extends Error {
  constructor(readonly productId: string) {
    super(`stock short for ${productId}`);
  }
}

type StockLine = Pick<RequestedLine, "productId" | "size" | "setSizes" | "qty">;

/**
 * The units each product with counted stock gives or takes: lines of one product summed, sizes
 * summed, products in id order and sizes in label order (so two orders lock rows in one order).
 */
function* countedDemand(lines: readonly StockLine[], facts: Map<string, ProductFacts>) {
  const demand = stockDemand(lines);
  for (const productId of [...demand.keys()].sort()) {
    const product = facts.get(productId);
    const entry = demand.get(productId);
    if (!product?.trackInventory || !entry) continue;
    const bySize = [...entry.sizes].sort(([a], [b]) => (a < b ? -1 : 1));
    yield { productId, product, qty: entry.total, bySize };
  }
}

/** What an order takes from stock, grouped the way one statement takes it (see placeOrder). */
export interface StockTake {
  /** Products whose own count is the stock: each needs `inventory >= qty`. */
  counted: { productId: string; qty: number }[];
  /** Products whose sizes hold the stock: their total follows the sizes, never below zero. */
  sizeTotals: { productId: string; qty: number }[];
  /** The sizes' units: each needs its row, and `inventory >= units` where the size is counted. */
  sizes: { productId: string; label: string; units: number }[];
}

/** The same decisions as takeStock, as data: lines of one product summed, in lock order. */
export function stockTake(lines: readonly StockLine[], facts: Map<string, ProductFacts>): StockTake {
  const take: StockTake = { counted: [], sizeTotals: [], sizes: [] };
  for (const { productId, product, qty, bySize } of countedDemand(lines, facts)) {
    if (isSizeCounted(product, bySize)) {
      take.sizeTotals.push({ productId, qty });
      for (const [label, units] of bySize) take.sizes.push({ productId, label, units });
    } else if (product.inventory !== null) {
      take.counted.push({ productId, qty });
    }
  }
  return take;
}

function isSizeCounted(product: ProductFacts, bySize: ReadonlyArray<readonly [string, number]>): boolean {
  return bySize.some(([label]) => product.sizes.find((s) => s.label === label)?.inventory != null);
}

/**
 * Takes the lines' units from stock or throws StockShort (the caller's transaction then rolls
 * back). `requireActive` refuses a product taken off sale; a payment that already went through
 * takes its stock back even then.
 */
export async function takeStock(
  tx: Tx,
  storeId: string,
  lines: readonly StockLine[],
  facts: Map<string, ProductFacts>,
  { requireActive = true, orderId }: { requireActive?: boolean; orderId: string },
): Promise<void> {
  const moved: Movement[] = [];
  for (const { productId, product, qty, bySize } of countedDemand(lines, facts)) {
    if (isSizeCounted(product, bySize)) {
      // The sizes hold the real stock; the product's total follows them, never below zero.
      await tx
        .update(products)
        .set({ inventory: sql`greatest(${products.inventory} - ${qty}, 0)`, updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNotNull(products.inventory)));
      for (const [label, units] of bySize) {
        const taken = await tx
          .update(productSizes)
          .set({ inventory: sql`${productSizes.inventory} - ${units}` })
          .where(
            and(
              eq(productSizes.productId, productId),
              eq(productSizes.label, label),
              sql`(${productSizes.inventory} is null or ${productSizes.inventory} >= ${units})`,
            ),
          )
          .returning({ counted: sql<boolean>`${productSizes.inventory} is not null` });
        if (taken.length === 0) throw new StockShort(productId);
        if (taken[0]?.counted) moved.push({ productId, size: label, change: -units });
      }
    } else if (product.inventory !== null) {
      const taken = await tx
        .update(products)
        .set({ inventory: sql`${products.inventory} - ${qty}`, updatedAt: sql`now()` })
        .where(
          and(
            eq(products.id, productId),
            eq(products.storeId, storeId),
            requireActive ? eq(products.active, true) : undefined,
            gte(products.inventory, qty),
          ),
        )
        .returning({ id: products.id });
      if (taken.length === 0) throw new StockShort(productId);
      moved.push({ productId, size: null, change: -qty });
    }
  }
  await recordMovements(tx, storeId, moved, { reason: "retaken", orderId });
}

/** Gives the lines' units back: the mirror of takeStock for products whose stock is counted. */
export async function giveBackStock(
  tx: Tx,
  storeId: string,
  lines: readonly StockLine[],
  facts: Map<string, ProductFacts>,
  orderId: string,
): Promise<void> {
  const moved: Movement[] = [];
  for (const { productId, product, qty, bySize } of countedDemand(lines, facts)) {
    const productRow = await tx
      .update(products)
      .set({ inventory: sql`${products.inventory} + ${qty}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNotNull(products.inventory)))
      .returning({ id: products.id });
    const sized = isSizeCounted(product, bySize);
    if (!sized && productRow.length > 0) moved.push({ productId, size: null, change: qty });
    for (const [label, units] of bySize) {
      const size = await tx
        .update(productSizes)
        .set({ inventory: sql`${productSizes.inventory} + ${units}` })
        .where(
          and(eq(productSizes.productId, productId), eq(productSizes.label, label), isNotNull(productSizes.inventory)),
        )
        .returning({ label: productSizes.label });
      if (sized && size.length > 0) moved.push({ productId, size: label, change: units });
    }
  }
  await recordMovements(tx, storeId, moved, { reason: "released", orderId });
}

/** One row of the stock ledger: a product's (or one of its sizes') counted stock changed by `change`. */
export interface Movement {
  productId: string;
  size: string | null;
  change: number;
}

/** Writes the stock ledger's rows for changes made in this transaction. */
export async function recordMovements(
  tx: Tx,
  storeId: string,
  moved: readonly Movement[],
  why: {
    reason: (typeof stockMovements.$inferInsert)["reason"];
    orderId?: string | null;
    note?: string;
    staffEmail?: string | null;
  },
): Promise<void> {
  if (moved.length === 0) return;
  await tx.insert(stockMovements).values(
    moved.map((m) => ({
      storeId,
      productId: m.productId,
      size: m.size,
      change: m.change,
      reason: why.reason,
      orderId: why.orderId ?? null,
      note: why.note ?? "",
      staffEmail: why.staffEmail ?? null,
    })),
  );
}

/** An order's lines as stock lines, with the facts of their products (read inside the transaction). */
export async function orderStockLines(
  tx: Tx,
  storeId: string,
  orderId: string,
): Promise<{ lines: StockLine[]; facts: Map<string, ProductFacts> }> {
  const items = await tx
    .select({
      productId: orderItems.productId,
      size: orderItems.selectedSize,
      setSizes: orderItems.setSizes,
      qty: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const lines: StockLine[] = [];
  for (const item of items) {
    // A product deleted since has no stock to give or take.
    if (item.productId)
      lines.push({ productId: item.productId, size: item.size, setSizes: item.setSizes ?? [], qty: item.qty });
  }
  const facts = await loadProductFacts(
    tx,
    storeId,
    lines.map((l) => l.productId),
  );
  return { lines, facts };
}

/**
 * Gives a locked order's stock back to the products and sizes it came from, and its coupon's
 * use back to the coupon, once: marks the order released and records the event. False when it
 * was given back already (an abandoned payment, an unconfirmed COD order and a cancellation may
 * each come to the same order).
 */
export async function releaseOrderStock(
  tx: Tx,
  order: { id: string; storeId: string; stockReleasedAt: Date | null },
  source: "job" | "console",
): Promise<boolean> {
  if (order.stockReleasedAt) return false;
  const { lines, facts } = await orderStockLines(tx, order.storeId, order.id);
  await giveBackStock(tx, order.storeId, lines, facts, order.id);
  const [placed] = await tx
    .select({ couponCode: orders.couponCode, phone: orders.phone })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (placed?.couponCode) await giveBackCouponUse(tx, order.storeId, placed.couponCode, placed.phone);
  await tx.update(orders).set({ stockReleasedAt: sql`now()` }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, kind: "stock-released", source });
  return true;
}
