import { and, asc, eq, exists, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { brands, categories, products } from "../../db/schema";
import type { CatalogueOutline } from "./outline";

/**
 * A store's categories and brands, each with whether an active product is filed under it: two
 * statements, run together, answered from the categories' and brands' own rows and an index
 * probe per row (products_store_category, _sub_category, _brand).
 */
export async function loadOutline(db: Db, storeId: string): Promise<CatalogueOutline> {
  const anyActive = (match: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(products)
        .where(and(eq(products.storeId, storeId), match, eq(products.active, true))),
    );
  const [categoryRows, brandRows] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        logo: categories.logo,
        parentId: categories.parentId,
        hasProducts: sql<boolean>`(${anyActive(eq(products.categoryId, categories.id))}
          or ${anyActive(eq(products.subCategoryId, categories.id))})`.mapWith(Boolean),
      })
      .from(categories)
      .where(eq(categories.storeId, storeId))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
    db
      .select({
        id: brands.id,
        name: brands.name,
        slug: brands.slug,
        logo: brands.logo,
        hasProducts: sql<boolean>`${anyActive(eq(products.brandId, brands.id))}`.mapWith(Boolean),
      })
      .from(brands)
      .where(eq(brands.storeId, storeId))
      .orderBy(asc(brands.name), asc(brands.id)),
  ]);
  return { categories: categoryRows, brands: brandRows };
}
