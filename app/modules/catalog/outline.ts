/**
 * A store's catalogue outline: its categories and brands, a few dozen rows that every listing
 * and the home page show. The server keeps it in memory for a few seconds per store
 * (outline.server.ts, server/app.ts) and the pages derive what they show from it here, so a
 * listing asks the database for its products alone (ADR 0023).
 */
export interface OutlineCategory {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  /** The category a sub-category belongs to; null for a top-level category. */
  parentId: string | null;
  /** Whether an active product is filed under it (as its category, or its sub-category). */
  hasProducts: boolean;
}

export interface OutlineBrand {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  hasProducts: boolean;
}

export interface CatalogueOutline {
  /** In the shop's order: position, then name. */
  categories: readonly OutlineCategory[];
  /** By name. */
  brands: readonly OutlineBrand[];
}

/** A category, sub-category or brand given in a link by slug or by name (any case). */
function named(value: string) {
  const lower = value.toLowerCase();
  return (entry: { slug: string; name: string }) => entry.slug === value || entry.name.toLowerCase() === lower;
}

export function topCategories(outline: CatalogueOutline): OutlineCategory[] {
  return outline.categories.filter((c) => c.parentId === null);
}

/** The top-level category a link names by slug or name, if the store has it. */
export function findTopCategory(outline: CatalogueOutline, value: string): OutlineCategory | undefined {
  return topCategories(outline).find(named(value));
}

/** The sub-categories of the top-level categories a link names by slug or name, in the shop's order. */
export function subCategoriesOf(outline: CatalogueOutline, category: string): OutlineCategory[] {
  const parents = new Set(
    topCategories(outline)
      .filter(named(category))
      .map((c) => c.id),
  );
  return outline.categories.filter((c) => c.parentId !== null && parents.has(c.parentId));
}

/** The sub-category among `subs` a link names by slug or name. */
export function findSubCategory(subs: readonly OutlineCategory[], value: string): OutlineCategory | undefined {
  return subs.find(named(value));
}

/** The brand a listing is filtered by: by id when given, else by slug or name. */
export function findBrand(
  outline: CatalogueOutline,
  filter: { brand: string | null; brandId: string | null },
): OutlineBrand | undefined {
  if (filter.brandId) return outline.brands.find((b) => b.id === filter.brandId);
  if (filter.brand) return outline.brands.find(named(filter.brand));
  return undefined;
}

/** The brands that have at least one active product, by name (the home page's tiles). */
export function brandsWithProducts(outline: CatalogueOutline): OutlineBrand[] {
  return outline.brands.filter((b) => b.hasProducts);
}

/**
 * Up to `count` top-level categories that have active products, in random order (the home
 * page's sections). `random` returns numbers in [0, 1), as Math.random does.
 */
export function pickCategories(
  outline: CatalogueOutline,
  count: number,
  random: () => number = Math.random,
): OutlineCategory[] {
  const pool = topCategories(outline).filter((c) => c.hasProducts);
  // Fisher-Yates, stopped once the first `count` places are drawn.
  for (let i = 0; i < Math.min(count, pool.length - 1); i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as OutlineCategory, pool[i] as OutlineCategory];
  }
  return pool.slice(0, Math.max(0, count));
}
