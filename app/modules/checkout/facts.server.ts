import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { pincodeRates, productSizes, products } from "../../db/schema";
import type { PincodeBandRates } from "../shipping/rules";
import type { ProductFacts } from "./quote";

/** What pricing a cart needs to know about its products, read in two queries. */
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
      photos: products.photos,
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
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
  if (rows.length === 0) return facts;
  const sizes = await db
    .select({ productId: productSizes.productId, label: productSizes.label, inventory: productSizes.inventory })
    .from(productSizes)
    .where(
      inArray(
        productSizes.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productSizes.position));
  const sizesOf = new Map<string, ProductFacts["sizes"][number][]>();
  for (const { productId, ...size } of sizes) sizesOf.set(productId, [...(sizesOf.get(productId) ?? []), size]);
  for (const { photos, ...row } of rows) {
    facts.set(row.id, { ...row, photo: photos[0] ?? null, sizes: sizesOf.get(row.id) ?? [] });
  }
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
