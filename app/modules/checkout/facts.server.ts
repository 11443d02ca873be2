import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { executePrepared } from "../../db/prepared.server";
import { pincodeRates, productSizes, products as productsTable } from "../../db/schema";
import { uuidArray } from "../../db/uuid-array.server";
import type { PincodeBandRates } from "../shipping/rules";
import type { ProductFacts } from "./quote";

export interface CartFacts {
  products: Map<string, ProductFacts>;
  /** The delivery rates of the pincode asked about, or null when the store has none for it. */
  rate: PincodeBandRates | null;
}

const PINCODE = /^\d{6}$/;

/**
 * What pricing a cart needs to know, in one statement (placing an order and quoting a cart
 * make this read on every request, and a round trip is dear): its products, each with its
 * sizes, and the delivery rates of the pincode. The answer is one row of JSON, whose numbers
 * are numbers on both drivers (a bigint column would come back as a string from node-postgres).
 */
export async function loadCartFacts(
  db: Db | Tx,
  storeId: string,
  productIds: readonly string[],
  pincode: string | null,
): Promise<CartFacts> {
  const ids = [...new Set(productIds)];
  const wantedRate = pincode !== null && PINCODE.test(pincode) ? pincode : null;
  const products = new Map<string, ProductFacts>();
  if (ids.length === 0 && wantedRate === null) return { products, rate: null };
  const p = productsTable;
  const r = pincodeRates;
  // A named prepared statement on PostgreSQL: planning it took longer than running it.
  const [row] = await executePrepared<{ rate: PincodeBandRates | null; products: ProductFacts[] }>(
    db,
    "mandi_cart_facts",
    sql`
    select
      (select json_build_object(
          'rateUpTo999', ${r.rateUpTo999}, 'rate1000To4999', ${r.rate1000To4999}, 'rateFrom5000', ${r.rateFrom5000})
        from ${r} where ${r.storeId} = ${storeId} and ${r.pincode} = ${wantedRate}) as rate,
      (select coalesce(json_agg(json_build_object(
          'id', ${p.id}, 'slug', ${p.slug}, 'name', ${p.name}, 'photo', ${p.photos}[1], 'sku', ${p.sku},
          'active', ${p.active}, 'trackInventory', ${p.trackInventory}, 'inventory', ${p.inventory},
          'mrp', ${p.mrp}, 'salePrice1', ${p.salePrice1}, 'salePrice2', ${p.salePrice2},
          'salePrice3', ${p.salePrice3}, 'saleQty2', ${p.saleQty2}, 'saleQty3', ${p.saleQty3},
          'minOrderQty', ${p.minOrderQty}, 'packOf', ${p.packOf},
          'sizes', coalesce((
            select json_agg(json_build_object('label', s.label, 'inventory', s.inventory,
              'minOrderQty', s.min_order_qty, 'packOf', s.pack_of) order by s.position)
            from ${productSizes} s where s.product_id = ${p.id}
          ), '[]'::json))), '[]'::json)
        from ${p} where ${p.storeId} = ${storeId} and ${p.id} = any(${uuidArray(ids)})) as products
  `,
  );
  for (const product of row?.products ?? []) products.set(product.id, product);
  return { products, rate: row?.rate ?? null };
}

/** The facts of a cart's products, without a pincode. */
export async function loadProductFacts(
  db: Db | Tx,
  storeId: string,
  productIds: readonly string[],
): Promise<Map<string, ProductFacts>> {
  return (await loadCartFacts(db, storeId, productIds, null)).products;
}

/** The delivery rates of one pincode, or null when the store has none for it. */
export async function loadPincodeRate(db: Db | Tx, storeId: string, pincode: string): Promise<PincodeBandRates | null> {
  if (!PINCODE.test(pincode)) return null;
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
