import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { pincodeRates, storeDomains, stores } from "../../db/schema";
import type { PincodeBandRates } from "../shipping/rules";
import {
  customisationSchema,
  profileSchema,
  type StoreCustomisation,
  type StoreProfile,
  type StoreShipping,
  shippingSchema,
} from "./settings";

/** A store as the app uses it: its settings documents parsed and complete. */
export interface Store {
  id: string;
  slug: string;
  title: string;
  customisation: StoreCustomisation;
  profile: StoreProfile;
  shipping: StoreShipping;
}

export interface NewStore {
  slug: string;
  title: string;
  customisation?: Partial<StoreCustomisation>;
  profile?: Partial<StoreProfile>;
  shipping?: Partial<StoreShipping>;
  domains?: string[];
}

/** Host names are compared without case, port or trailing dot. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

function toStore(row: typeof stores.$inferSelect): Store {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    customisation: customisationSchema.parse(row.customisation),
    profile: profileSchema.parse(row.profile),
    shipping: shippingSchema.parse(row.shipping),
  };
}

export async function createStore(db: Db, input: NewStore): Promise<Store> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stores)
      .values({
        slug: input.slug,
        title: input.title,
        customisation: customisationSchema.parse(input.customisation ?? {}),
        profile: profileSchema.parse(input.profile ?? {}),
        shipping: shippingSchema.parse(input.shipping ?? {}),
      })
      .returning();
    if (!row) throw new Error("store insert returned nothing");
    for (const host of input.domains ?? []) {
      await tx.insert(storeDomains).values({ host: normaliseHost(host), storeId: row.id });
    }
    return toStore(row);
  });
}

export async function addStoreDomain(db: Db, storeId: string, host: string): Promise<void> {
  await db.insert(storeDomains).values({ host: normaliseHost(host), storeId });
}

/**
 * The store for a request's host. A host mapped to a store gets that store. While there is
 * exactly one store and no domain is mapped at all, it answers every host; otherwise an
 * unmapped host has no store (the not-found store page).
 */
export async function findStoreForHost(db: Db, host: string): Promise<Store | null> {
  const mapped = await db
    .select({ store: stores })
    .from(storeDomains)
    .innerJoin(stores, eq(stores.id, storeDomains.storeId))
    .where(eq(storeDomains.host, normaliseHost(host)));
  if (mapped[0]) return toStore(mapped[0].store);
  const candidates = await db
    .select()
    .from(stores)
    .where(sql`not exists (select 1 from ${storeDomains})`)
    .orderBy(asc(stores.createdAt))
    .limit(2);
  return candidates.length === 1 && candidates[0] ? toStore(candidates[0]) : null;
}

export async function setPincodeRates(
  db: Db,
  storeId: string,
  rates: ReadonlyArray<{ pincode: string } & PincodeBandRates>,
): Promise<void> {
  for (let i = 0; i < rates.length; i += 1000) {
    await db
      .insert(pincodeRates)
      .values(rates.slice(i, i + 1000).map((r) => ({ storeId, ...r })))
      .onConflictDoUpdate({
        target: [pincodeRates.storeId, pincodeRates.pincode],
        set: {
          rateUpTo999: sql`excluded.rate_up_to_999`,
          rate1000To4999: sql`excluded.rate_1000_to_4999`,
          rateFrom5000: sql`excluded.rate_from_5000`,
        },
      });
  }
}
