import type { Db } from "../../db/client.server";
import type { KnownFacets } from "../search/facets.server";
import { type ListingPage, searchProducts } from "../search/search.server";
import type { SearchStarts } from "../search/start.server";
import type { ListingFilters } from "./listing";
import { listingValues, pageOfListing } from "./listing-sql.server";
import { toSummary } from "./products.server";

export type { ListingPage };

/**
 * One page of the products listing: the database filters, sorts and pages (with the indexes of
 * migration 0002), so a filtered view of 100,000 products costs what an unfiltered one does. A
 * listing with a query is a search (modules/search).
 */
export async function listProducts(
  db: Db,
  storeId: string,
  filters: ListingFilters,
  range: { offset: number; limit: number },
  /** Where a search's start comes from: the process's cache of it (MandiContext), else the database. */
  searchStarts?: SearchStarts,
  /** Where a search's matches lie, when the process knows (MandiContext); else not used. */
  knownFacets?: KnownFacets,
): Promise<ListingPage> {
  if (filters.q) return searchProducts(db, storeId, filters, range, searchStarts, knownFacets);
  const rows = await pageOfListing(db, filters, listingValues(storeId, filters), range);
  return { products: rows.slice(0, range.limit).map(toSummary), hasMore: rows.length > range.limit, match: "exact" };
}
