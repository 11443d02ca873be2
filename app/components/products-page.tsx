import { memo, useCallback, useEffect, useRef, useState } from "react";
import {
  activeFilterPills,
  isFiltered,
  type ListingFilters,
  listingHeading,
  listingHref,
  listingSearch,
  MAX_RENDERED_PAGES,
  PAGE_SIZE,
  sortOptions,
  withCategory,
} from "../modules/catalog/listing";
import type { ListingPage } from "../modules/catalog/listing.server";
import type { ListingPageData } from "../modules/catalog/listing-page.server";
import { formatINR } from "../modules/money/format";
import { CachedPart } from "../platform/cached-part";
import { Link, useLocation, useNavigate, usePendingLocation } from "../platform/navigation/navigation";
import { useAddressChange } from "../platform/navigation/use-address-change";
import { StaticPart, writtenOnce } from "../platform/static-part";
import { FilterDrawer } from "./filter-drawer";
import { HiddenFilters } from "./hidden-filters";
import { ListingSearch } from "./listing-search";
import { ProductCard, SkeletonCards } from "./product-card";
import { AppLink } from "./ui/app-link";
import { useHydrated } from "./ui/use-hydrated";

/**
 * The products page (spec section 2): category chips, sort, the filter drawer and its pills, the
 * products with Load more, skeleton cards while another listing loads. React Router renders it
 * on the server and on pages that navigate client-side; opened as a document it runs standalone
 * (ADR 0024) and shows the other listings in place (`app/standalone/products.client.tsx`).
 */
