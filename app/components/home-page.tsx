import type { ComponentProps } from "react";
import type { Banner } from "../modules/store/settings";
import { CachedPart } from "../platform/cached-part";
import { StaticPart, writtenOnce } from "../platform/static-part";
import { BannerSlider } from "./banner-slider";
import { CategorySection } from "./category-section";
import { AppLink } from "./ui/app-link";
import { imageAt } from "./ui/product-image";

/** What home's loader sends (routes/home.tsx). */
export interface HomeData {
  title: string;
  tagline: string;
  banners: Banner[];
  categories: HomeTile[];
  brands: HomeTile[];
  sections: ComponentProps<typeof CategorySection>[];
}

/**
 * Home (spec section 2): the banner slider, 'Shop by Category' and 'Shop by Brand' tiles and up
 * to 4 category sections.
 */
export function HomePage({ banners, brands, categories, sections, title, tagline }: HomeData) {
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

export interface HomeTile {
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

/**
 * A titled grid of category or brand tiles, each a link into the products page. It is the same
 * on every visit until the catalogue's categories or brands change: a page rendered whole takes
 * it from the cached parts (ADR 0030), under everything it shows, and the browser leaves it as the
 * server wrote it (a static part, ADR 0035).
 */
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
  tiles: HomeTile[];
  href: (tile: HomeTile) => string;
  logo: LogoBox;
  className?: string;
}) {
  if (tiles.length === 0) return null;
  const key = writtenOnce(
    () =>
      `tiles\n${id}\n${heading}\n${className}\n${logo.width}x${logo.height}\n${JSON.stringify(tiles.map((t) => [t.name, t.logo, href(t)]))}`,
  );
  return (
    <CachedPart keyOf={key} start={`<section aria-labelledby="${id}">`} holds="">
      <StaticPart as="section" version={key} aria-labelledby={id}>
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
      </StaticPart>
    </CachedPart>
  );
}
