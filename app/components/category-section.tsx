import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { SECTION_PAGE_SIZE } from "../modules/catalog/listing";
import type { ListingPage } from "../modules/catalog/listing.server";
import type { ProductSummary } from "../modules/catalog/products.server";
import { Link } from "../platform/navigation/navigation";
import { ProductCard, SkeletonCards } from "./product-card";

/**
 * A home-page category section (spec sections 2 and 9): 8 products, See all, and Load more for
 * 8 more. A section rendered without products loads them when it comes within 200 px of view.
 * A page that fails to load marks the section finished.
 *
 * When a section's placeholders give way to its products (or to nothing, when they fail) while
 * the shopper is past the section's start and sees what comes after it, what comes after stays
 * where it is on screen: a shopper who scrolled to the footer while the last section loaded
 * would otherwise see the footer jump a thousand pixels down on a phone, and a tap aimed at
 * Subscribe land on a product. (The browser's own scroll anchoring holds on to the section
 * there: it is the first thing on screen.) Load more grows the section downwards, as asked.
 */
export function CategorySection({
  category,
  first,
}: {
  category: { name: string; slug: string };
  first: { products: ProductSummary[]; hasMore: boolean } | null;
}) {
  const [products, setProducts] = useState<ProductSummary[]>(first?.products ?? []);
  const [hasMore, setHasMore] = useState(first?.hasMore ?? true);
  const [loading, setLoading] = useState(false);
  const root = useRef<HTMLElement>(null);
  const below = useRef<{ element: Element; top: number } | null>(null);
  const headingId = `section-${category.slug}`;

  const load = useCallback(
    async (offset: number) => {
      setLoading(true);
      const holdBelow = () => {
        if (offset === 0) below.current = heldBelow(root.current);
      };
      try {
        const params = new URLSearchParams({
          category: category.slug,
          offset: String(offset),
          limit: String(SECTION_PAGE_SIZE),
        });
        const response = await fetch(`/api/products?${params}`);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const page = (await response.json()) as ListingPage;
        holdBelow();
        setProducts((list) => [...list, ...page.products]);
        setHasMore(page.hasMore);
      } catch (error) {
        console.error(`Loading the ${category.name} section failed`, error);
        holdBelow();
        setHasMore(false);
      } finally {
        setLoading(false);
      }
    },
    [category],
  );

  // After the DOM changed and before the browser paints it.
  useLayoutEffect(() => {
    const held = below.current;
    below.current = null;
    if (!held?.element.isConnected) return;
    const moved = held.element.getBoundingClientRect().top - held.top;
    if (moved !== 0) window.scrollBy(0, moved);
  });

  useEffect(() => {
    if (first || !root.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load(0);
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(root.current);
    return () => observer.disconnect();
  }, [first, load]);

  if (!loading && products.length === 0 && !hasMore) return null;
  return (
    <section ref={root} className="home-section" aria-labelledby={headingId}>
      <div className="home-section__head">
        <h2 id={headingId}>{category.name}</h2>
        <Link to={`/products?category=${encodeURIComponent(category.slug)}`} aria-label={`See all ${category.name}`}>
          See all
        </Link>
      </div>
      <div className="product-grid">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
        {loading || (!first && products.length === 0) ? <SkeletonCards count={4} still={!loading} /> : null}
      </div>
      {hasMore && products.length > 0 ? (
        <p className="load-more">
          <button
            type="button"
            className="button secondary"
            disabled={loading}
            onClick={() => void load(products.length)}
          >
            {loading ? "Loading…" : "Load more"}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The first element after `section` in the page and where it is on screen, when the section
 * starts above the screen and that element is on it; null otherwise, when the section may grow
 * downwards as it is seen.
 */
function heldBelow(section: HTMLElement | null): { element: Element; top: number } | null {
  if (!section || section.getBoundingClientRect().top >= 0) return null;
  for (let at: Element | null = section; at; at = at.parentElement) {
    const next = at.nextElementSibling;
    if (!next) continue;
    const top = next.getBoundingClientRect().top;
    return top < window.innerHeight ? { element: next, top } : null;
  }
  return null;
}
