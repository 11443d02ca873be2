import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { categories, products } from "../../app/db/schema";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import {
  createShelf,
  deleteShelf,
  listBrands,
  listCategoryTree,
  moveCategory,
  renameShelf,
} from "../../app/modules/console/shelves.server";
import { createOrderFixture, type OrderFixture, staffActor } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Categories, sub-categories and brands kept in the console (issue 56). */
describe.each(databaseKinds)("categories and brands on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let actor: Actor;

  const categoryNamed = async (name: string) =>
    (await listCategoryTree(database.db, fx.store.id)).find((category) => category.name === name);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `shelves-${kind}`);
    actor = await staffActor(database.db, fx.store.id, `shelves-${kind}@shop.in`, "staff");
  });
  afterAll(() => database.close());

  it("adds categories in order, sub-categories under them, and refuses a name twice", async () => {
    const spices = await createShelf(database.db, actor, "category", "Spices", null);
    expect(spices.ok).toBe(true);
    if (!spices.ok) return;
    expect(await createShelf(database.db, actor, "category", " spices ", null)).toEqual({
      ok: false,
      error: '"spices" is there already.',
      field: "name",
    });
    expect((await createShelf(database.db, actor, "category", "Whole Spices", spices.id)).ok).toBe(true);
    expect((await categoryNamed("Spices"))?.subCategories.map((sub) => sub.name)).toEqual(["Whole Spices"]);

    const before = (await listCategoryTree(database.db, fx.store.id)).map((category) => category.name);
    expect(before.at(-1)).toBe("Spices");
    await moveCategory(database.db, actor, spices.id, "up");
    const after = (await listCategoryTree(database.db, fx.store.id)).map((category) => category.name);
    expect(after.at(-2)).toBe("Spices");
  });

  it("renames a category for the store's search, keeping its address", async () => {
    const dairy = await categoryNamed("Dairy & Eggs");
    if (!dairy) throw new Error("no dairy");
    expect((await renameShelf(database.db, actor, "category", dairy.id, "Dairy and Eggs")).ok).toBe(true);
    const [row] = await database.db.select().from(categories).where(eq(categories.id, dairy.id));
    expect(row?.slug).toBe(dairy.slug);
    const [butter] = await database.db
      .select({ searchText: products.searchText })
      .from(products)
      .where(eq(products.id, fx.ids.butter));
    expect(butter?.searchText).toContain("dairy and eggs");
  });

  it("deletes a category only when its products have somewhere to go", async () => {
    const dairy = await categoryNamed("Dairy and Eggs");
    const spices = await categoryNamed("Spices");
    if (!dairy || !spices) throw new Error("categories missing");
    expect(await deleteShelf(database.db, actor, "category", spices.id, null)).toEqual({
      ok: false,
      error: '"Spices" has sub-categories: delete or empty them first.',
    });
    const butterCream = dairy.subCategories[0];
    if (!butterCream) throw new Error("no sub-category");
    expect(await deleteShelf(database.db, actor, "category", butterCream.id, null)).toEqual({
      ok: false,
      error: `${butterCream.products} products are in "${butterCream.name}": choose a category to move them to first.`,
    });
    const whole = spices.subCategories[0];
    if (!whole) throw new Error("no whole spices");
    expect((await deleteShelf(database.db, actor, "category", butterCream.id, whole.id)).ok).toBe(true);
    const [butter] = await database.db
      .select({ categoryId: products.categoryId, subCategoryId: products.subCategoryId })
      .from(products)
      .where(eq(products.id, fx.ids.butter));
    expect(butter).toEqual({ categoryId: spices.id, subCategoryId: whole.id });
  });

  it("adds brands, and moves a deleted brand's products to another", async () => {
    const metro = await createShelf(database.db, actor, "brand", "Metro Chef", null);
    if (!metro.ok) throw new Error("brand not added");
    const amul = (await listBrands(database.db, fx.store.id)).find((brand) => brand.name === "Amul");
    if (!amul) throw new Error("no amul");
    expect((await deleteShelf(database.db, actor, "brand", amul.id, null)).ok).toBe(false);
    expect((await deleteShelf(database.db, actor, "brand", amul.id, metro.id)).ok).toBe(true);
    const counts = Object.fromEntries(
      (await listBrands(database.db, fx.store.id)).map((brand) => [brand.name, brand.products]),
    );
    expect(amul.products).toBe(5);
    expect(counts).toEqual({ "Metro Chef": 5 });
  });
});
