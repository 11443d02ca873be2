import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { productSizes, products, stockMovements } from "../../db/schema";
import { recordMovements } from "../orders/stock.server";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * Stock by hand (issue 54): a packer who finds two tins dented takes them off the count from the
 * order page, with a reason. The product's row is locked, the count never goes below zero, and
 * the change is a row of the stock ledger and of the audit log, in one transaction. The store's
 * pages hear of it as of any stock change (migration 0012's announcement).
 */

export const STOCK_MESSAGES = {
  notFound: "Product not found.",
  untracked: "This product's stock is not counted, so there is nothing to change.",
  sizeNeeded: "Choose the size whose stock changed.",
  unknownSize: "This product has no such size with counted stock.",
  below: (left: number) => `Only ${left} in stock: you cannot take away more than that.`,
} as const;

export interface StockChange {
  productId: string;
  /** The size whose stock changed, for a product whose sizes hold the stock. */
  size: string | null;
  /** Units added (positive) or taken away (negative); never zero. */
  change: number;
  note: string;
  orderId: string | null;
}

export type StockChangeOutcome = { ok: true; inventory: number } | { ok: false; status: 404 | 422; error: string };

export async function changeStockByHand(db: Db, actor: Actor, input: StockChange): Promise<StockChangeOutcome> {
  if (!isUuid(input.productId)) return { ok: false, status: 404, error: STOCK_MESSAGES.notFound };
  const storeId = actor.member.storeId;
  return transactionWithRetry(db, async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name, inventory: products.inventory, track: products.trackInventory })
      .from(products)
      .where(and(eq(products.id, input.productId.toLowerCase()), eq(products.storeId, storeId)))
      .for("update");
    if (!product) return { ok: false, status: 404, error: STOCK_MESSAGES.notFound };
    if (!product.track) return { ok: false, status: 422, error: STOCK_MESSAGES.untracked };
    const sizes = await tx
      .select({ label: productSizes.label, inventory: productSizes.inventory })
      .from(productSizes)
      .where(eq(productSizes.productId, product.id))
      .for("update");
    const countedSizes = sizes.filter((s) => s.inventory !== null);

    let before: number;
    if (countedSizes.length > 0) {
      if (!input.size) return { ok: false, status: 422, error: STOCK_MESSAGES.sizeNeeded };
      const size = countedSizes.find((s) => s.label === input.size);
      if (!size) return { ok: false, status: 422, error: STOCK_MESSAGES.unknownSize };
      before = size.inventory ?? 0;
      if (before + input.change < 0) return { ok: false, status: 422, error: STOCK_MESSAGES.below(before) };
      await tx
        .update(productSizes)
        .set({ inventory: before + input.change })
        .where(and(eq(productSizes.productId, product.id), eq(productSizes.label, size.label)));
      // The product's total follows its sizes, as an order's does.
      await tx
        .update(products)
        .set({ inventory: sql`greatest(${products.inventory} + ${input.change}, 0)`, updatedAt: sql`now()` })
        .where(and(eq(products.id, product.id), sql`${products.inventory} is not null`));
    } else {
      if (product.inventory === null) return { ok: false, status: 422, error: STOCK_MESSAGES.untracked };
      before = product.inventory;
      if (before + input.change < 0) return { ok: false, status: 422, error: STOCK_MESSAGES.below(before) };
      await tx
        .update(products)
        .set({ inventory: before + input.change, updatedAt: sql`now()` })
        .where(eq(products.id, product.id));
    }
    const size = countedSizes.length > 0 ? input.size : null;
    await recordMovements(tx, storeId, [{ productId: product.id, size, change: input.change }], {
      reason: "hand",
      orderId: input.orderId,
      note: input.note,
      staffEmail: actor.member.email,
    });
    await writeAudit(tx, actor, {
      action: "product.stock",
      entity: "product",
      entityId: product.id,
      before: { stock: before, ...(size ? { size } : {}) },
      after: { stock: before + input.change, note: input.note, ...(input.orderId ? { order: input.orderId } : {}) },
    });
    return { ok: true, inventory: before + input.change };
  });
}

export interface MovementRow {
  id: string;
  at: string;
  productName: string;
  size: string | null;
  change: number;
  reason: string;
  note: string;
  who: string | null;
}

/** The ledger's rows for one order's products (what the order took, gave back, and changes by hand from it). */
export async function orderMovements(db: Db, storeId: string, orderId: string): Promise<MovementRow[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      at: stockMovements.createdAt,
      productName: products.name,
      size: stockMovements.size,
      change: stockMovements.change,
      reason: stockMovements.reason,
      note: stockMovements.note,
      who: stockMovements.staffEmail,
    })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .where(and(eq(stockMovements.storeId, storeId), eq(stockMovements.orderId, orderId)))
    .orderBy(desc(stockMovements.createdAt));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
