import { loadListingPage } from "../../modules/catalog/listing-page.server";
import type { Route } from "./+types/listing";

/**
 * GET /api/listing?<the products page's filters> — what the products page shows for those
 * filters, as JSON: a listing opened as a document shows the other listings in place from it
 * (ADR 0024). The same reading of the address as the page's, and cached as the page is.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const data = await loadListingPage(url, context);
  return Response.json(data, { headers: { "Cache-Control": "public, max-age=30" } });
}
