import { Link } from "react-router";
import { BannerSlider } from "../components/banner-slider";
import { CategorySection, SECTION_PAGE_SIZE } from "../components/category-section";
import { NO_FILTERS } from "../modules/catalog/listing";
import { listProducts } from "../modules/catalog/listing.server";
import { listBrands, listTopCategories, pickRandomCategories } from "../modules/catalog/products.server";
import { requireStore } from "../modules/store/require-store.server";
import { absoluteUrl, pageMeta, rootSeo } from "../modules/store/seo";
import { storeView } from "../modules/store/settings";
import type { Route } from "./+types/home";

/** Up to 4 random category sections; the first 3 render with the page, the 4th loads near view. */
const SECTIONS = 4;
const EAGER_SECTIONS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const [categories, brands, picked] = await Promise.all([
    listTopCategories(context.db, store.id),
    listBrands(context.db, store.id),
    pickRandomCategories(context.db, store.id, SECTIONS),
  ]);
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
  const { title, tagline } = storeView(store.title, store.customisation, store.profile);
  return {
    title,
    tagline,
    banners: store.customisation.banners,
    categories,
    brands,
    sections: picked.map((c, i) => {
      const page = firstPages[i];
      return {
        category: { name: c.name, slug: c.slug },
        first: page ? { products: page.products, hasMore: page.hasMore } : null,
      };
    }),
  };
}

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
      {categories.length > 0 ? (
        <section aria-labelledby="shop-by-category">
          <h2 id="shop-by-category">Shop by Category</h2>
          <ul className="tile-grid">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/products?category=${encodeURIComponent(c.slug)}`} className="tile">
                  {c.logo ? <img src={c.logo} alt="" width="96" height="96" loading="lazy" /> : null}
                  <span>{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {brands.length > 0 ? (
        <section aria-labelledby="shop-by-brand">
          <h2 id="shop-by-brand">Shop by Brand</h2>
          <ul className="tile-grid tile-grid--brands">
            {brands.map((b) => (
              <li key={b.id}>
                <Link to={`/products?brand=${encodeURIComponent(b.slug)}`} className="tile">
                  {b.logo ? <img src={b.logo} alt="" width="96" height="96" loading="lazy" /> : null}
                  <span>{b.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {sections.map((s) => (
        <CategorySection key={s.category.slug} category={s.category} first={s.first} />
      ))}
    </>
  );
}
