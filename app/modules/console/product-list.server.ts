import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, not, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { brands, categories, productSizes, products, searchSynonyms } from "../../db/schema";
import { exactMatch } from "../catalog/listing-sql.server";
import { planSearch } from "../search/query";
import { type Actor, writeAudit } from "./fulfilment.server";
import { PRODUCTS_PER_PAGE, type ProductFilters } from "./product-filters";

/**
 * The console's products list (issue 56): every product of the store, on sale or not, found by
 * the store's own search (its words, synonyms and pack sizes), filtered, sorted and paged; and
 * what staff change on many rows at once.
 */

export interface ProductRow {
  id: string;
  name: string;
  slug: string;
  sku: string | null;
  photo: string | null;
  category: string | null;
  brand: string | null;
  mrp: number | null;
  price: number | null;
  inventory: number | null;
  trackInventory: boolean;
  /** Sold in sizes that hold the stock: the count is changed size by size, on the product's page. */
  sizedStock: boolean;
  active: boolean;
  updatedAt: string;
}

const sizedStock = sql<boolean>`exists (select 1 from ${productSizes} where ${productSizes.productId} = ${products.id} and ${productSizes.inventory} is not null)`;

/** What each stock filter means, with the store's low-stock threshold. */
function stockCondition(stock: ProductFilters["stock"], lowStock: number): SQL | undefined {
  const counted = and(eq(products.trackInventory, true), isNotNull(products.inventory));
  switch (stock) {
    case "untracked":
      return or(eq(products.trackInventory, false), isNull(products.inventory));
    case "out":
      return and(counted, lte(products.inventory, 0));
    case "low":
      return and(counted, sql`${products.inventory} between 1 and ${lowStock}`);
    case "in":
      return and(counted, sql`${products.inventory} > ${lowStock}`);
    default:
      return undefined;
  }
}

const ORDER_BY: Record<ProductFilters["sort"], SQL[]> = {
  name: [sql`lower(${products.name})`, asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  updated: [desc(products.updatedAt), desc(products.id)],
  price: [asc(products.unitPrice), asc(products.id)],
  // Both keys one way, so that one index (migration 0036) serves both price sorts.
  "price-desc": [desc(products.unitPrice), desc(products.id)],
  stock: [sql`${products.inventory} asc nulls last`, asc(products.id)],
};

/** The list counts up to this many products, then says "more than": counting all costs a scan. */
export const COUNTED_PRODUCTS = 10_000;

/**
 * A page of the list and how many products match (up to COUNTED_PRODUCTS, `more` beyond). Each
 * sort and each narrow filter has an index of its own (migration 0036), on sale or not, so that
 * at 100,000 products a page is read from an index rather than from the whole table.
 */
export async function listProducts(
  db: Db,
  storeId: string,
  filters: ProductFilters,
  lowStock: number,
): Promise<{ rows: ProductRow[]; total: number; more: boolean }> {
  let search: SQL | undefined;
  if (filters.q) {
    const synonyms = await db
      .select({ terms: searchSynonyms.terms })
      .from(searchSynonyms)
      .where(eq(searchSynonyms.storeId, storeId));
    const plan = planSearch(
      filters.q,
      synonyms.map((row) => row.terms),
    );
    // A SKU typed whole finds its product even where its words would not.
    search = or(exactMatch(plan), sql`lower(${products.sku}) = ${filters.q.toLowerCase()}`);
  }
  const where = and(
    eq(products.storeId, storeId),
    search,
    filters.category
      ? or(eq(products.categoryId, filters.category), eq(products.subCategoryId, filters.category))
      : undefined,
    filters.brand ? eq(products.brandId, filters.brand) : undefined,
    filters.active === "on" ? eq(products.active, true) : filters.active === "off" ? not(products.active) : undefined,
    stockCondition(filters.stock, lowStock),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        sku: products.sku,
        photo: sql<string | null>`${products.photos}[1]`,
        category: categories.name,
        brand: brands.name,
        mrp: products.mrp,
        price: products.salePrice1,
        inventory: products.inventory,
        trackInventory: products.trackInventory,
        sizedStock,
        active: products.active,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...ORDER_BY[filters.sort])
      .limit(PRODUCTS_PER_PAGE)
      .offset((filters.page - 1) * PRODUCTS_PER_PAGE),
    db.execute(
      sql`select count(*)::int as total from (select 1 from ${products} where ${where} limit ${COUNTED_PRODUCTS + 1}) as counted`,
    ),
  ]);
  const total = Number((counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
  return {
    rows: rows.map((row) => ({ ...row, sizedStock: Boolean(row.sizedStock), updatedAt: row.updatedAt.toISOString() })),
    total: Math.min(total, COUNTED_PRODUCTS),
    more: total > COUNTED_PRODUCTS,
  };
}

/** The store's categories (each top-level one followed by its sub-categories) and brands, for pickers. */
export async function shelves(db: Db, storeId: string) {
  const [categoryRows, brandRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.storeId, storeId))
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .where(eq(brands.storeId, storeId))
      .orderBy(sql`lower(${brands.name})`),
  ]);
  const tops = categoryRows.filter((row) => row.parentId === null);
  return {
    categories: tops.map((top) => ({
      id: top.id,
      name: top.name,
      subCategories: categoryRows
        .filter((row) => row.parentId === top.id)
        .map((row) => ({ id: row.id, name: row.name })),
    })),
    brands: brandRows,
  };
}

export type BulkAction =
  | { kind: "activate" }
  | { kind: "deactivate" }
  | { kind: "delete" }
  | { kind: "category"; categoryId: string };

/** Applies one action to the chosen products of the store; ids of other stores are ignored. */
export async function bulkChange(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  action: BulkAction,
): Promise<{ ok: true; changed: number } | { ok: false; error: string }> {
  const chosen = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (chosen.length === 0) return { ok: false, error: "Tick the products to change first." };
  const storeId = actor.member.storeId;
  return transactionWithRetry(db, async (tx) => {
    const mine = and(eq(products.storeId, storeId), inArray(products.id, chosen));
    let changed: { id: string; name: string }[];
    if (action.kind === "delete") {
      changed = await tx.delete(products).where(mine).returning({ id: products.id, name: products.name });
    } else if (action.kind === "category") {
      const [category] = await tx
        .select({ id: categories.id, parentId: categories.parentId })
        .from(categories)
        .where(and(eq(categories.storeId, storeId), eq(categories.id, action.categoryId)));
      if (!category) return { ok: false as const, error: "Choose a category of this store." };
      // A sub-category moves its products into it and its parent; a category clears the old sub-category.
      changed = await tx
        .update(products)
        .set(
          category.parentId
            ? { categoryId: category.parentId, subCategoryId: category.id, updatedAt: sql`now()` }
            : { categoryId: category.id, subCategoryId: null, updatedAt: sql`now()` },
        )
        .where(mine)
        .returning({ id: products.id, name: products.name });
    } else {
      changed = await tx
        .update(products)
        .set({ active: action.kind === "activate", updatedAt: sql`now()` })
        .where(mine)
        .returning({ id: products.id, name: products.name });
    }
    for (const product of changed) {
      await writeAudit(tx, actor, {
        action: `product.${action.kind}`,
        entity: "product",
        entityId: product.id,
        before: { name: product.name },
        after: action.kind === "category" ? { categoryId: action.categoryId } : null,
      });
    }
    return { ok: true as const, changed: changed.length };
  });
}
