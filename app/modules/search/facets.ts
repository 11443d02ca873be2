import type { ListingFilters } from "../catalog/listing";

/**
 * A top category, sub-category or brand some active products matching a search belong to, and
 * how many: its id, its slug and its name in lower case (as PostgreSQL's `lower` gives it), the
 * three ways a link may name it.
 */
export interface FacetEntry {
  id: string;
  slug: string;
  name: string;
  count: number;
}

/**
 * Where a search's matches lie: for each top category, sub-category and brand that holds any of
 * the active products matching its words, how many. A category or brand that holds none is not
 * listed.
 */
export interface SearchFacets {
  categories: readonly FacetEntry[];
  subs: readonly FacetEntry[];
  brands: readonly FacetEntry[];
}

/**
 * Whether a value a link gives can be compared here exactly as the listing's statement compares
 * it (`slug = value or lower(name) = lower(value)`): for letters outside ASCII, JavaScript's and
 * PostgreSQL's lower case may differ.
 */
const comparable = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** How many matches the entries a link's value names hold (the most of any); null when it cannot tell. */
function heldBy(entries: readonly FacetEntry[], value: string): number | null {
  if (!comparable(value)) return null;
  const lower = value.toLowerCase();
  let most = 0;
  for (const entry of entries) {
    if (entry.slug === value || entry.name === lower) most = Math.max(most, entry.count);
  }
  return most;
}

/**
 * At most how many products a search can list under a listing's category, sub-category and
 * brand filters, by where its matches lie; null when the listing has none of those filters or
 * the facets cannot tell. A price or discount filter may leave fewer still.
 *
 * A value that names several categories (one's slug, another's name) counts the one with the
 * most matches: the listing's statement takes either, so only "none of them holds any" is sure.
 */
export function mostUnderFilters(facets: SearchFacets, filters: ListingFilters): number | null {
  const counts: (number | null)[] = [];
  if (filters.category) counts.push(heldBy(facets.categories, filters.category));
  if (filters.sub) counts.push(heldBy(facets.subs, filters.sub));
  if (filters.brandId) {
    const id = filters.brandId.toLowerCase();
    counts.push(facets.brands.find((entry) => entry.id === id)?.count ?? 0);
  } else if (filters.brand) counts.push(heldBy(facets.brands, filters.brand));
  if (counts.length === 0) return null;
  // One filter that holds no match is enough: the listing asks for all of them at once.
  if (counts.includes(0)) return 0;
  if (counts.includes(null)) return null;
  return Math.min(...(counts as number[]));
}
