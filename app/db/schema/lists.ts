import { sql } from "drizzle-orm";
import { index, integer, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { createdAt, id, updatedAt } from "./columns";
import { customers } from "./customers";
import { storeRef } from "./stores";

/**
 * A signed-in customer's named lists, "the usual order" (issue 59): "Weekly veg", "Monthly dry
 * store". A list belongs to its customer only; its lines are products and quantities, priced
 * when the list is added to the cart, never stored with a price.
 */
export const shoppingLists = pgTable(
  "shopping_lists",
  {
    id: id(),
    storeId: storeRef(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shopping_lists_customer_name").on(t.storeId, t.customerId, sql`lower(${t.name})`),
    index("shopping_lists_customer_updated").on(t.storeId, t.customerId, t.updatedAt.desc().nullsFirst()),
  ],
);

export const shoppingListItems = pgTable(
  "shopping_list_items",
  {
    id: id(),
    listId: uuid("list_id")
      .notNull()
      .references(() => shoppingLists.id, { onDelete: "cascade" }),
    /** Null once the product is deleted: the line stays, named, so the list says it is gone. */
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The product's name when it was added, for a line whose product is gone. */
    name: text("name").notNull(),
    size: text("size"),
    setSizes: text("set_sizes").array().notNull().default(sql`'{}'::text[]`),
    /** The product, size and set sizes as one text: a list holds each once. */
    lineKey: text("line_key").notNull(),
    quantity: integer("quantity").notNull(),
    position: smallint("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shopping_list_items_line").on(t.listId, t.lineKey),
    index("shopping_list_items_product").on(t.productId),
  ],
);
