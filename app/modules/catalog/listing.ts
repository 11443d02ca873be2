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
export function listingSearch(f: ListingFilters, { page = false } = {}): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.category) params.set("category", f.category);
  if (f.sub) params.set("sub", f.sub);
  if (f.sort !== (f.q ? "relevance" : "newest")) params.set("sort", f.sort);
  if (f.disc !== null) params.set("disc", String(f.disc));
  if (f.min !== null) params.set("min", String(f.min));
  if (f.max !== null) params.set("max", String(f.max));
  if (f.brand) params.set("brand", f.brand);
  if (f.brandId) params.set("brandId", f.brandId);
  if (page && f.page > 1) params.set("page", String(f.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function listingHref(f: ListingFilters): string {
  return `/products${listingSearch(f)}`;
}

/** Picking a category clears the sub-category (spec section 5); paging starts again. */
export function withCategory(f: ListingFilters, category: string | null): ListingFilters {
  return { ...f, category, sub: null, page: 1 };
}

export function withBrandId(f: ListingFilters, brandId: string | null): ListingFilters {
  return { ...f, brandId, brand: null, page: 1 };
}

export function withBrand(f: ListingFilters, brand: string | null): ListingFilters {
  return { ...f, brand, brandId: null, page: 1 };
}

/** True when anything narrows the list (sorting alone does not). */
export function isFiltered(f: ListingFilters): boolean {
  return Boolean(
    f.q || f.category || f.sub || f.disc !== null || f.min !== null || f.max !== null || f.brand || f.brandId,
  );
}

export function sortOptions(f: ListingFilters): { value: ListingSort; label: string }[] {
  return f.q ? [RELEVANCE_SORT, ...SORTS] : [...SORTS];
}

export interface FilterPill {
  key: "q" | "category" | "sub" | "disc" | "price" | "brand";
  label: string;
  /** The filters without this one. */
  without: ListingFilters;
}

/** The active-filter pills of the drawer, each with the filters it would leave. */
export function activeFilterPills(
  f: ListingFilters,
  names: { category?: string | null; sub?: string | null; brand?: string | null } = {},
  formatRupees: (rupees: number) => string = (r) => `₹${r}`,
): FilterPill[] {
  const base = { ...f, page: 1 };
  const pills: FilterPill[] = [];
  if (f.q)
    pills.push({
      key: "q",
      label: `“${f.q}”`,
      without: { ...base, q: "", sort: f.sort === "relevance" ? "newest" : f.sort },
    });
  if (f.category)
    pills.push({ key: "category", label: names.category ?? f.category, without: withCategory(base, null) });
  if (f.sub) pills.push({ key: "sub", label: names.sub ?? f.sub, without: { ...base, sub: null } });
  if (f.brand || f.brandId) {
    pills.push({
      key: "brand",
      label: names.brand ?? f.brand ?? "Brand",
      without: { ...base, brand: null, brandId: null },
    });
  }
  if (f.min !== null || f.max !== null) {
    const label =
      f.min !== null && f.max !== null
        ? `${formatRupees(f.min)} – ${formatRupees(f.max)}`
        : f.min !== null
          ? `From ${formatRupees(f.min)}`
          : `Up to ${formatRupees(f.max ?? 0)}`;
    pills.push({ key: "price", label, without: { ...base, min: null, max: null } });
  }
  if (f.disc !== null) pills.push({ key: "disc", label: `${f.disc}% off or more`, without: { ...base, disc: null } });
  return pills;
}

/** The names of the listing's category, sub-category and brand, as the outline spells them. */
export interface ListingNames {
  category: string | null;
  sub: string | null;
  brand: string | null;
}

/** The listing's heading: the search, else the narrowest of sub-category, category and brand. */
export function listingHeading(f: ListingFilters, names: ListingNames): string {
  if (f.q) return `Results for “${f.q}”`;
  return names.sub ?? names.category ?? names.brand ?? "Products";
}

/** The listing's document title. */
export function listingTitle(f: ListingFilters, names: ListingNames, storeTitle: string): string {
  return `${listingHeading(f, names)} | ${storeTitle}`;
}
