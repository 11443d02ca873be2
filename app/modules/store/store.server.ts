import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { type GstSettings, gstSettingsSchema } from "../../db/json-columns";
import { pincodeRates, storeDomains, stores } from "../../db/schema";
import type { PincodeBandRates } from "../shipping/rules";
import {
  customisationSchema,
  orderRulesSchema,
  profileSchema,
  type StoreCustomisation,
  type StoreOrderRules,
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
  orderRules: StoreOrderRules;
}

export interface NewStore {
  slug: string;
  title: string;
  customisation?: Partial<StoreCustomisation>;
  profile?: Partial<StoreProfile>;
  shipping?: Partial<StoreShipping>;
  orderRules?: Partial<StoreOrderRules>;
  /** Its GST registration and invoicing (issue 58); a store without it issues no invoice. */
  gst?: Partial<GstSettings>;
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
    orderRules: orderRulesSchema.parse(row.orderRules ?? {}),
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
        orderRules: orderRulesSchema.parse(input.orderRules ?? {}),
        gst: gstSettingsSchema.parse(input.gst ?? {}),
      })
      .returning();
    if (!row) throw new Error("store insert returned nothing");
    for (const host of input.domains ?? []) {
      await tx.insert(storeDomains).values({ host: normaliseHost(host), storeId: row.id });
    }
    return toStore(row);
  });
}

/** A host name a store can be mapped to: letters, digits and hyphens in dot-separated labels. */
const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function checkHost(host: string): string {
  const normal = normaliseHost(host);
  if (!HOST_PATTERN.test(normal)) throw new StoreAdminError(`"${host}" is not a host name like shop.example.in.`);
  return normal;
}

/** A refusal a command shows as it is. */
export class StoreAdminError extends Error {
  override name = "StoreAdminError";
}

export async function addStoreDomain(db: Db, storeId: string, host: string): Promise<void> {
  const normal = checkHost(host);
  const [taken] = await db.select().from(storeDomains).where(eq(storeDomains.host, normal));
  if (taken && taken.storeId !== storeId) throw new StoreAdminError(`${normal} already belongs to another store.`);
  if (!taken) await db.insert(storeDomains).values({ host: normal, storeId });
}

export async function removeStoreDomain(db: Db, storeId: string, host: string): Promise<boolean> {
  const removed = await db
    .delete(storeDomains)
    .where(and(eq(storeDomains.storeId, storeId), eq(storeDomains.host, normaliseHost(host))))
    .returning({ host: storeDomains.host });
  return removed.length > 0;
}

export interface StoreListing {
  id: string;
  slug: string;
  title: string;
  domains: string[];
}

export async function listStores(db: Db): Promise<StoreListing[]> {
  const rows = await db
    .select({ id: stores.id, slug: stores.slug, title: stores.title })
    .from(stores)
    .orderBy(asc(stores.createdAt));
  const domains = await db.select().from(storeDomains).orderBy(asc(storeDomains.host));
  return rows.map((r) => ({ ...r, domains: domains.filter((d) => d.storeId === r.id).map((d) => d.host) }));
}

export async function findStoreBySlug(db: Db, slug: string): Promise<Store | null> {
  const [row] = await db.select().from(stores).where(eq(stores.slug, slug));
  return row ? toStore(row) : null;
}

/**
 * Changes a store's settings: `title`, then any field of the customisation or profile
 * documents, each checked by its schema (a colour must be #rrggbb, sizes are numbers...).
 */
export async function updateStoreSettings(
  db: Db,
  storeId: string,
  changes: {
    title?: string;
    customisation?: Partial<StoreCustomisation>;
    profile?: Partial<StoreProfile>;
    orderRules?: Partial<StoreOrderRules>;
  },
): Promise<Store> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(stores).where(eq(stores.id, storeId)).for("update");
    if (!row) throw new StoreAdminError("No such store.");
    const current = toStore(row);
    const customisation = customisationSchema.safeParse({ ...current.customisation, ...changes.customisation });
    if (!customisation.success) throw new StoreAdminError(settingsProblem(customisation.error));
    const profile = profileSchema.safeParse({ ...current.profile, ...changes.profile });
    if (!profile.success) throw new StoreAdminError(settingsProblem(profile.error));
    const orderRules = orderRulesSchema.safeParse({ ...current.orderRules, ...changes.orderRules });
    if (!orderRules.success) throw new StoreAdminError(settingsProblem(orderRules.error));
    const [updated] = await tx
      .update(stores)
      .set({
        title: changes.title?.trim() || row.title,
        customisation: customisation.data,
        profile: profile.data,
        orderRules: orderRules.data,
      })
      .where(eq(stores.id, storeId))
      .returning();
    if (!updated) throw new StoreAdminError("No such store.");
    return toStore(updated);
  });
}

function settingsProblem(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join(".") || "settings"}: ${issue?.message ?? "invalid"}`;
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
