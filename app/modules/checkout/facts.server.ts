import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { pincodeRates, productSizes, products } from "../../db/schema";
import type { PincodeBandRates } from "../shipping/rules";
import type { ProductFacts } from "./quote";

/**
 * What pricing a cart needs to know about its products, in one query: a product's sizes come
 * along as a JSON array (placing an order makes this read on every request).
 */
export async function loadProductFacts(
  db: Db | Tx,
  storeId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductFacts>> {
  const ids = [...new Set(productIds)];
  const facts = new Map<string, ProductFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      photo: sql<string | null>`${products.photos}[1]`,
      sku: products.sku,
      active: products.active,
      trackInventory: products.trackInventory,
      inventory: products.inventory,
      mrp: products.mrp,
      salePrice1: products.salePrice1,
      salePrice2: products.salePrice2,
      salePrice3: products.salePrice3,
      saleQty2: products.saleQty2,
      saleQty3: products.saleQty3,
      sizes: sql<ProductFacts["sizes"]>`coalesce((
        select json_agg(json_build_object('label', s.label, 'inventory', s.inventory) order by s.position)
        from ${productSizes} s where s.product_id = ${products.id}
      ), '[]'::json)`,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
  for (const row of rows) facts.set(row.id, { ...row, photo: row.photo ?? null });
  return facts;
}

/** The delivery rates of one pincode, or null when the store has none for it. */
export async function loadPincodeRate(db: Db | Tx, storeId: string, pincode: string): Promise<PincodeBandRates | null> {
  if (!/^\d{6}$/.test(pincode)) return null;
  const [row] = await db
    .select({
      rateUpTo999: pincodeRates.rateUpTo999,
      rate1000To4999: pincodeRates.rate1000To4999,
      rateFrom5000: pincodeRates.rateFrom5000,
    })
    .from(pincodeRates)
    .where(and(eq(pincodeRates.storeId, storeId), eq(pincodeRates.pincode, pincode)));
  return row ?? null;
}
