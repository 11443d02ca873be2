/**
 * The products page's query parameters (spec section 2: q, category, sub, sort, disc, min, max,
 * brand, brandId) and the rules for changing them (section 5). Read from and written to the
 * URL, so any filtered view is a shareable link. Shared by the browser and the server; reading
 * a URL's query is in ./listing-params.ts.
 */

export const PAGE_SIZE = 24;
/** Products a home category section shows, and loads with each Load more. */
export const SECTION_PAGE_SIZE = 8;
/** Pages a link may ask the server to render at once (?page=3 renders the first 72). */
export const MAX_RENDERED_PAGES = 10;

export const SORTS = [
  { value: "newest", label: "Newest" },
  { value: "priceAsc", label: "Price: Low to High" },
  { value: "priceDesc", label: "Price: High to Low" },
] as const;
/** Offered only while searching, and then the default: best matches first. */
export const RELEVANCE_SORT = { value: "relevance", label: "Best match" } as const;

export type ListingSort = (typeof SORTS)[number]["value"] | typeof RELEVANCE_SORT.value;

/** The discount choices the filter drawer offers (percent off or more). */
export const DISCOUNT_CHOICES = [10, 20, 30, 40, 50] as const;

export interface ListingFilters {
  q: string;
  /** Category slug (a category name is accepted too). */
  category: string | null;
  /** Sub-category slug. */
  sub: string | null;
  sort: ListingSort;
  /** Minimum percent off MRP. */
  disc: number | null;
  /** Price bounds in whole rupees, inclusive. */
  min: number | null;
  max: number | null;
  /** Brand by slug or name; never together with brandId. */
  brand: string | null;
  brandId: string | null;
  /** How many pages of PAGE_SIZE to show. */
  page: number;
}

export const NO_FILTERS: ListingFilters = {
  q: "",
  category: null,
  sub: null,
  sort: "newest",
  disc: null,
  min: null,
  max: null,
  brand: null,
  brandId: null,
  page: 1,
};

/** The query string for a listing, in a fixed order, without defaults: the canonical link. */
export function listingSearch(filters: ListingFilters, { page = false } = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  if (filters.sub) params.set("sub", filters.sub);
  if (filters.sort !== (filters.q ? "relevance" : "newest")) params.set("sort", filters.sort);
  if (filters.disc !== null) params.set("disc", String(filters.disc));
  if (filters.min !== null) params.set("min", String(filters.min));
  if (filters.max !== null) params.set("max", String(filters.max));
  if (filters.brand) params.set("brand", filters.brand);
  if (filters.brandId) params.set("brandId", filters.brandId);
  if (page && filters.page > 1) params.set("page", String(filters.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function listingHref(filters: ListingFilters): string {
  return `/products${listingSearch(filters)}`;
}

/**
 * The listing's own search field: new words, the other filters kept, paging from the start. A
 * sort the shopper chose stays; the default one follows the words (relevance with words,
 * newest without), as it would for the address typed afresh.
 */
export function withQuery(filters: ListingFilters, q: string): ListingFilters {
  const words = q.trim().slice(0, 100);
  const sortWasDefault = filters.sort === (filters.q ? "relevance" : "newest");
  const sort: ListingSort =
    sortWasDefault || (filters.sort === "relevance" && !words) ? (words ? "relevance" : "newest") : filters.sort;
  return { ...filters, q: words, sort, page: 1 };
}

/** Picking a category clears the sub-category (spec section 5); paging starts again. */
export function withCategory(filters: ListingFilters, category: string | null): ListingFilters {
  return { ...filters, category, sub: null, page: 1 };
}

export function withBrandId(filters: ListingFilters, brandId: string | null): ListingFilters {
  return { ...filters, brandId, brand: null, page: 1 };
}

export function withBrand(filters: ListingFilters, brand: string | null): ListingFilters {
  return { ...filters, brand, brandId: null, page: 1 };
}

/** True when anything narrows the list (sorting alone does not). */
export function isFiltered(filters: ListingFilters): boolean {
  return Boolean(
    filters.q ||
      filters.category ||
      filters.sub ||
      filters.disc !== null ||
      filters.min !== null ||
      filters.max !== null ||
      filters.brand ||
      filters.brandId,
  );
}

export function sortOptions(filters: ListingFilters): { value: ListingSort; label: string }[] {
  return filters.q ? [RELEVANCE_SORT, ...SORTS] : [...SORTS];
}

export interface FilterPill {
  key: "q" | "category" | "sub" | "disc" | "price" | "brand";
  label: string;
  /** The filters without this one. */
  without: ListingFilters;
}

/** The active-filter pills of the drawer, each with the filters it would leave. */
export function activeFilterPills(
  filters: ListingFilters,
  names: { category?: string | null; sub?: string | null; brand?: string | null } = {},
  formatRupees: (rupees: number) => string = (r) => `₹${r}`,
): FilterPill[] {
  const base = { ...filters, page: 1 };
  const pills: FilterPill[] = [];
  if (filters.q)
    pills.push({
      key: "q",
      label: `“${filters.q}”`,
      without: { ...base, q: "", sort: filters.sort === "relevance" ? "newest" : filters.sort },
    });
  if (filters.category)
    pills.push({ key: "category", label: names.category ?? filters.category, without: withCategory(base, null) });
  if (filters.sub) pills.push({ key: "sub", label: names.sub ?? filters.sub, without: { ...base, sub: null } });
  if (filters.brand || filters.brandId) {
    pills.push({
      key: "brand",
      label: names.brand ?? filters.brand ?? "Brand",
      without: { ...base, brand: null, brandId: null },
    });
  }
  if (filters.min !== null || filters.max !== null) {
    const label =
      filters.min !== null && filters.max !== null
        ? `${formatRupees(filters.min)} – ${formatRupees(filters.max)}`
        : filters.min !== null
          ? `From ${formatRupees(filters.min)}`
          : `Up to ${formatRupees(filters.max ?? 0)}`;
    pills.push({ key: "price", label, without: { ...base, min: null, max: null } });
  }
  if (filters.disc !== null)
    pills.push({ key: "disc", label: `${filters.disc}% off or more`, without: { ...base, disc: null } });
  return pills;
}

/** The names of the listing's category, sub-category and brand, as the outline spells them. */
export interface ListingNames {
  category: string | null;
  sub: string | null;
  brand: string | null;
}

/** The listing's heading: the search, else the narrowest of sub-category, category and brand. */
export function listingHeading(filters: ListingFilters, names: ListingNames): string {
  if (filters.q) return `Results for “${filters.q}”`;
  return names.sub ?? names.category ?? names.brand ?? "Products";
}

/** The listing's document title. */
export function listingTitle(filters: ListingFilters, names: ListingNames, storeTitle: string): string {
  return `${listingHeading(filters, names)} | ${storeTitle}`;
}
