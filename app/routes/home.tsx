import { BannerSlider } from "../components/banner-slider";
import { CategorySection, SECTION_PAGE_SIZE } from "../components/category-section";
import { AppLink } from "../components/ui/app-link";
import { imageAt } from "../components/ui/product-image";
import { NO_FILTERS } from "../modules/catalog/listing";
import { listProducts } from "../modules/catalog/listing.server";
import { brandsWithProducts, pickCategories, topCategories } from "../modules/catalog/outline";
import { HOME_KEEP_SECONDS } from "../modules/http/keep";
import { requireStore } from "../modules/store/require-store.server";
import { absoluteUrl, pageMeta, rootSeo } from "../modules/store/seo";
import { storeView } from "../modules/store/settings";
import type { Route } from "./+types/home";

/** Up to 4 random category sections; the first 3 render with the page, the 4th loads near view. */
const SECTIONS = 4;
const EAGER_SECTIONS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const store = requireStore(context);
  context.pageCache.keepFor(HOME_KEEP_SECONDS);
  const outline = await context.outline(store.id);
  const picked = pickCategories(outline, SECTIONS);
  const firstPages = await Promise.all(
    picked
      .slice(0, EAGER_SECTIONS)
      .map((c) =>
        listProducts(
          context.db,
          store.id,
          { ...NO_FILTERS, category: c.slug },
          { offset: 0, limit: SECTION_PAGE_SIZE },
        ),
      ),
  );
  context.pageCache.shows(firstPages.flatMap((page) => page.products.map((p) => p.id)));
  const { title, tagline } = storeView(store.title, store.customisation, store.profile);
  return {
    title,
    tagline,
    banners: store.customisation.banners,
    // A tile needs its name, address and logo; ids would only weigh on the page.
    categories: topCategories(outline).map(tile),
    brands: brandsWithProducts(outline).map(tile),
    sections: picked.map((c, i) => {
      const page = firstPages[i];
      return {
        category: { name: c.name, slug: c.slug },
        first: page ? { products: page.products, hasMore: page.hasMore } : null,
      };
    }),
  };
}

const tile = ({ name, slug, logo }: Tile): Tile => ({ name, slug, logo });

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { origin } = rootSeo(matches);
  const banner = data.banners[0];
  return pageMeta({
    title: data.tagline ? `${data.title} | ${data.tagline}` : data.title,
    description:
      data.tagline ||
      `${data.title}: wholesale groceries and catering supplies for hotels, restaurants and caterers. Prices include GST.`,
    url: absoluteUrl(origin, "/"),
    image: banner ? absoluteUrl(origin, banner.image) : null,
    siteName: data.title,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, brands, categories, sections, title, tagline } = loaderData;
  return (
    <>
      <h1 className="visually-hidden">{title}</h1>
      <BannerSlider banners={banners} />
      {tagline ? <p className="lead">{tagline}</p> : null}
      <TileGrid
        id="shop-by-category"
        heading="Shop by Category"
        tiles={categories}
        href={(c) => `/products?category=${encodeURIComponent(c.slug)}`}
        logo={CATEGORY_LOGO}
      />
      <TileGrid
        id="shop-by-brand"
        heading="Shop by Brand"
        tiles={brands}
        href={(b) => `/products?brand=${encodeURIComponent(b.slug)}`}
        logo={BRAND_LOGO}
        className="tile-grid--brands"
      />
      {sections.map((s) => (
        <CategorySection key={s.category.slug} category={s.category} first={s.first} />
      ))}
    </>
  );
}

interface Tile {
  name: string;
  slug: string;
  logo: string | null;
}

/**
 * How big a tile's logo is laid out at most (app.css): a square icon for a category, a 2:1
 * badge for a brand. Stored logos go out as WebP 160 px wide: on a phone, where the tiles are
 * smaller (56 and 80 px), that is sharp at 2x and nearly at 3x; a larger candidate for each of
 * 54 tiles cost the page 270 bytes compressed, past the first round trip (ADR 0017).
 */
interface LogoBox {
  width: number;
  height: number;
}
const CATEGORY_LOGO: LogoBox = { width: 72, height: 72 };
const BRAND_LOGO: LogoBox = { width: 96, height: 48 };

/** A titled grid of category or brand tiles, each a link into the products page. */
function TileGrid({
  id,
  heading,
  tiles,
  href,
  logo,
  className = "",
}: {
  id: string;
  heading: string;
  tiles: Tile[];
  href: (tile: Tile) => string;
  logo: LogoBox;
  className?: string;
}) {
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className={`tile-grid ${className}`.trim()}>
        {tiles.map((t) => (
          <li key={t.slug}>
            <AppLink to={href(t)} className="tile">
              {t.logo ? (
                <img
                  src={imageAt(t.logo, 160)}
                  alt=""
                  width={logo.width}
                  height={logo.height}
                  loading="lazy"
                  decoding="async"
                  fetchPriority="low"
                />
              ) : null}
              <span>{t.name}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
