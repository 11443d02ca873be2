import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AddressSnapshot } from "../json-columns";
import { createdAt, id, paise, updatedAt } from "./columns";
import { customers } from "./customers";
import { orders } from "./orders";
import { staff } from "./staff";
import { storeRef } from "./stores";

/** A line of a quote request: what the shopper asked for, with the catalogue's price then. */
export interface QuoteLineRecord {
  productId: string;
  name: string;
  sku: string | null;
  photo: string | null;
  size: string | null;
  setSizes: string[];
  qty: number;
  /** Paise: the price the catalogue asked when the request was sent, for the staff's reference. */
  listUnitPrice: number;
}

/** The staff's answer: a price for each line (paise, in the request's order), delivery and a message. */
export interface QuoteAnswer {
  unitPrices: number[];
  delivery: number;
  message: string;
}

/**
 * Requests for a quote (issue 59): a cart sent to the shop instead of ordered, because its
 * pincode is not served or it is large. Staff answer with prices and an expiry; the customer
 * accepts (which places one order at exactly those prices) or declines.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    storeId: storeRef(),
    /** What the customer and staff quote on the phone: "Q-7K3M9P". */
    reference: text("reference").notNull(),
    /** The signed-in customer who asked; null for a guest, who opens it by its link. */
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    email: text("email"),
    /** Who asked and where to deliver: the checkout's form, kept as an order keeps it. */
    address: jsonb("address").$type<AddressSnapshot>().notNull(),
    pincode: text("pincode").notNull(),
    note: text("note").notNull().default(""),
    /** Why a quote and not an order: not-serviceable (the pincode) or large-order (the cart's amount). */
    reason: text("reason", { enum: ["not-serviceable", "large-order"] }).notNull(),
    lines: jsonb("lines").$type<QuoteLineRecord[]>().notNull(),
    /** requested, answered, accepted, declined; "expired" is an answered quote past its expiry. */
    status: text("status", { enum: ["requested", "answered", "accepted", "declined"] })
      .notNull()
      .default("requested"),
    answer: jsonb("answer").$type<QuoteAnswer>(),
    /** Paise: the answer's lines and delivery, fixed when it is answered. */
    grandTotal: paise("grand_total"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: uuid("answered_by").references(() => staff.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The order its acceptance placed: one, ever. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /**
     * The key in the quote's link, which lets a guest open it. Kept as it is, not hashed as an
     * order's token is: the answer's message must send the link again, and whoever can read
     * this row can read the quote itself.
     */
    accessKey: text("access_key").notNull(),
    /** Raised by every answer, so a stale console form cannot overwrite a newer one. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_store_reference").on(t.storeId, t.reference),
    uniqueIndex("quotes_order").on(t.orderId),
    index("quotes_store_status_created").on(t.storeId, t.status, t.createdAt.desc().nullsFirst()),
    index("quotes_store_created").on(t.storeId, t.createdAt.desc().nullsFirst()),
    index("quotes_store_customer").on(t.storeId, t.customerId, t.createdAt.desc().nullsFirst()),
  ],
);
