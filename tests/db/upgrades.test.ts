import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type Database, migrationsFolder, openDatabase } from "../../app/db/client.server";
import { orderItems, orders, products, stores } from "../../app/db/schema";
import { NO_FILTERS } from "../../app/modules/catalog/listing";
import { listProducts } from "../../app/modules/catalog/listing.server";
import { loadOrderView } from "../../app/modules/orders/order-view.server";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";
import { databaseKinds } from "./test-database";

/**
 * Upgrades (issue 61): a store's database as an earlier release left it, with its catalogue and
 * orders (tests/upgrades/*.sql.gz, pg_dump of the demo store with three orders placed), brought
 * up to this build by the migrations the server runs at start. Every migration since that
 * release runs on real rows; the store, its listing and its orders read back as before. A
 * release adds its own dump here (README, Upgrading), so the next one's migrations meet it.
 */

const fixtures = readdirSync(path.join(import.meta.dirname, "../upgrades")).filter((name) => name.endsWith(".sql.gz"));
const known = readdirSync(migrationsFolder()).filter((name) => name.endsWith(".sql")).length;

function fixtureSql(name: string): string {
  return gunzipSync(readFileSync(path.join(import.meta.dirname, "../upgrades", name))).toString("utf8");
}

/** The earlier release's database, as it was: its own schema and rows, nothing migrated since. */
async function earlierRelease(kind: "pglite" | "postgres", name: string): Promise<Database> {
  const dump = fixtureSql(name);
  if (kind === "pglite") {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await client.exec(dump);
    const copy = await client.dumpDataDir("none");
    await client.close();
    return openDatabase({ kind: "pglite-memory", copyOf: copy });
  }
  const adminUrl = process.env.DATABASE_URL as string;
  const fresh = await createFreshDatabase(adminUrl, "mandi_upgrade");
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  await client.query(dump);
  await client.end();
  const database = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}

describe.each(databaseKinds)("upgrading on %s", (kind) => {
  it.each(fixtures)("brings %s up to this build with its store, catalogue and orders", async (name) => {
    const before = Number(/-(\d{4})\.sql\.gz$/.exec(name)?.[1]) + 1;
    expect(before).toBeLessThan(known);
    const database = await earlierRelease(kind, name);
    try {
      const { db } = database;
      const applied = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(known);

      const [[storeCount], [productCount], [orderCount], [lineCount]] = await Promise.all([
        db.select({ n: count() }).from(stores),
        db.select({ n: count() }).from(products),
        db.select({ n: count() }).from(orders),
        db.select({ n: count() }).from(orderItems),
      ]);
      expect([storeCount?.n, productCount?.n, orderCount?.n, lineCount?.n]).toEqual([1, 394, 3, 6]);

      const [store] = await db.select().from(stores);
      if (!store) throw new Error("no store");
      const listing = await listProducts(db, store.id, NO_FILTERS, { offset: 0, limit: 24 });
      expect(listing.products).toHaveLength(24);
      const search = await listProducts(db, store.id, { ...NO_FILTERS, q: "basmati" }, { offset: 0, limit: 24 });
      expect(search.products.length).toBeGreaterThan(0);

      const placed = await db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders);
      for (const order of placed) {
        const view = await loadOrderView(db, store.id, order.id, { accessToken: null });
        expect(view?.orderNumber).toBe(order.orderNumber);
      }
    } finally {
      await database.close();
    }
  });
});
