/**
 * One schema for PGlite and PostgreSQL. Conventions:
 * - random UUID primary keys (no sequences on hot tables: friendly to distributed SQL);
 * - every store-owned row carries store_id, and every lookup index starts with it;
 * - money is integer paise; quantities are integers;
 * - timestamps are timestamptz.
 *
 * The tables live in app/db/schema/, one file per part of the store; this module gathers them for
 * the application and for drizzle-kit.
 */

export * from "./schema/catalogue";
export * from "./schema/coupons";
export * from "./schema/customers";
export * from "./schema/installation";
export * from "./schema/invoices";
export * from "./schema/jobs";
export * from "./schema/lists";
export * from "./schema/orders";
export * from "./schema/quotes";
export * from "./schema/server-state";
export * from "./schema/staff";
export * from "./schema/stores";
