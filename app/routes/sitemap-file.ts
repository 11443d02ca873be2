import { topCategories } from "../modules/catalog/outline";
import { sitemapProducts, urlSetXml } from "../modules/catalog/sitemap.server";
import { CATALOGUE_CACHE_SECONDS } from "../modules/http/cache-seconds";
import { siteOrigin } from "../modules/store/origin.server";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/sitemap-file";

const POLICY_PATHS = [
  "/policy/terms-and-condition",
  "/policy/terms-of-use",
  "/policy/privacy-policy",
  "/policy/return-refund",
  "/policy/shipping-policy",
];

/** GET /sitemaps/pages.xml and /sitemaps/products-N.xml (see routes/sitemap.ts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const origin = siteOrigin(request, context.env);
  context.pageCache.keepFor(CATALOGUE_CACHE_SECONDS);
  let xml: string | null = null;
  if (params.name === "pages.xml") {
    const categories = topCategories(await context.outline(store.id));
    xml = urlSetXml([
      { loc: `${origin}/` },
      { loc: `${origin}/products` },
      ...categories.map((c) => ({ loc: `${origin}/products?category=${encodeURIComponent(c.slug)}` })),
      ...POLICY_PATHS.map((p) => ({ loc: `${origin}${p}` })),
    ]);
  } else {
    const page = /^products-([1-9]\d{0,4})\.xml$/.exec(params.name ?? "")?.[1];
    const rows = page ? await sitemapProducts(context.db, store.id, Number(page)) : [];
    if (rows.length > 0) {
      xml = urlSetXml(
        rows.map((r) => ({ loc: `${origin}/products/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt })),
      );
    }
  }
  if (!xml) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
