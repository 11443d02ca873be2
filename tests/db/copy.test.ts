import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, dumpDatabase, openDatabase } from "../../app/db/client.server";
import { createStore, findStoreBySlug } from "../../app/modules/store/store.server";
import { createTestDatabase } from "./test-database";

describe("a copy of a PGlite database", () => {
  let original: Database;
  let copy: Database;
  // Two databases and a dump: a few seconds, though 140 s was measured on a heavily loaded 2-core machine.
  beforeAll(async () => {
    original = await createTestDatabase("pglite");
    await createStore(original.db, { slug: "copied", title: "Copied Store" });
    copy = await openDatabase({ kind: "pglite-memory", copyOf: await dumpDatabase(original) });
  }, 240_000);
  afterAll(async () => {
    await copy?.close();
    await original?.close();
  });

  it("holds the original's rows, and what is written to one stays out of the other", async () => {
    expect((await findStoreBySlug(copy.db, "copied"))?.title).toBe("Copied Store");
    await createStore(copy.db, { slug: "only-in-copy", title: "Only In Copy" });
    expect(await findStoreBySlug(original.db, "only-in-copy")).toBeNull();
    expect((await findStoreBySlug(copy.db, "only-in-copy"))?.title).toBe("Only In Copy");
  });

  it("cannot be made of a PostgreSQL database", async () => {
    const notPglite: Database = {
      db: {} as Database["db"],
      kind: "postgres",
      location: "x",
      listen: async () => ({ stop: async () => {} }),
      close: async () => {},
    };
    await expect(dumpDatabase(notPglite)).rejects.toThrow("Only a PGlite database");
  });
});
