import { count } from "drizzle-orm";
import { type Database, type Db, runExclusive } from "../db/client.server";
import { coupons, media, stores } from "../db/schema";
import { validateCatalogue } from "../modules/catalog/catalogue-input";
import { type WriteSummary, writeCatalogue } from "../modules/catalog/catalogue-writer.server";
import { SPEC_COUPONS } from "../modules/checkout/coupons";
import { allPincodes } from "../modules/india/pincodes.server";
import { addDemoOwner } from "../modules/staff/demo-owner.server";
import type { StoreOrderRules } from "../modules/store/settings";
import { createStore, type Store, setPincodeRates } from "../modules/store/store.server";
import { type DemoCatalogue, demoCatalogue, makePincodeRates, makeStore } from "./factories";

export interface SeedResult {
  store: Store;
  summary: WriteSummary;
  pincodes: number;
}

export async function saveMedia(db: Db, storeId: string, files: DemoCatalogue["media"]): Promise<void> {
  for (let i = 0; i < files.length; i += 200) {
    await db
      .insert(media)
      .values(
        files.slice(i, i + 200).map((f) => ({
          storeId,
          key: f.key,
          contentType: f.contentType,
          bytes: Buffer.from(f.body),
          width: f.width,
          height: f.height,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Creates the demo store with its catalogue, images and delivery zones. */
export async function seedDemoStore(
  db: Db,
  options: {
    products?: number;
    slug?: string;
    title?: string;
    domains?: string[];
    orderRules?: Partial<StoreOrderRules>;
  } = {},
): Promise<SeedResult> {
  const catalogue = demoCatalogue({ products: options.products });
  const valid = validateCatalogue(catalogue);
  const store = await createStore(
    db,
    makeStore({
      ...(options.slug ? { slug: options.slug } : {}),
      ...(options.title ? { title: options.title } : {}),
      ...(options.domains ? { domains: options.domains } : {}),
      ...(options.orderRules ? { orderRules: options.orderRules } : {}),
    }),
  );
  await saveMedia(db, store.id, catalogue.media);
  await addDemoOwner(db, store.id);
  await addSpecCoupons(db, store.id);
  const summary = await writeCatalogue(db, store.id, valid);
  const rates = makePincodeRates(allPincodes());
  await setPincodeRates(db, store.id, rates);
  return { store, summary, pincodes: rates.length };
}

/** The spec's FLAT100 and SAVE10, as the store's own coupons (issue 56). */
export async function addSpecCoupons(db: Db, storeId: string): Promise<void> {
  await db
    .insert(coupons)
    .values(SPEC_COUPONS.map((coupon) => ({ storeId, ...coupon })))
    .onConflictDoNothing();
}

/** Seeds the demo store into an empty database; does nothing once any store exists. */
export async function seedIfEmpty(
  database: Database,
  orderRules?: Partial<StoreOrderRules>,
): Promise<SeedResult | null> {
  return runExclusive(database, "mandi:seed", async () => {
    const [row] = await database.db.select({ n: count() }).from(stores);
    if ((row?.n ?? 0) > 0) return null;
    return seedDemoStore(database.db, { orderRules });
  });
}
