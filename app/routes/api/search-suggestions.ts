import { CATALOGUE_CACHE_SECONDS } from "../../modules/http/cache-seconds";
import { MAX_QUERY_LENGTH } from "../../modules/search/query";
import { suggestProducts } from "../../modules/search/suggestions.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/search-suggestions";

/** GET /api/search/suggestions?q= — up to 8 products for the header search box. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  context.pageCache.keepFor(CATALOGUE_CACHE_SECONDS);
  const suggestions = q ? await suggestProducts(context.db, store.id, q, 8, context.searchStarts) : [];
  context.pageCache.shows(suggestions.map((s) => s.id));
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=30" } });
}
