import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { products } from "../../db/schema";
import { formatINR } from "../money/format";
import { recordMovements } from "../orders/stock.server";
import { type Actor, writeAudit } from "./fulfilment.server";
import type { QuickEdit } from "./quick-edits";

export type QuickEditsOutcome = { ok: true; changed: number } | { ok: false; problems: Record<string, string> };

/** Rolls the whole save back when any row is refused: nothing is half saved. */
class Refused extends Error {
  constructor(readonly problems: Record<string, string>) {
    super("quick edits refused");
  }
}

/**
 * Writes the prices and counts changed on the products list, all or nothing. A price keeps the
 * MRP and tier rules of the product form; a count is set only where it still is what the screen
 * showed, and its change is a row of the stock ledger ("count").
 */
export async function saveQuickEdits(db: Db, actor: Actor, edits: readonly QuickEdit[]): Promise<QuickEditsOutcome> {
  if (edits.length === 0) return { ok: true, changed: 0 };
  const storeId = actor.member.storeId;
  try {
    return await transactionWithRetry(db, async (tx) => {
      const ids = edits.map((edit) => edit.productId).sort();
      const rows = await tx
        .select({
          id: products.id,
          name: products.name,
          mrp: products.mrp,
          salePrice1: products.salePrice1,
          salePrice2: products.salePrice2,
          inventory: products.inventory,
          trackInventory: products.trackInventory,
          sizedStock: sql<boolean>`exists (select 1 from product_sizes s where s.product_id = "products"."id" and s.inventory is not null)`,
        })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
        .orderBy(products.id)
        .for("update");
      const byId = new Map(rows.map((row) => [row.id, row]));
      const problems: Record<string, string> = {};
      for (const edit of edits) {
        const row = byId.get(edit.productId);
        if (!row) {
          problems[edit.productId] = "This product is no longer in the store.";
          continue;
        }
        if (edit.price !== undefined) {
          const price = edit.price;
          if (price === null && row.mrp === null)
            problems[row.id] = "Enter a price: the product has no MRP to sell at.";
          else if (price !== null && row.mrp !== null && price > row.mrp) {
            problems[row.id] = `${formatINR(price)} is above the MRP (${formatINR(row.mrp)}).`;
          } else if (price !== null && row.salePrice2 !== null && price <= row.salePrice2) {
            problems[row.id] =
              `Keep it above tier 2's price (${formatINR(row.salePrice2)}), or change the tiers on its page.`;
          }
        }
        if (edit.stock !== undefined && !problems[row.id]) {
          if (!row.trackInventory || row.sizedStock) {
            problems[row.id] = "Its stock is counted by size or not at all: change it on its page.";
          } else if (row.inventory !== edit.stock.was) {
            problems[row.id] =
              `Its stock changed to ${row.inventory ?? 0} while you were editing (an order or a colleague): check it and save again.`;
          }
        }
      }
      if (Object.keys(problems).length > 0) throw new Refused(problems);

      for (const edit of edits) {
        const row = byId.get(edit.productId);
        if (!row) continue;
        const set: { salePrice1?: number | null; inventory?: number } = {};
        if (edit.price !== undefined) set.salePrice1 = edit.price;
        if (edit.stock !== undefined) set.inventory = edit.stock.now;
        await tx
          .update(products)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(products.id, row.id));
        if (edit.stock !== undefined && edit.stock.now !== edit.stock.was) {
          await recordMovements(
            tx,
            storeId,
            [{ productId: row.id, size: null, change: edit.stock.now - edit.stock.was }],
            {
              reason: "count",
              note: "Products list",
              staffEmail: actor.member.email,
            },
          );
        }
        await writeAudit(tx, actor, {
          action: "product.quick-edit",
          entity: "product",
          entityId: row.id,
          before: {
            ...(edit.price !== undefined ? { price: row.salePrice1 } : {}),
            ...(edit.stock !== undefined ? { stock: row.inventory } : {}),
          },
          after: set,
        });
      }
      return { ok: true as const, changed: edits.length };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problems: error.problems };
    throw error;
  }
}
