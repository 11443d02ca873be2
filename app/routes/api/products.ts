import { z } from "zod";
import { PAGE_SIZE } from "../../modules/catalog/listing";
import { listProducts } from "../../modules/catalog/listing.server";
import { parseListingParams } from "../../modules/catalog/listing-params";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/products";

const rangeSchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(48).default(PAGE_SIZE),
});

/**
 * GET /api/products?<the products page's filters>&offset=&limit= — one page of the listing as
 * JSON, for Load more on the products page and the home sections.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const params = url.searchParams;
  const range = rangeSchema.safeParse({
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
