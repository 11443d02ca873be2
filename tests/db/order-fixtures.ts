import { and, eq } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { products } from "../../app/db/schema";
import { makeCheckoutAddress, makePincodeRates, makeProduct, makeStore } from "../../app/demo/factories";
import { addSpecCoupons } from "../../app/demo/seed.server";
import { type ProductInput, validateCatalogue } from "../../app/modules/catalog/catalogue-input";
import { writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import {
  type PlaceOrderInput,
  type PlaceOrderRequest,
  placeOrderRequestSchema,
} from "../../app/modules/checkout/order-request";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { addStaff, readStaffSession, redeemPasswordLink } from "../../app/modules/staff/staff.server";
import { createStore, type Store, setPincodeRates } from "../../app/modules/store/store.server";

/**
 * A store to sell from in order tests: the demo store's settings (free shipping from ₹7,500,
 * no default rate) with Navi Mumbai and Mumbai pincodes priced, and a few products with
 * known prices and stock. Built from the demo seed's factories.
 */

export const ORDER_SHELF = {
  butter: makeProduct({ name: "Amul Butter 500 g", inventory: 50, trackInventory: true }), // 268 / 262 from 6 / 255 from 12
  rice: makeProduct({
    name: "India Gate Basmati Rice 25 kg",
    mrp: 3000_00,
    salePrice1: 2400_00,
    salePrice2: null,
    saleQty2: null,
    salePrice3: null,
    saleQty3: null,
    inventory: 1000,
    trackInventory: true,
  }),
  salt: makeProduct({
    name: "Tata Salt 1 kg",
    mrp: 28_00,
    salePrice1: 25_00,
    salePrice2: null,
    saleQty2: null,
    salePrice3: null,
    saleQty3: null,
    inventory: null,
    trackInventory: false,
  }),
  cups: makeProduct({
    name: "Paper Tea Cups",
    mrp: 150_00,
    salePrice1: 120_00,
    salePrice2: null,
    saleQty2: null,
    salePrice3: null,
    saleQty3: null,
    inventory: 30,
    trackInventory: true,
    sizes: [
      { label: "150 ml", inventory: 10 },
      { label: "250 ml", inventory: 20 },
    ],
  }),
  retired: makeProduct({ name: "Old Ghee Tin 15 kg", active: false, inventory: 5, trackInventory: true }),
} satisfies Record<string, ProductInput>;

export type ShelfName = keyof typeof ORDER_SHELF;

export interface OrderFixture {
  store: Store;
  ids: Record<ShelfName, string>;
}

export async function createOrderFixture(db: Db, slug: string, extra: ProductInput[] = []): Promise<OrderFixture> {
  const store = await createStore(db, makeStore({ slug, domains: [] }));
  await setPincodeRates(db, store.id, makePincodeRates(["400703", "400001", "400050"]));
  await addSpecCoupons(db, store.id);
  const shelf = Object.entries(ORDER_SHELF) as Array<[ShelfName, ProductInput]>;
  await writeCatalogue(db, store.id, validateCatalogue({ products: [...shelf.map(([, p]) => p), ...extra] }));
  const ids = {} as Record<ShelfName, string>;
  for (const [key, product] of shelf) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, store.id), eq(products.name, product.name)));
    if (!row) throw new Error(`fixture product ${product.name} missing`);
    ids[key] = row.id;
  }
  return { store, ids };
}

export function orderRequest(input: Partial<PlaceOrderInput> & Pick<PlaceOrderInput, "lines">): PlaceOrderRequest {
  return placeOrderRequestSchema.parse({
    address: makeCheckoutAddress(),
    paymentMethod: "COD",
    saveAddress: true,
    coupon: "",
    ...input,
  });
}

export async function stockOf(db: Db, productId: string): Promise<number | null> {
  const [row] = await db.select({ inventory: products.inventory }).from(products).where(eq(products.id, productId));
  return row?.inventory ?? null;
}

/** A signed-in member of the store's staff, as the console's actions take one. */
export async function staffActor(
  db: Db,
  storeId: string,
  email: string,
  role: "owner" | "staff" = "owner",
): Promise<Actor> {
  const { token } = await addStaff(db, storeId, { email, role });
  const used = await redeemPasswordLink(db, storeId, token, "ledger-and-pencil", "203.0.113.9");
  if (!used.ok) throw new Error(used.error);
  const member = await readStaffSession(db, storeId, used.sessionToken);
  if (!member) throw new Error("no member");
  return { member, ip: "203.0.113.9" };
}
