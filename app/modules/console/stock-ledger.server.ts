import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { productSizes, products, stockMovements } from "../../db/schema";
import { startOfIndianDay } from "../india/dates";
import { recordMovements } from "../orders/stock.server";
import { type Actor, writeAudit } from "./fulfilment.server";
import { LEDGER_PAGE, type LedgerFilters } from "./ledger-filters";
import type { ReceivedLine } from "./receive-form";
import type { StockReason } from "./stock-reasons";

/**
 * The stock ledger as a page (issue 56): every change to counted stock, newest first, found by
 * product, reason and days; and a delivery from a supplier received into stock, all or nothing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LedgerRow {
  id: string;
  at: string;
  productId: string;
  productName: string;
  sku: string | null;
  size: string | null;
  change: number;
  reason: StockReason;
  note: string;
  who: string | null;
  orderId: string | null;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listLedger(
  db: Db,
  storeId: string,
  filters: LedgerFilters,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = and(
    eq(stockMovements.storeId, storeId),
    filters.q ? or(ilike(products.name, likeText(filters.q)), ilike(products.sku, likeText(filters.q))) : undefined,
    filters.reason ? eq(stockMovements.reason, filters.reason) : undefined,
    filters.from ? gte(stockMovements.createdAt, startOfIndianDay(filters.from)) : undefined,
    filters.to ? lt(stockMovements.createdAt, new Date(startOfIndianDay(filters.to).getTime() + DAY_MS)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        at: stockMovements.createdAt,
        productId: stockMovements.productId,
        productName: products.name,
        sku: products.sku,
        size: stockMovements.size,
        change: stockMovements.change,
        reason: stockMovements.reason,
        note: stockMovements.note,
        who: stockMovements.staffEmail,
        orderId: stockMovements.orderId,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(LEDGER_PAGE)
      .offset((filters.page - 1) * LEDGER_PAGE),
    // Only a search by product needs the products to count: every movement has its product.
    filters.q
      ? db
          .select({ total: count() })
          .from(stockMovements)
          .innerJoin(products, eq(products.id, stockMovements.productId))
          .where(where)
      : db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, at: row.at.toISOString() })), total: totals?.total ?? 0 };
}

export type ReceiveOutcome =
  | { ok: true; units: number; products: number }
  | { ok: false; problems: Record<number, string> };

class Refused extends Error {
  constructor(readonly problems: Record<number, string>) {
    super("receipt refused");
  }
}

/**
 * Adds a delivery's units to stock: each row's product found by SKU (without case) or by its
 * exact name, its size where its stock is counted by size. Every row is checked before any is
 * written; the products' rows are locked in id order, as orders lock them.
 */
export async function receiveStock(
  db: Db,
  actor: Actor,
  lines: readonly ReceivedLine[],
  note: string,
): Promise<ReceiveOutcome> {
  const storeId = actor.member.storeId;
  try {
    return await transactionWithRetry(db, async (tx) => {
      const named = [...new Set(lines.map((line) => line.product.toLowerCase()))];
      const found = await tx
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          track: products.trackInventory,
          inventory: products.inventory,
        })
        .from(products)
        .where(
          and(
            eq(products.storeId, storeId),
            or(inArray(sql`lower(${products.sku})`, named), inArray(sql`lower(${products.name})`, named)),
          ),
        )
        .orderBy(products.id)
        .for("update");
      const ids = found.map((product) => product.id);
      const sizes = ids.length
        ? await tx
            .select({ productId: productSizes.productId, label: productSizes.label, inventory: productSizes.inventory })
            .from(productSizes)
            .where(inArray(productSizes.productId, ids))
            .orderBy(productSizes.productId, productSizes.label)
            .for("update")
        : [];
      const problems: Record<number, string> = {};
      const resolved = lines.flatMap(
        (line): { line: ReceivedLine; product: (typeof found)[number]; size: string | null }[] => {
          const key = line.product.toLowerCase();
          const bySku = found.filter((product) => product.sku?.toLowerCase() === key);
          const matches = bySku.length > 0 ? bySku : found.filter((product) => product.name.toLowerCase() === key);
          if (matches.length === 0) {
            problems[line.row] = `No product has the SKU or name "${line.product}".`;
            return [];
          }
          if (matches.length > 1) {
            problems[line.row] = `${matches.length} products are named "${line.product}": use the SKU.`;
            return [];
          }
          const product = matches[0];
          if (!product) return [];
          if (!product.track) {
            problems[line.row] = `"${product.name}" does not count its stock: tick Count stock on its page first.`;
            return [];
          }
          const counted = sizes.filter((size) => size.productId === product.id && size.inventory !== null);
          if (counted.length > 0) {
            const size = counted.find((entry) => entry.label.toLowerCase() === (line.size ?? "").toLowerCase());
            if (!size) {
              problems[line.row] =
                `Name the size of "${product.name}": ${counted.map((entry) => entry.label).join(", ")}.`;
              return [];
            }
            return [{ line, product, size: size.label }];
          }
          return [{ line, product, size: null }];
        },
      );
      if (Object.keys(problems).length > 0) throw new Refused(problems);

      for (const { line, product, size } of resolved) {
        if (size !== null) {
          await tx
            .update(productSizes)
            .set({ inventory: sql`coalesce(${productSizes.inventory}, 0) + ${line.units}` })
            .where(and(eq(productSizes.productId, product.id), eq(productSizes.label, size)));
        }
        await tx
          .update(products)
          .set({ inventory: sql`coalesce(${products.inventory}, 0) + ${line.units}`, updatedAt: sql`now()` })
          .where(eq(products.id, product.id));
        await recordMovements(tx, storeId, [{ productId: product.id, size, change: line.units }], {
          reason: "received",
          note,
          staffEmail: actor.member.email,
        });
        await writeAudit(tx, actor, {
          action: "product.received",
          entity: "product",
          entityId: product.id,
          before: { stock: product.inventory, ...(size ? { size } : {}) },
          after: { received: line.units, note },
        });
      }
      return {
        ok: true as const,
        units: resolved.reduce((sum, entry) => sum + entry.line.units, 0),
        products: new Set(resolved.map((entry) => entry.product.id)).size,
      };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problems: error.problems };
    throw error;
  }
}
