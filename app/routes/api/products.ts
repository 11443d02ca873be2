import { productRangeSchema } from "../../modules/api/request-schemas.server";
import { listProducts } from "../../modules/catalog/listing.server";
import { parseListingParams } from "../../modules/catalog/listing-params";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/products";

/**
 * GET /api/products?<the products page's filters>&offset=&limit= — one page of the listing as
 * JSON, for Load more on the products page and the home sections.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const params = url.searchParams;
  const range = productRangeSchema.safeParse({
    offset: params.get("offset") ?? undefined,
    limit: params.get("limit") ?? undefined,
  });
  if (!range.success) {
    return Response.json(
      { error: "offset must be a whole number from 0 to 100000 and limit from 1 to 48." },
      { status: 400 },
    );
  }
  const page = await listProducts(
    context.db,
    store.id,
    parseListingParams(params),
    range.data,
    context.searchStarts,
    context.searchFacets,
  );
  return Response.json(page, { headers: { "Cache-Control": "public, max-age=30" } });
}
