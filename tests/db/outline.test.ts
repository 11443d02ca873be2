import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { makeProduct } from "../../app/demo/factories";
import { validateCatalogue } from "../../app/modules/catalog/catalogue-input";
import { writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import { loadOutline } from "../../app/modules/catalog/outline.server";
import { createStore, type Store } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

describe.each(databaseKinds)("the catalogue outline on %s", (kind) => {
  let database: Database;
  let store: Store;
  let other: Store;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, { slug: `outline-${kind}`, title: "Outline Store" });
    other = await createStore(database.db, { slug: `outline-other-${kind}`, title: "Other Store" });
    await writeCatalogue(
      database.db,
      store.id,
      validateCatalogue({
        categories: [
          { name: "Spices & Masala", position: 2, logo: "/media/spices.webp" },
          { name: "Dairy & Eggs", position: 1 },
          { name: "Bakery", position: 1 },
          { name: "Seasonal", position: 0 },
          { name: "Whole Spices", parent: "Spices & Masala", position: 1 },
          { name: "Ground Spices", parent: "Spices & Masala", position: 0 },
          { name: "Ghee", parent: "Dairy & Eggs" },
        ],
        brands: [{ name: "Everest", logo: "/media/everest.webp" }, { name: "Amul" }, { name: "Unused Brand" }],
        products: [
          makeProduct({
            name: "Everest Jeera Powder",
            category: "Spices & Masala",
            subCategory: "Ground Spices",
            brand: "Everest",
          }),
          // Filed under Dairy & Eggs and Ghee, but not on sale: neither has products, nor has Amul.
          makeProduct({
            name: "Amul Ghee 1 L",
            category: "Dairy & Eggs",
            subCategory: "Ghee",
            brand: "Amul",
            active: false,
          }),
        ],
      }),
    );
    await writeCatalogue(
      database.db,
      other.id,
      validateCatalogue({
        categories: [{ name: "Other Shop Category" }],
        brands: [{ name: "Other Shop Brand" }],
        products: [],
      }),
    );
  });
  afterAll(() => database.close());

  it("gives every category in the shop's order (position, then name) with its parent and whether it has active products", async () => {
    const outline = await loadOutline(database.db, store.id);
    const byName = new Map(outline.categories.map((c) => [c.name, c]));
    const spices = byName.get("Spices & Masala");
    const dairy = byName.get("Dairy & Eggs");
    expect(outline.categories.map((c) => [c.name, c.parentId === null ? "top" : c.parentId, c.hasProducts])).toEqual([
      ["Ghee", dairy?.id, false],
      ["Ground Spices", spices?.id, true],
      ["Seasonal", "top", false],
      ["Bakery", "top", false],
      ["Dairy & Eggs", "top", false],
      ["Whole Spices", spices?.id, false],
      ["Spices & Masala", "top", true],
    ]);
    expect(spices).toMatchObject({ slug: "spices-and-masala", logo: "/media/spices.webp" });
  });

  it("gives every brand by name with whether it has active products, and nothing of another store", async () => {
    const outline = await loadOutline(database.db, store.id);
    expect(outline.brands.map((b) => [b.name, b.slug, b.logo, b.hasProducts])).toEqual([
      ["Amul", "amul", null, false],
      ["Everest", "everest", "/media/everest.webp", true],
      ["Unused Brand", "unused-brand", null, false],
    ]);
    const theOther = await loadOutline(database.db, other.id);
    expect(theOther.categories.map((c) => c.name)).toEqual(["Other Shop Category"]);
    expect(theOther.brands.map((b) => b.name)).toEqual(["Other Shop Brand"]);
  });

  it("sees a product put on sale", async () => {
    await writeCatalogue(
      database.db,
      store.id,
      validateCatalogue({
        products: [
          makeProduct({ name: "Amul Ghee 1 L", category: "Dairy & Eggs", subCategory: "Ghee", brand: "Amul" }),
        ],
      }),
    );
    const outline = await loadOutline(database.db, store.id);
    expect(outline.categories.filter((c) => c.hasProducts).map((c) => c.name)).toEqual([
      "Ghee",
      "Ground Spices",
      "Dairy & Eggs",
      "Spices & Masala",
    ]);
    expect(outline.brands.filter((b) => b.hasProducts).map((b) => b.name)).toEqual(["Amul", "Everest"]);
  });
});
