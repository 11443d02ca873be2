import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AddressSnapshot } from "../json-columns";
import { products } from "./catalogue";
import { createdAt, id, paise, updatedAt } from "./columns";
import { customers } from "./customers";
import { storeRef, stores } from "./stores";

/**
 * The words of an order's customer name and company, for the orders desk's search (issue 54):
 * one expression for the index and the query, so the planner matches them.
 */
export function orderNameWords(address: AnyPgColumn | SQL) {
  return sql`to_tsvector('simple'::regconfig, coalesce(${address}->>'firstName', '') || ' ' || coalesce(${address}->>'lastName', '') || ' ' || coalesce(${address}->>'companyName', ''))`;
}

export const orders = pgTable(
  "orders",
  {
    id: id(),
    storeId: storeRef(),
    /** Short public order number, also the gateway's order_id (≤ 17 characters). */
    orderNumber: text("order_number").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    email: text("email"),
    paymentMethod: text("payment_method", { enum: ["COD", "ONLINE"] }).notNull(),
    /** Fulfilment status ('Pending' at creation) as the shop sees it. */
    status: text("status").notNull().default("Pending"),
    /** Normalised payment status: paid, pending, failed, refunded, voided, unknown. */
    paymentStatus: text("payment_status", {
      enum: ["paid", "pending", "failed", "refunded", "voided", "unknown"],
    })
      .notNull()
      .default("pending"),
    channel: text("channel").notNull().default("Online Store"),
    subtotal: paise("subtotal").notNull(),
    discount: paise("discount").notNull().default(0),
    shipping: paise("shipping").notNull().default(0),
    grandTotal: paise("grand_total").notNull(),
    shippingType: text("shipping_type").notNull(),
    couponCode: text("coupon_code"),
    customerAddress: jsonb("customer_address").$type<AddressSnapshot>().notNull(),
    /** Last status the gateway reported by webhook, and by a status call. */
    gatewayWebhookStatus: text("gateway_webhook_status"),
    gatewayPolledStatus: text("gateway_polled_status"),
    /**
     * SHA-256 of the order's access token: the browser that placed the order holds the token
     * (in an HttpOnly cookie) and may see the order's full details; anyone else sees its status.
     */
    accessTokenHash: text("access_token_hash"),
    /** Stock was given back (payment abandoned or failed); never twice. */
    stockReleasedAt: timestamp("stock_released_at", { withTimezone: true }),
    /**
     * An app process checking this unpaid order with the gateway holds it until then, so that
     * several processes running the abandoned-payment job do not all ask about the same order.
     */
    paymentCheckLeaseUntil: timestamp("payment_check_lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The payment attempt whose charge paid the order (a second charge is flagged for a refund). */
    paidAttemptId: uuid("paid_attempt_id"),
    /** Placed by a signed-in customer (their proven phone); false for a guest's order (ADR 0052). */
    signedIn: boolean("signed_in").notNull().default(false),
    /**
     * A COD order waiting for the one-time code sent to its phone holds its stock until then;
     * null once confirmed, or for an order that needed no code (issue 53).
     */
    codeConfirmBy: timestamp("code_confirm_by", { withTimezone: true }),
    /** Set when the order is marked shipped (issue 54): the courier or vehicle, and its tracking number. */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
  },
  (t) => [
    uniqueIndex("orders_store_number").on(t.storeId, t.orderNumber),
    index("orders_store_customer").on(t.storeId, t.customerId, t.createdAt.desc()),
    index("orders_store_phone").on(t.storeId, t.phone, t.createdAt.desc()),
    index("orders_store_email").on(t.storeId, sql`lower(${t.email})`, t.createdAt.desc()),
    index("orders_online_holding_stock")
      .on(t.createdAt)
      .where(
        sql`${t.paymentMethod} = 'ONLINE' and ${t.stockReleasedAt} is null and ${t.paymentStatus} in ('pending', 'failed', 'unknown')`,
      ),
    index("orders_awaiting_code").on(t.codeConfirmBy).where(sql`${t.codeConfirmBy} is not null`),
    // The console's orders desk: newest first, in all and by status.
    // DESC NULLS FIRST is what "order by ... desc" means: an index sorted otherwise cannot serve it.
    index("orders_store_created").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_store_status_created").on(
      t.storeId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The desk's search: by the end of a phone (its digits reversed, as a prefix), and by words of
    // the customer's name or company (migration 0026).
    index("orders_store_pin_created").on(
      t.storeId,
      sql`(${t.customerAddress}->>'pin')`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_store_phone_end").on(t.storeId, sql`(reverse(${t.phone}) collate "C")`),
    index("orders_name_words").using("gin", sql`${orderNameWords(t.customerAddress)}`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    photo: text("photo"),
    sku: text("sku"),
    selectedSize: text("selected_size"),
    setSizes: text("set_sizes").array(),
    quantity: integer("quantity").notNull(),
    unitPrice: paise("unit_price").notNull(),
    total: paise("total").notNull(),
    position: smallint("position").notNull(),
    /**
     * The HSN code and GST rate (percent) the line was sold with, from its product or its
     * category when the order was placed: a later catalogue change never alters its invoice.
     */
    hsnCode: text("hsn_code"),
    gstRate: numeric("gst_rate", { mode: "number" }),
  },
  (t) => [index("order_items_order").on(t.orderId, t.position)],
);

/** What happened to an order, in order: payment transitions and what followed from them. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** payment (status moved), stock-released, stock-retaken, cart-cleared, attempt-started, attention. */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    /** Who moved it: return, webhook, job, checkout, retry. */
    source: text("source").notNull(),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.createdAt)],
);

/** One attempt to pay an ONLINE order through the gateway. */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    /** The order id the gateway knows: the order number, then -2, -3... for later attempts. */
    gatewayOrderId: text("gateway_order_id").notNull(),
    attempt: smallint("attempt").notNull(),
    /** The amount sent to the gateway, fixed server-side. */
    amount: paise("amount").notNull(),
    paymentLink: text("payment_link"),
    /** The gateway's own session response, kept for support and reuse. */
    sessionResponse: jsonb("session_response"),
    /** CREATING until the gateway answers, then its status code; SESSION_FAILED when it did not. */
    status: text("status").notNull().default("CREATING"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_attempts_gateway_order").on(t.gateway, t.gatewayOrderId),
    uniqueIndex("payment_attempts_order_attempt").on(t.orderId, t.attempt),
  ],
);

/**
 * The built-in sandbox gateway's own books (PAYMENT_GATEWAY=sandbox): the orders it was asked
 * to take payment for, as Juspay would keep them. Kept in the database so that several app
 * processes share them.
 */
export const sandboxGatewayOrders = pgTable(
  "sandbox_gateway_orders",
  {
    /** The gateway's own id (ordeh_...), also in the payment page's address. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    orderId: text("order_id").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sandbox_gateway_orders_order").on(t.merchantId, t.orderId)],
);

/** Every webhook received, recorded once by the gateway's event id. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    storeId: uuid("store_id").references(() => stores.id, { onDelete: "cascade" }),
    gatewayOrderId: text("gateway_order_id"),
    eventName: text("event_name").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What processing found: the status it applied, or why it did nothing (unknown-order...). */
    outcome: text("outcome"),
  },
  (t) => [
    primaryKey({ columns: [t.gateway, t.eventId] }),
    index("payment_events_unprocessed").on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);
