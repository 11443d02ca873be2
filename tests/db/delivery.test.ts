import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog, stores } from "../../app/db/schema";
import { loadPincodeRate } from "../../app/modules/checkout/facts.server";
import { listRates, removeRate, saveRates, saveShipping } from "../../app/modules/console/delivery.server";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { parseRateLines } from "../../app/modules/shipping/rate-lines";
import { createOrderFixture, type OrderFixture, staffActor } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Delivery changed in the console (issue 56), on both databases. */
describe.each(databaseKinds)("delivery settings on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `delivery-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `delivery-${kind}@shop.in`);
  });
  afterAll(() => database.close());

  it("adds and changes pincodes' rates from pasted lines, and removes one", async () => {
    const parsed = parseRateLines("560001, 120, 80, 0\n400703\t61\n");
    if (!("rates" in parsed)) throw new Error("not parsed");
    await saveRates(database.db, actor, parsed.rates);
    expect(await loadPincodeRate(database.db, fx.store.id, "560001")).toEqual({
      rateUpTo999: 120_00,
      rate1000To4999: 80_00,
      rateFrom5000: 0,
    });
    // 400703 had the fixture's rates: changed.
    expect(await loadPincodeRate(database.db, fx.store.id, "400703")).toEqual({
      rateUpTo999: 61_00,
      rate1000To4999: 61_00,
      rateFrom5000: 61_00,
    });
    const page = await listRates(database.db, fx.store.id, "4");
    expect(page.total).toBe(4);
    expect(page.rates.map((rate) => [rate.pincode, rate.place])).toEqual([
      ["400001", "Mumbai, Maharashtra"],
      ["400050", "Mumbai, Maharashtra"],
      ["400703", "Thane, Maharashtra"],
      ["560001", "Bengaluru, Karnataka"],
    ]);
    expect(await removeRate(database.db, actor, "560001")).toBe(true);
    expect(await removeRate(database.db, actor, "560001")).toBe(false);
    expect(await loadPincodeRate(database.db, fx.store.id, "560001")).toBeNull();
  });

  it("saves the shipping settings, and audits every change", async () => {
    await saveShipping(database.db, actor, {
      enabled: true,
      freeShippingThreshold: 5000_00,
      defaultRate: 150_00,
      applyDefaultIfNoZone: true,
    });
    const [row] = await database.db
      .select({ shipping: stores.shipping })
      .from(stores)
      .where(eq(stores.id, fx.store.id));
    expect(row?.shipping).toEqual({
      enabled: true,
      freeShippingThreshold: 5000_00,
      defaultRate: 150_00,
      applyDefaultIfNoZone: true,
    });
    const actions = (
      await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.storeId, fx.store.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["settings.pincode-rates", "settings.pincode-remove", "settings.shipping"]),
    );
  });
});
