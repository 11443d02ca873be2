import { siteOrigin } from "../modules/store/origin.server";
import type { Route } from "./+types/robots";

/** GET /robots.txt — crawl the catalogue, not the shopper's own pages or the API. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context.env);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /account",
    "Disallow: /thank-you",
    "Disallow: /payment-return",
    "Disallow: /api/",
    "Disallow: /products?q=",
    "Disallow: /products?*&q=",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
