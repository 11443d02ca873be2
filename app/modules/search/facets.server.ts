import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { brands, categories, products } from "../../db/schema";
import { exactMatch } from "../catalog/listing-sql.server";
import type { FacetEntry, SearchFacets } from "./facets";
import type { SearchPlan } from "./query";

/**
 * Where a search's matches lie, when the process already knows (server/search-facets.ts): a
 * lookup that answers at once, with the facets or with undefined. Each search plan's facets are
 * looked up once, while requests go on without them, and remembered until the catalogue changes.
 */
export type KnownFacets = (storeId: string, plan: SearchPlan) => SearchFacets | undefined;

/**
 * How many active products of the store match a search plan, per top category, sub-category and
 * brand (modules/catalog/search-facets.ts): one statement, over the plan's matches only.
 */
export async function searchFacets(db: Db, storeId: string, plan: SearchPlan): Promise<SearchFacets> {
  // Both drivers answer execute() with { rows }.
  const result = (await db.execute(sql`with m as materialized (
      select ${products.categoryId} as category_id, ${products.subCategoryId} as sub_category_id, ${products.brandId} as brand_id
      from ${products} where ${and(eq(products.storeId, storeId), eq(products.active, true), exactMatch(plan))}
    ), held as (
      select 'c' as kind, category_id as id, count(*)::int as n from m where category_id is not null group by category_id
      union all
      select 's', sub_category_id, count(*)::int from m where sub_category_id is not null group by sub_category_id
    )
    select h.kind, c.id::text as id, c.slug, lower(c.name) as name, h.n from held h
      join ${categories} c on c.id = h.id and c.store_id = ${storeId} and (c.parent_id is null) = (h.kind = 'c')
    union all
    select 'b', b.id::text, b.slug, lower(b.name), h.n
      from (select brand_id as id, count(*)::int as n from m where brand_id is not null group by brand_id) h
      join ${brands} b on b.id = h.id and b.store_id = ${storeId}`)) as unknown as {
    rows: { kind: "c" | "s" | "b"; id: string; slug: string; name: string; n: number }[];
  };
  const of = (kind: "c" | "s" | "b"): FacetEntry[] =>
    result.rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ id: row.id, slug: row.slug, name: row.name, count: Number(row.n) }));
  return { categories: of("c"), subs: of("s"), brands: of("b") };
}
