import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { productSizes, products } from "../../app/db/schema";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { readLedgerFilters } from "../../app/modules/console/ledger-filters";
import { readReceived } from "../../app/modules/console/receive-form";
import { listLedger, receiveStock } from "../../app/modules/console/stock-ledger.server";
import { createOrderFixture, type OrderFixture, staffActor, stockOf } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** A supplier's delivery received into stock, and the ledger found by product, reason and day (issue 56). */
describe.each(databaseKinds)("receiving stock on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;

  const form = (rows: [string, string, string][], note = "Sharma Traders, bill 4417") => {
    const body = new URLSearchParams([["note", note]]);
    for (const [product, size, units] of rows) {
      body.append("product", product);
      body.append("size", size);
      body.append("units", units);
    }
    return readReceived(body);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `receiving-${kind}`);
    await database.db.update(products).set({ sku: "RICE-25" }).where(eq(products.id, fx.ids.rice));
    actor = await staffActor(database.db, fx.store.id, `store-${kind}@shop.in`, "staff");
  });
  afterAll(() => database.close());

  it("names each row's mistake and receives nothing until all are right", async () => {
    expect(
      form([
        ["RICE-25", "", "ten"],
        ["", "", "4"],
      ]),
    ).toEqual({
      ok: false,
      note: "Sharma Traders, bill 4417",
      problems: { 1: "Enter the units received, a whole number from 1.", 2: "Name the product (its SKU or its name)." },
    });
    const read = form([
      ["rice-25", "", "40"],
      ["Paper Tea Cups", "", "10"],
      ["Tata Salt 1 kg", "", "5"],
      ["Kesar Mango Pulp", "", "5"],
    ]);
    if (!read.ok) throw new Error("the form should read");
    const before = await stockOf(database.db, fx.ids.rice);
    expect(await receiveStock(database.db, actor, read.lines, read.note)).toEqual({
      ok: false,
      problems: {
        2: 'Name the size of "Paper Tea Cups": 150 ml, 250 ml.',
        3: '"Tata Salt 1 kg" does not count its stock: tick Count stock on its page first.',
        4: 'No product has the SKU or name "Kesar Mango Pulp".',
      },
    });
    expect(await stockOf(database.db, fx.ids.rice)).toBe(before);
  });

  it("adds the units to products and sizes, as rows of the ledger", async () => {
    const rice = (await stockOf(database.db, fx.ids.rice)) ?? 0;
    const cups = (await stockOf(database.db, fx.ids.cups)) ?? 0;
    const read = form([
      ["RICE-25", "", "40"],
      ["paper tea cups", "250 ML", "100"],
    ]);
    if (!read.ok) throw new Error("the form should read");
    expect(await receiveStock(database.db, actor, read.lines, read.note)).toEqual({
      ok: true,
      units: 140,
      products: 2,
    });
    expect(await stockOf(database.db, fx.ids.rice)).toBe(rice + 40);
    expect(await stockOf(database.db, fx.ids.cups)).toBe(cups + 100);
    const [size] = await database.db
      .select({ inventory: productSizes.inventory })
      .from(productSizes)
      .where(eq(productSizes.label, "250 ml"));
    expect(size?.inventory).toBe(120);

    const ledger = await listLedger(
      database.db,
      fx.store.id,
      readLedgerFilters(new URLSearchParams("reason=received")),
    );
    expect(ledger.total).toBe(2);
    expect(ledger.rows.map((row) => [row.productName, row.size, row.change, row.note, row.who])).toEqual(
      expect.arrayContaining([
        ["India Gate Basmati Rice 25 kg", null, 40, "Sharma Traders, bill 4417", actor.member.email],
        ["Paper Tea Cups", "250 ml", 100, "Sharma Traders, bill 4417", actor.member.email],
      ]),
    );
    const byName = await listLedger(database.db, fx.store.id, readLedgerFilters(new URLSearchParams("q=rice-25")));
    expect(new Set(byName.rows.map((row) => row.productName))).toEqual(new Set(["India Gate Basmati Rice 25 kg"]));
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const later = await listLedger(
      database.db,
      fx.store.id,
      readLedgerFilters(new URLSearchParams(`from=${tomorrow}`)),
    );
    expect(later.total).toBe(0);
  });
});
