import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { MessagePreferences } from "../json-columns";
import { products } from "./catalogue";
import { createdAt, id, paise, updatedAt } from "./columns";
import { storeRef } from "./stores";

export const customers = pgTable(
  "customers",
  {
    id: id(),
    storeId: storeRef(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    /** 10 digits, no prefix. */
    phone: text("phone"),
    address: text("address").notNull().default(""),
    apartment: text("apartment").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    pin: text("pin").notNull().default(""),
    landmark: text("landmark").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    gstNumber: text("gst_number").notNull().default(""),
    /** The messages they chose beyond those about their orders (issue 57). */
    messagePreferences: jsonb("message_preferences").$type<Partial<MessagePreferences>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_store_phone").on(t.storeId, t.phone),
    index("customers_store_email").on(t.storeId, sql`lower(${t.email})`),
  ],
);

/** A signed-in customer's server-side cart (the spec's users/{uid}/cart). */
export const customerCartItems = pgTable(
  "customer_cart_items",
  {
    id: id(),
    storeId: storeRef(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    photo: text("photo"),
    selectedSize: text("selected_size"),
    unitPrice: paise("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    total: paise("total").notNull(),
    sourceOrderId: uuid("source_order_id"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_cart_items_customer").on(t.storeId, t.customerId)],
);
