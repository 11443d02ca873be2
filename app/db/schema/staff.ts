import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { createdAt, id, paise, updatedAt } from "./columns";
import { orders } from "./orders";
import { storeRef } from "./stores";

/**
 * The people who run a store from its console (ARCHITECTURE.md section 7): not customers. An
 * owner does everything, staff work the orders, customers and stock. A staff member signs in
 * with email and password (scrypt, `app/modules/staff/passwords.server.ts`).
 */
export const staff = pgTable(
  "staff",
  {
    id: id(),
    storeId: storeRef(),
    /** Lower case; one account per email in a store. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: text("role", { enum: ["owner", "staff"] }).notNull(),
    active: boolean("active").notNull().default(true),
    /** Null until the one-time link has been used to choose a password. */
    passwordHash: text("password_hash"),
    /** The TOTP second factor's secret (base32); set while enrolling, in force once totpEnabledAt is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last time step whose code was accepted: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staff_store_email").on(t.storeId, t.email)],
);

/**
 * Who did what in the console (ARCHITECTURE.md section 7): to which order, product or setting,
 * when, from which address, with the values before and after, written in the same transaction
 * as the change.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    storeId: storeRef(),
    staffId: uuid("staff_id").references(() => staff.id, { onDelete: "set null" }),
    /** The staff member's email then: the log keeps its word when the account is gone. */
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity", { enum: ["order", "product", "setting", "staff", "job", "quote", "backup"] }).notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity").on(t.storeId, t.entity, t.entityId, t.createdAt),
    index("audit_log_store_created").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Money given back on an order (issue 54): through the gateway for an online payment, with a
 * unique request id so that a retry never refunds twice; recorded with its mode and reference
 * for cash on delivery. What is refunded never passes what was paid (checked with the order's
 * row locked).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The gateway's unique_request_id (under 21 characters); also set for COD, for one id shape. */
    requestId: text("request_id").notNull().unique(),
    amount: paise("amount").notNull(),
    /** gateway, or how a COD refund was paid: cash, upi, bank. */
    mode: text("mode", { enum: ["gateway", "cash", "upi", "bank"] }).notNull(),
    reference: text("reference").notNull().default(""),
    reason: text("reason").notNull().default(""),
    /** pending (asked of the gateway), done, failed. A pending refund still counts against what can be refunded. */
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull(),
    error: text("error"),
    staffEmail: text("staff_email").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("refunds_order").on(t.orderId, t.createdAt)],
);

/**
 * The stock ledger (issue 54): every change to a product's or a size's counted stock, by an
 * order, a payment taken again, a cancellation or release, an import or a hand, one row with
 * its signed change, written in the transaction that makes it. A count set on the products list
 * or form is "count"; a delivery from a supplier is "received" (issue 56).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    storeId: storeRef(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** The size whose stock moved; null for the product's own count. */
    size: text("size"),
    /** Units added (positive) or taken (negative). */
    change: integer("change").notNull(),
    reason: text("reason", { enum: ["order", "released", "retaken", "import", "hand", "count", "received"] }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Why, in staff's words, for a change by hand ("2 tins dented"). */
    note: text("note").notNull().default(""),
    staffEmail: text("staff_email"),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_product").on(t.productId, t.createdAt.desc()),
    // The stock ledger page, newest first (migration 0036).
    index("stock_movements_store_created").on(t.storeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("stock_movements_order").on(t.orderId),
  ],
);

/** Staff's notes on an order, for each other ("customer asked for delivery after 4 pm"). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffEmail: text("staff_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_notes_order").on(t.orderId, t.createdAt)],
);

/**
 * A password accepted, a second factor still to come: the sign-in page's next step carries this
 * one-time token (5 minutes) instead of the password.
 */
export const staffSignInChallenges = pgTable("staff_sign_in_challenges", {
  id: id(),
  staffId: uuid("staff_id")
    .notNull()
    .references(() => staff.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Recovery codes for a staff member's second factor, each used once (SHA-256, shown once). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_recovery_codes_staff").on(t.staffId)],
);

/** Console sessions: their own cookie, shorter-lived than a customer's, revocable. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    /** SHA-256 of the cookie's token. */
    tokenHash: text("token_hash").notNull().unique(),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff").on(t.staffId)],
);

/** One-time links that let a staff member choose a password (24 hours, single use). */
export const staffLinks = pgTable("staff_links", {
  id: id(),
  staffId: uuid("staff_id")
    .notNull()
    .references(() => staff.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * Secrets the installation makes for itself at its first start and every process shares:
 * the key that signs anti-forgery tokens (issue 53). APP_SECRET, when set, is used instead.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/** Messages the development SMS outbox "sent"; never used with a real provider. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    storeId: storeRef(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_phone").on(t.storeId, t.phone, t.createdAt.desc())],
);

/** Fixed-window counters shared by every app process (OTP sends, sign-in tries...). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** The first answer to a request with an idempotency key, replayed for its retries. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    storeId: storeRef(),
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: smallint("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.scope, t.key] }), index("idempotency_keys_created").on(t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    storeId: storeRef(),
    email: text("email").notNull(),
    /** Set when the address's owner followed the confirmation email's link (double opt-in). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** When the last confirmation email was asked for: at most one a day to an address. */
    askedAt: timestamp("asked_at", { withTimezone: true }),
    /** The secret in the confirm and unsubscribe links, which work without signing in. */
    token: text("token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_store_email").on(t.storeId, sql`lower(${t.email})`),
    uniqueIndex("newsletter_token").on(t.token),
  ],
);