export function ProductsPage({ data }: { data: ListingPageData }) {
  const { filters, categories, subCategories, names } = data;
  const navigate = useNavigate();
  const pending = usePendingLocation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const loadingList = pending?.pathname === "/products";
  const pills = activeFilterPills(filters, names, (r) => formatINR(r * 100));
  const hydrated = useHydrated();
  const filtersLabel = `Filters${pills.length > 0 ? ` (${pills.length})` : ""}`;

  // A route change closes the drawer (spec section 5); not the first render, so Filters tapped
  // while the page hydrates stays open.
  useAddressChange(location.key, () => setDrawerOpen(false));

  const go = (next: ListingFilters) => navigate(listingHref(next), { preventScrollReset: true });

  return (
    <section aria-labelledby="products-heading" className="listing">
      <CategoryChips filters={filters} categories={categories} current={names.category} />

      <div className="listing__bar">
        <h1 id="products-heading">{listingHeading(filters, names)}</h1>
        <div className="listing__controls">
          {hydrated ? (
            <button
              type="button"
              className="button secondary"
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
            >
              {filtersLabel}
            </button>
          ) : (
            <a href="#filters" className="button secondary">
              {filtersLabel}
            </a>
          )}
          <form method="get" action="/products" className="sort-form">
            <HiddenFilters filters={filters} except={["sort"]} />
            <label htmlFor="sort">Sort by</label>
            <select
              id="sort"
              name="sort"
              value={filters.sort}
              onChange={(e) => go({ ...filters, sort: e.currentTarget.value as ListingFilters["sort"], page: 1 })}
            >
              {sortOptions(filters).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {/* For browsers without scripts; hidden by CSS where scripts run, so the bar keeps
                its layout when the page's script starts (it moved the grid: CLS 0.07). */}
            <button type="submit" className="button secondary without-script">
              Sort
            </button>
          </form>
        </div>
      </div>

      <ListingSearch filters={filters} where={names.sub ?? names.category} />

      {pills.length > 0 ? (
        <ul className="pill-list" aria-label="Active filters">
          {pills.map((p) => (
            <li key={p.key}>
              <Link
                to={listingHref(p.without)}
                className="pill"
                aria-label={`Remove filter ${p.label}`}
                preventScrollReset
              >
                {p.label} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      {data.page.match === "similar" && data.page.products.length > 0 ? (
        <p className="notice">No exact matches for “{filters.q}”. Showing similar products.</p>
      ) : null}

      {loadingList ? (
        <div className="product-grid" aria-busy="true">
          <p className="visually-hidden" role="status">
            Loading products
          </p>
          <SkeletonCards count={8} />
        </div>
      ) : (
        <ProductResults key={listingSearch(filters)} filters={filters} first={data.page} />
      )}

      <FilterDrawer
        key={`filters${listingSearch(filters)}`}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        filters={filters}
        subCategories={subCategories}
        categoryName={names.category}
        pills={pills}
        onApply={(next) => go(next)}
      />
    </section>
  );
}

function ProductResults({ filters, first }: { filters: ListingFilters; first: ListingPage }) {
  const [products, setProducts] = useState(first.products);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [state, setState] = useState<"idle" | "loadingMore" | "error">("idle");
  const pages = useRef(filters.page);
  const hydrated = useHydrated();

  const loadMore = useCallback(async () => {
    setState("loadingMore");
    try {
      const params = new URLSearchParams(listingSearch(filters));
      params.set("offset", String(pages.current * PAGE_SIZE));
      params.set("limit", String(PAGE_SIZE));
      const response = await fetch(`/api/products?${params}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const next = (await response.json()) as ListingPage;
      pages.current += 1;
      setProducts((list) => [...list, ...next.products]);
      setHasMore(next.hasMore);
      setState("idle");
      // Remember how far the shopper got, so Back from a product returns to the same place.
      const url = new URL(window.location.href);
      url.searchParams.set("page", String(Math.min(pages.current, MAX_RENDERED_PAGES)));
      window.history.replaceState(window.history.state, "", url);
    } catch {
      setState("error");
    }
  }, [filters]);

  if (products.length === 0) {
    return (
      <div className="empty-state">
        <h2>No products found</h2>
        <p>Try adjusting filters or clearing them</p>
        {isFiltered(filters) ? (
          <Link className="button secondary" to="/products">
            Clear all
          </Link>
        ) : null}
      </div>
    );
  }
  const nextHref = `/products${listingSearch({ ...filters, page: filters.page + 1 }, { page: true })}`;
  return (
    <>
      <div className="product-grid">
        {products.map((p, i) => (
          <ProductCard key={p.id} product={p} eager={i < 2} headingLevel={2} />
        ))}
        {state === "loadingMore" ? <SkeletonCards count={4} /> : null}
      </div>
      {state === "error" ? (
        <p className="alert alert--error" role="alert">
          Failed to load products
        </p>
      ) : null}
      {hasMore ? (
        <p className="load-more">
          {hydrated ? (
            <button type="button" className="button" disabled={state === "loadingMore"} onClick={() => void loadMore()}>
              {state === "loadingMore" ? "Loading…" : "Load more"}
            </button>
          ) : (
            <a href={nextHref} className="button">
              Load more
            </a>
          )}
        </p>
      ) : null}
    </>
  );
}

/**
 * Scrolls the chip bar sideways to the chosen category's chip when the bar does not show it
 * whole (a phone shows the first three of 53): the shopper sees where they are and the
 * categories beside it. Only the bar moves, never the page.
 */
function showChosenChip(bar: HTMLElement | null) {
  const chip = bar?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!bar || !chip) return;
  const shown = bar.getBoundingClientRect();
  const place = chip.getBoundingClientRect();
  if (place.left >= shown.left && place.right <= shown.right) return;
  bar.scrollLeft += place.left - shown.left - (shown.width - place.width) / 2;
}

/** How the category chips start in a page (ADR 0030). */
const CHIPS_START = '<nav aria-label="Categories" class="chip-bar">';

/**
 * The sticky category chips (spec section 5). Each chip keeps every other filter but the
 * sub-category and the page, so the chips are the same for every listing with those filters:
 * a page rendered whole takes them from the cached parts (ADR 0030), and the browser leaves them
 * as the server wrote them (a static part, ADR 0035).
 */
export const CategoryChips = memo(function CategoryChips({
  filters,
  categories,
  current,
}: {
  filters: ListingFilters;
  categories: ListingPageData["categories"];
  current: string | null | undefined;
}) {
  const key = writtenOnce(
    () =>
      `chips\n${listingHref(withCategory(filters, null))}\n${filters.category ?? ""}\n${current ?? ""}\n${JSON.stringify(categories)}`,
  );
  const bar = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shown again when the chosen category changes (a listing shown in place); the bar's aria-current says which chip that is.
  useEffect(() => showChosenChip(bar.current), [current]);
  return (
    <CachedPart keyOf={key} start={CHIPS_START} holds="">
      <StaticPart as="nav" version={key} aria-label="Categories" className="chip-bar" ref={bar}>
        <ul>
          <li>
            <AppLink
              to={listingHref(withCategory(filters, null))}
              className="chip"
              aria-current={filters.category ? undefined : "page"}
              keepScroll
            >
              All
            </AppLink>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <AppLink
                to={listingHref(withCategory(filters, c.slug))}
                className="chip"
                aria-current={current === c.name ? "page" : undefined}
                keepScroll
              >
                {c.name}
              </AppLink>
            </li>
          ))}
        </ul>
      </StaticPart>
    </CachedPart>
  );
});
