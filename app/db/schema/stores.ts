import { jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import type {
  GstSettings,
  StoreCustomisation,
  StoreNotifications,
  StoreOrderRules,
  StoreProfile,
  StoreShipping,
} from "../json-columns";
import { createdAt, id, paise, updatedAt } from "./columns";

export const stores = pgTable("stores", {
  id: id(),
  slug: text("slug").notNull().unique(),
  /** Shown as the store's title; the spec's default title is the profile's brand title. */
  title: text("title").notNull(),
  customisation: jsonb("customisation").$type<StoreCustomisation>().notNull(),
  profile: jsonb("profile").$type<StoreProfile>().notNull(),
  shipping: jsonb("shipping").$type<StoreShipping>().notNull(),
  /** Limits on orders: per client and phone, guests' order value and line quantity, COD codes. */
  orderRules: jsonb("order_rules").$type<Partial<StoreOrderRules>>().notNull().default({}),
  /** Who the store tells of its orders: an email address and a signed webhook (issue 57). */
  notifications: jsonb("notifications").$type<Partial<StoreNotifications>>().notNull().default({}),
  /** Its GST registration and invoicing (issue 58). */
  gst: jsonb("gst").$type<Partial<GstSettings>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A store-owned row's store, deleted with it. */
export const storeRef = () =>
  uuid("store_id")
    .notNull()
    .references(() => stores.id, { onDelete: "cascade" });

/** Host names that select a store; see the multi-store rule in ARCHITECTURE.md. */
export const storeDomains = pgTable("store_domains", {
  host: text("host").primaryKey(),
  storeId: storeRef(),
  createdAt: createdAt(),
});

/** Per-pincode shipping rates in the spec's three bands (amount after discount). */
export const pincodeRates = pgTable(
  "pincode_rates",
  {
    storeId: storeRef(),
    pincode: text("pincode").notNull(),
    /** Amount after discount up to ₹999. */
    rateUpTo999: paise("rate_up_to_999").notNull(),
    /** ₹1,000 to ₹4,999. */
    rate1000To4999: paise("rate_1000_to_4999").notNull(),
    /** ₹5,000 and above. */
    rateFrom5000: paise("rate_from_5000").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.pincode] })],
);

/**
 * A store's own text for one of its pages (issue 56): the policy pages, in Markdown, written in the
 * console. A page without a row shows the built-in text.
 */
export const storePages = pgTable(
  "store_pages",
  {
    storeId: storeRef(),
    /** The page's address under /policy, like "shipping-policy". */
    slug: text("slug").notNull(),
    body: text("body").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.slug] })],
);
