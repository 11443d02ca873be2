import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { orders } from "./orders";
import { refunds } from "./staff";
import { storeRef } from "./stores";

/**
 * The next number of each series: a store's invoices, and its credit notes, per financial year
 * (issue 58). Taking a number updates this row in the transaction that issues the document, so
 * a second issuer waits for the first to commit, and a transaction that rolls back gives its
 * number back: numbers are consecutive with no gaps on any number of processes.
 */
export const invoiceSeries = pgTable(
  "invoice_series",
  {
    storeId: storeRef(),
    kind: text("kind", { enum: ["invoice", "credit-note"] }).notNull(),
    /** The calendar year the financial year starts in: 2026 for 26-27. */
    yearStart: integer("year_start").notNull(),
    lastSequence: integer("last_sequence").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.kind, t.yearStart] })],
);

/**
 * Issued tax invoices and credit notes. `document` is everything the printed page shows (the
 * supplier and recipient as they were, every line with its HSN, rate and tax, the totals), so
 * an issued document never changes, whatever happens to the store, the catalogue or the order.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    storeId: storeRef(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "no action" }),
    kind: text("kind", { enum: ["invoice", "credit-note"] }).notNull(),
    number: text("number").notNull(),
    yearStart: integer("year_start").notNull(),
    sequence: integer("sequence").notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid("invoice_id"),
    /** The refund a credit note was issued for; null for an invoice and a cancellation's note. */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "no action" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    /** Paise: what the document comes to (a credit note's is what it gives back). */
    total: bigint("total", { mode: "number" }).notNull(),
    document: jsonb("document").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_store_number").on(t.storeId, t.kind, t.number),
    // One invoice per order; credit notes are as many as the refunds.
    uniqueIndex("invoices_order").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    // A refund's credit note is issued once, however often its completion is recorded.
    uniqueIndex("invoices_refund").on(t.refundId).where(sql`${t.refundId} is not null`),
    index("invoices_store_issued").on(t.storeId, t.issuedAt.desc()),
  ],
);
