import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, paise, updatedAt } from "./columns";
import { storeRef } from "./stores";

/**
 * A store's coupons (issue 56), managed in the console. `uses` counts the orders placed with
 * it; an order takes a use by updating this row in its own transaction, so two shoppers never
 * both take the last one (ADR 0064).
 */
export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    storeId: storeRef(),
    /** Upper-case, as shoppers' entries are compared after trimming and upper-casing. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["flat", "percent"] }).notNull(),
    /** Flat: paise off. Percent: basis points of the subtotal (1000 is 10%), rounded to the rupee. */
    value: paise("value").notNull(),
    /** The subtotal it needs, in paise. */
    minSubtotal: paise("min_subtotal").notNull().default(0),
    /** The most it takes off, in paise; null for no cap. */
    maxDiscount: paise("max_discount"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Orders it may be used on in all; null for no limit. */
    maxUses: integer("max_uses"),
    /** Orders one phone number may use it on; null for no limit. */
    perCustomer: integer("per_customer"),
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_store_code").on(t.storeId, t.code),
    check("coupons_uses_within_limit", sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/** How many orders each phone number has placed with a coupon that limits it per customer. */
export const couponUses = pgTable(
  "coupon_uses",
  {
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    uses: integer("uses").notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.phone] })],
);
