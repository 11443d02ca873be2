import { HomePage, type HomeTile } from "../components/home-page";
import { NO_FILTERS, SECTION_PAGE_SIZE } from "../modules/catalog/listing";
import { listProducts } from "../modules/catalog/listing.server";
import { brandsWithProducts, pickCategories, topCategories } from "../modules/catalog/outline";
import { HOME_CACHE_SECONDS } from "../modules/http/cache-seconds";
import { indianDate } from "../modules/india/dates";
import { bannersShownOn } from "../modules/store/banners";
import { requireStore } from "../modules/store/require-store.server";
import { absoluteUrl, pageMeta, rootSeo } from "../modules/store/seo";
import { storeView } from "../modules/store/settings";
import { standaloneHandle } from "../platform/navigation/standalone";
import type { Route } from "./+types/home";

/** Up to 4 random category sections; the first 3 render with the page, the 4th loads near view. */
const SECTIONS = 4;
const EAGER_SECTIONS = 3;

/** Sent without React Router's browser runtime: a page shoppers land on stays light (ADR 0024). */
export const handle = standaloneHandle("home");

export async function loader({ context }: Route.LoaderArgs) {
  const store = requireStore(context);
  context.pageCache.keepFor(HOME_CACHE_SECONDS);
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
    // A banner's schedule is whole days in India; the page is kept a minute at most, so a
    // banner comes and goes within a minute of midnight.
    banners: bannersShownOn(store.customisation.banners, indianDate(new Date())),
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

const tile = ({ name, slug, logo }: HomeTile): HomeTile => ({ name, slug, logo });

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
  return <HomePage {...loaderData} />;
}
