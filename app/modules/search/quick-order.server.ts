import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { products } from "../../db/schema";
import { firstQuantity, fitQuantity, largestQuantity, roundedNote, SINGLE_UNITS } from "../cart/packs";
import type { AskedLine, ResolvedLine } from "../cart/quick-order";
import { NO_FILTERS } from "../catalog/listing";
import { isActive, type ProductSummary, summaryColumns, toSummary } from "../catalog/products.server";
import type { Paise } from "../money/types";
import { searchProducts } from "./search.server";
import type { SearchStarts } from "./start.server";

/**
 * Quick order's lines found in the store (issue 59). Every line is first taken as a SKU, then as
 * a product's name written whole, each all at once in one statement (the SKU and name indexes of
 * migration 0036); the others are searched for as the store's search does, a few at a time. A line finds one product (a SKU, a name written whole, or
 * the only match), several (the best three are offered), or none. A found line carries the
 * quantity made right for its minimum and pack, the tier price at that quantity and its total.
 */

const CHOICES = 3;
/** Searches run at once: enough to fill a pool of connections, few enough to leave some for shoppers. */
const SEARCHES_AT_ONCE = 6;

/** The unit price at a quantity from a summary's tiers: the highest tier reached, else the price. */
function priceAt(product: ProductSummary, qty: number): Paise {
  let price = product.price;
  for (const tier of product.tiers) if (qty >= tier.minQty) price = tier.unitPrice;
  return price;
}

/** A line's words as a product's name is compared: without case or extra spaces. */
const nameKey = (line: AskedLine) => line.query.trim().replace(/\s+/g, " ").toLowerCase();

function found(asked: AskedLine, product: ProductSummary): ResolvedLine {
  const units = product.units ?? SINGLE_UNITS;
  const wanted = asked.qty ?? firstQuantity(units);
  const qty = fitQuantity(wanted, units);
  const unitPrice = priceAt(product, qty);
  return {
    line: asked.line,
    query: asked.query,
    status: "found",
    product,
    qty,
    note: asked.qty === null ? null : roundedNote(asked.qty, qty, units),
    unitPrice,
    total: unitPrice * qty,
    available: largestQuantity(product.maxQty, units),
  };
}

export async function resolveQuickOrder(
  db: Db,
  storeId: string,
  lines: readonly AskedLine[],
  searchStarts?: SearchStarts,
): Promise<ResolvedLine[]> {
  const skus = [...new Set(lines.map((line) => line.query.toLowerCase()))];
  const bySku = new Map<string, ProductSummary>();
  if (skus.length > 0) {
    const rows = await db
      .select({ ...summaryColumns, skuKey: sql<string>`lower(${products.sku})` })
      .from(products)
      .where(and(eq(products.storeId, storeId), isActive(products), inArray(sql`lower(${products.sku})`, skus)));
    for (const { skuKey, ...row } of rows) bySku.set(skuKey, toSummary(row));
  }

  // Names written whole (a spreadsheet of last month's order), all at once by the name index.
  const names = [...new Set(lines.filter((line) => !bySku.has(line.query.toLowerCase())).map(nameKey))];
  const byName = new Map<string, ProductSummary[]>();
  if (names.length > 0) {
    const rows = await db
      .select({ ...summaryColumns, nameKey: sql<string>`lower(${products.name})` })
      .from(products)
      .where(and(eq(products.storeId, storeId), isActive(products), inArray(sql`lower(${products.name})`, names)));
    for (const { nameKey: key, ...row } of rows) byName.set(key, [...(byName.get(key) ?? []), toSummary(row)]);
  }

  const resolved = new Map<number, ResolvedLine>();
  const searched: AskedLine[] = [];
  for (const line of lines) {
    const product = bySku.get(line.query.toLowerCase());
    const named = byName.get(nameKey(line)) ?? [];
    if (product) resolved.set(line.line, found(line, product));
    else if (named.length === 1 && named[0]) resolved.set(line.line, found(line, named[0]));
    else if (named.length > 1) {
      resolved.set(line.line, {
        line: line.line,
        query: line.query,
        status: "several",
        choices: named.slice(0, CHOICES),
      });
    } else searched.push(line);
  }

  // The same words asked twice are searched for once.
  const searches = new Map<string, Promise<ProductSummary[]>>();
  const queue = [...new Set(searched.map((line) => line.query.toLowerCase()))];
  const search = async (words: string) =>
    (
      await searchProducts(
        db,
        storeId,
        { ...NO_FILTERS, q: words, sort: "relevance" },
        { offset: 0, limit: CHOICES },
        searchStarts,
      )
    ).products;
  const workers = Array.from({ length: Math.min(SEARCHES_AT_ONCE, queue.length) }, async () => {
    for (let words = queue.shift(); words !== undefined; words = queue.shift()) {
      const answer = search(words);
      searches.set(words, answer);
      await answer;
    }
  });
  await Promise.all(workers);

  for (const line of searched) {
    const matches = (await searches.get(line.query.toLowerCase())) ?? [];
    const whole = matches.find((product) => product.name.toLowerCase() === line.query.trim().toLowerCase());
    const only = matches.length === 1 ? matches[0] : undefined;
    const product = whole ?? only;
    resolved.set(
      line.line,
      product
        ? found(line, product)
        : matches.length > 1
          ? { line: line.line, query: line.query, status: "several", choices: matches }
          : { line: line.line, query: line.query, status: "none" },
    );
  }
  return lines.map((line) => resolved.get(line.line) ?? { line: line.line, query: line.query, status: "none" });
}
