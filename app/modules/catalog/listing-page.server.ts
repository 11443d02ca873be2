import type { AppLoadContext } from "react-router";
import { CATALOGUE_CACHE_SECONDS } from "../http/cache-seconds";
import { requireStore } from "../store/require-store.server";
import { type ListingFilters, type ListingNames, PAGE_SIZE } from "./listing";
import { type ListingPage, listProducts } from "./listing.server";
import { parseListingParams } from "./listing-params";
import {
  findBrand,
  findSubCategory,
  findTopCategory,
  type OutlineCategory,
  subCategoriesOf,
  topCategories,
} from "./outline";

export interface ListingChip {
  id: string;
  name: string;
  slug: string;
}

/** What the products page shows for an address: its products, chips and names. */
export interface ListingPageData {
  filters: ListingFilters;
  page: ListingPage;
  categories: ListingChip[];
  subCategories: ListingChip[];
  names: ListingNames;
}

/**
 * The products page's data for `url` (/products?...), for its loader and for the same data as
 * JSON (/api/listing, the listing's in-page navigation, ADR 0024). Kept like the page.
 */
export async function loadListingPage(url: URL, context: AppLoadContext): Promise<ListingPageData> {
  const store = requireStore(context);
  context.pageCache.keepFor(CATALOGUE_CACHE_SECONDS);
  const filters = parseListingParams(url.searchParams);
  const [page, outline] = await Promise.all([
    // ?page=3 (Load more without JavaScript, or a reload after it) renders the first three pages.
    listProducts(
      context.db,
      store.id,
      filters,
      { offset: 0, limit: PAGE_SIZE * filters.page },
      context.searchStarts,
      context.searchFacets,
    ),
    context.outline(store.id),
  ]);
  context.pageCache.shows(page.products.map((p) => p.id));
  const subCategories = filters.category ? subCategoriesOf(outline, filters.category) : [];
  const chip = ({ id, name, slug }: OutlineCategory): ListingChip => ({ id, name, slug });
  return {
    filters,
    page,
    categories: topCategories(outline).map(chip),
    subCategories: subCategories.map(chip),
    names: {
      category: filters.category ? (findTopCategory(outline, filters.category)?.name ?? null) : null,
      sub: filters.sub ? (findSubCategory(subCategories, filters.sub)?.name ?? null) : null,
      brand: findBrand(outline, filters)?.name ?? null,
    },
  };
}
