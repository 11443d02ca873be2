import { and, asc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { orderItems, productSizes, products } from "../../db/schema";
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
  { requireActive = true }: { requireActive?: boolean } = {},
): Promise<void> {
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
          .returning({ label: productSizes.label });
        if (taken.length === 0) throw new StockShort(productId);
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
    }
  }
}

/** Gives the lines' units back: the mirror of takeStock for products whose stock is counted. */
export async function giveBackStock(
  tx: Tx,
  storeId: string,
  lines: readonly StockLine[],
  facts: Map<string, ProductFacts>,
): Promise<void> {
  for (const { productId, qty, bySize } of countedDemand(lines, facts)) {
    await tx
      .update(products)
      .set({ inventory: sql`${products.inventory} + ${qty}`, updatedAt: sql`now()` })
      .where(and(eq(products.id, productId), eq(products.storeId, storeId), isNotNull(products.inventory)));
    for (const [label, units] of bySize) {
      await tx
        .update(productSizes)
        .set({ inventory: sql`${productSizes.inventory} + ${units}` })
        .where(
          and(eq(productSizes.productId, productId), eq(productSizes.label, label), isNotNull(productSizes.inventory)),
        );
    }
  }
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
