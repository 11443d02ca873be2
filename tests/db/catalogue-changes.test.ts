import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { newsletterSubscribers, products, searchSynonyms } from "../../app/db/schema";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { updateStoreSettings } from "../../app/modules/store/store.server";
import { CATALOGUE_CHANNEL } from "../../server/page-cache";
import { createOrderFixture, type OrderFixture, orderRequest, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * The database tells every app process when what the catalogue pages show has changed, once
 * the change commits (migration 0012), so each can drop the pages it keeps (server/page-cache.ts).
 */
describe.each(databaseKinds)("catalogue changes announced on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const payloads: string[] = [];
  let stop: () => Promise<void>;
  const hearing: boolean[] = [];

  /** The notifications that arrive while `change` runs (and shortly after it commits). */
  async function heardDuring(change: () => Promise<unknown>): Promise<string[]> {
    const before = payloads.length;
    await change();
    // PostgreSQL delivers on the listening connection a moment after the commit.
    for (let waited = 0; payloads.length === before && waited < 1_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    return payloads.slice(before);
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `changes-${kind}`);
    const listening = await database.listen(CATALOGUE_CHANNEL, {
      onNotify: (payload) => {
        payloads.push(payload);
      },
      onHearing: (h) => hearing.push(h),
    });
    stop = listening.stop;
  });
  afterAll(async () => {
    await stop();
    await database.close();
  });

  it("is heard from the start", () => {
    expect(hearing).toEqual([true]);
  });

  it("tells of a product's new price, once per transaction however many statements", async () => {
    expect(
      await heardDuring(() =>
        database.db.transaction(async (tx) => {
          await tx.update(products).set({ salePrice1: 12_345 }).where(eq(products.id, fx.ids.rice));
          await tx.update(products).set({ salePrice1: 12_346 }).where(eq(products.id, fx.ids.rice));
        }),
      ),
    ).toEqual([""]);
  });

  it("names the products whose stock alone an order took, a product's or a size's", async () => {
    const before = await stockOf(database.db, fx.ids.rice);
    const heard = await heardDuring(() =>
      placeOrder(
        database.db,
        fx.store,
        orderRequest({
          lines: [
            { productId: fx.ids.rice, qty: 1 },
            { productId: fx.ids.butter, qty: 2 },
            { productId: fx.ids.cups, qty: 1, size: "150 ml" },
          ],
        }),
      ),
    );
    expect(await stockOf(database.db, fx.ids.rice)).toBe((before ?? 0) - 1);
    // The statement that takes the products' stock names the three; the one for sizes, the cups.
    expect(heard.every((p) => p.startsWith("products:"))).toBe(true);
    expect(new Set(heard.flatMap((p) => p.slice("products:".length).split(",")))).toEqual(
      new Set([fx.ids.rice, fx.ids.butter, fx.ids.cups]),
    );
  });

  it("drops everything when stock changes with anything else, and says nothing of an update that changed no row", async () => {
    expect(
      await heardDuring(() =>
        database.db.update(products).set({ inventory: 77, salePrice1: 2_399_00 }).where(eq(products.id, fx.ids.rice)),
      ),
    ).toEqual([""]);
    expect(
      await heardDuring(() => database.db.update(products).set({ inventory: 78 }).where(eq(products.id, fx.ids.rice))),
    ).toEqual([`products:${fx.ids.rice}`]);
    expect(
      await heardDuring(() =>
        database.db.update(products).set({ inventory: 1 }).where(eq(products.slug, "no-such-product")),
      ),
    ).toEqual([]);
  });

  it("tells of store settings and synonyms", async () => {
    expect(
      await heardDuring(() => updateStoreSettings(database.db, fx.store.id, { title: "Renamed Supplies" })),
    ).toEqual([""]);
    expect(
      await heardDuring(() =>
        database.db.insert(searchSynonyms).values({ storeId: fx.store.id, terms: ["kadhai", "wok"] }),
      ),
    ).toEqual([""]);
  });

  it("says nothing of a change rolled back, or of rows no catalogue page shows", async () => {
    expect(
      await heardDuring(() =>
        database.db
          .transaction(async (tx) => {
            await tx.update(products).set({ salePrice1: 1 }).where(eq(products.id, fx.ids.rice));
            throw new Error("changed my mind");
          })
          .catch(() => {}),
      ),
    ).toEqual([]);
    expect(
      await heardDuring(() =>
        database.db.insert(newsletterSubscribers).values({ storeId: fx.store.id, email: "chef@example.in" }),
      ),
    ).toEqual([]);
    expect(await heardDuring(() => database.db.execute(sql`select 1`))).toEqual([]);
  });

  it.runIf(kind === "postgres")("says when its connection broke, makes it again and hears again", async () => {
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'mandi-listen' and datname = current_database()`,
    );
    for (let waited = 0; hearing.length < 3 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(hearing).toEqual([true, false, true]);
    expect(
      await heardDuring(() =>
        database.db.update(products).set({ salePrice1: 12_347 }).where(eq(products.id, fx.ids.rice)),
      ),
    ).toEqual([""]);
  });
});
