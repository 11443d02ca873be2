import { nearestQuerySchema } from "../../modules/api/request-schemas.server";
import { validationError } from "../../modules/http/json.server";
import { nearestPincode } from "../../modules/india/nearest-pincode.server";
import type { Route } from "./+types/pincode-nearest";

/**
 * GET /api/pincodes/nearest?lat=&lng= — the pincode whose post office is nearest to a point,
 * from the offline directory: 'Use current location' names the shopper's area by it when the
 * store has no maps key (issue 60). 200 { place: { pincode, district, state, km, label } | null }
 * (null farther than 15 km from every post office); 422 for a point that is not one.
 */
export function loader({ url }: Route.LoaderArgs) {
  const parsed = nearestQuerySchema.safeParse({
    lat: url.searchParams.get("lat") ?? undefined,
    lng: url.searchParams.get("lng") ?? undefined,
  });
  if (!parsed.success) return validationError(parsed.error);
  return Response.json(
    { place: nearestPincode(parsed.data.lat, parsed.data.lng) },
    // The same point always has the same answer; the browser may keep it a day.
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
