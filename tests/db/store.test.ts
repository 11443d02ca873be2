import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { newsletterSubscribers } from "../../app/db/schema";
import { makeStore } from "../../app/demo/factories";
import { subscribe } from "../../app/modules/store/newsletter.server";
import {
  addStoreDomain,
  createStore,
  findStoreBySlug,
  findStoreForHost,
  listStores,
  removeStoreDomain,
  updateStoreSettings,
} from "../../app/modules/store/store.server";
import { createStoreResolver } from "../../server/store-resolver";
import { createTestDatabase, databaseKinds } from "./test-database";

describe.each(databaseKinds)("stores by host on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("has no store before one is created", async () => {
    expect(await findStoreForHost(database.db, "localhost")).toBeNull();
  });

  it("answers every host while one store exists and no domain is mapped", async () => {
    const store = await createStore(database.db, makeStore());
    expect((await findStoreForHost(database.db, "localhost"))?.id).toBe(store.id);
    expect((await findStoreForHost(database.db, "shop.example.in"))?.id).toBe(store.id);
    // Settings come back complete and typed.
    expect(store.shipping).toEqual({
      enabled: true,
      freeShippingThreshold: 7500_00,
      defaultRate: 199_00,
      applyDefaultIfNoZone: false,
    });
  });

  it("picks the store by host once domains are mapped; unknown hosts get none", async () => {
    const first = await findStoreForHost(database.db, "localhost");
    await addStoreDomain(database.db, first?.id ?? "", "annapurna.example.in");
    const second = await createStore(
      database.db,
      makeStore({ slug: "second", title: "Coastal Caterers Supply", domains: ["Coastal.Example.in:8080"] }),
    );
    expect((await findStoreForHost(database.db, "annapurna.example.in"))?.id).toBe(first?.id);
    expect((await findStoreForHost(database.db, "coastal.example.in"))?.id).toBe(second.id);
    expect(await findStoreForHost(database.db, "localhost")).toBeNull();
  });

  it("store admin: domains are checked and owned by one store; settings are validated", async () => {
    const shop = await createStore(database.db, makeStore({ slug: `admin-${kind}`, domains: [] }));
    const other = await createStore(database.db, makeStore({ slug: `admin-other-${kind}`, domains: [] }));
    await addStoreDomain(database.db, shop.id, "Shop.Example.in:3000");
    await addStoreDomain(database.db, shop.id, "shop.example.in"); // again: nothing changes
    expect((await findStoreForHost(database.db, "SHOP.example.in"))?.id).toBe(shop.id);
    await expect(addStoreDomain(database.db, other.id, "shop.example.in")).rejects.toThrow(
      "shop.example.in already belongs to another store.",
    );
    await expect(addStoreDomain(database.db, shop.id, "not a host!")).rejects.toThrow(/is not a host name/);
    expect(await removeStoreDomain(database.db, shop.id, "shop.example.in")).toBe(true);
    expect(await removeStoreDomain(database.db, shop.id, "shop.example.in")).toBe(false);
    expect((await listStores(database.db)).find((s) => s.slug === shop.slug)?.domains).toEqual([]);

    const updated = await updateStoreSettings(database.db, shop.id, {
      title: "Sagar Kitchen Supplies",
      customisation: { primaryColor: "#7c3aed", font: "Poppins", roundedButtons: false },
      profile: { companyName: "Sagar Traders LLP" },
    });
    expect(updated.title).toBe("Sagar Kitchen Supplies");
    expect(updated.customisation).toMatchObject({ primaryColor: "#7c3aed", font: "Poppins", roundedButtons: false });
    // Everything not named keeps its value.
    expect(updated.customisation.tagline).toBe(shop.customisation.tagline);
    expect(updated.profile).toMatchObject({ companyName: "Sagar Traders LLP", gstNo: shop.profile.gstNo });
    await expect(
      updateStoreSettings(database.db, shop.id, { customisation: { primaryColor: "purple" } }),
    ).rejects.toThrow("primaryColor: Use a colour like #1a7f37.");
    expect((await findStoreBySlug(database.db, shop.slug))?.customisation.primaryColor).toBe("#7c3aed");
  });

  it("keeps one newsletter subscriber per address and store, whatever the letters' case", async () => {
    const [a, b] = [`news-a-${kind}`, `news-b-${kind}`];
    const storeA = await createStore(database.db, makeStore({ slug: a, domains: [] }));
    const storeB = await createStore(database.db, makeStore({ slug: b, domains: [] }));
    expect(await subscribe(database.db, storeA.id, "Chef@Example.in")).toBe("subscribed");
    expect(await subscribe(database.db, storeA.id, "chef@example.IN")).toBe("already");
    expect(await subscribe(database.db, storeB.id, "chef@example.in")).toBe("subscribed");
    const rows = await database.db
      .select({ storeId: newsletterSubscribers.storeId, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.storeId, [storeA.id, storeB.id]));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.storeId === storeA.id)?.email).toBe("Chef@Example.in");
  });

  it("remembers a host's store for a while, and forgets it at once when told the settings changed", async () => {
    const shop = await createStore(database.db, makeStore({ slug: `resolver-${kind}`, domains: [] }));
    await addStoreDomain(database.db, shop.id, `resolver-${kind}.example.in`);
    const findStore = createStoreResolver(database.db, 60_000);
    const host = `resolver-${kind}.example.in`;
    expect((await findStore(host))?.title).toBe(shop.title);
    await updateStoreSettings(database.db, shop.id, { title: "Resolver Renamed" });
    // Within its time it answers from memory...
    expect((await findStore(host))?.title).toBe(shop.title);
    // ...until the process hears of the change.
    findStore.forget();
    expect((await findStore(host))?.title).toBe("Resolver Renamed");
  });
});
