import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { makeStore } from "../../app/demo/factories";
import { addStoreDomain, createStore, findStoreForHost } from "../../app/modules/store/store.server";
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
});
