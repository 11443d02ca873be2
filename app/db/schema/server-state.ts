import { index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { customers } from "./customers";
import { storeRef } from "./stores";

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    storeId: storeRef(),
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_customer").on(t.customerId)],
);

export const otpCodes = pgTable(
  "otp_codes",
  {
    id: id(),
    storeId: storeRef(),
    phone: text("phone").notNull(),
    /** What the code proves: 'sign-in', or 'order:<id>' to confirm that COD order. */
    purpose: text("purpose").notNull().default("sign-in"),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("otp_codes_phone_purpose").on(t.storeId, t.phone, t.purpose, t.createdAt.desc())],
);
