import { countSitemapProducts, SITEMAP_PAGE_SIZE, sitemapIndexXml } from "../modules/catalog/sitemap.server";
import { siteOrigin } from "../modules/store/origin.server";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/sitemap";

/** GET /sitemap.xml — an index of the store's sitemap files: pages, then products. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const origin = siteOrigin(request, context.env);
  const files = Math.ceil((await countSitemapProducts(context.db, store.id)) / SITEMAP_PAGE_SIZE);
  const locs = [`${origin}/sitemaps/pages.xml`];
  for (let i = 1; i <= files; i++) locs.push(`${origin}/sitemaps/products-${i}.xml`);
  return new Response(sitemapIndexXml(locs), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
