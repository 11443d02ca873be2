import { loadPincodeRate } from "../../modules/checkout/facts.server";
import { jsonError } from "../../modules/http/json.server";
import { lookupPincode } from "../../modules/india/pincodes.server";
import { PINCODE_NOT_SERVICEABLE_TEXT, PINCODE_SERVICEABLE_TEXT, pincodeStatus } from "../../modules/shipping/rules";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/pincode";

/**
 * GET /api/pincodes/{pincode} — where a pincode is (offline India directory: district and
 * state) and whether this store delivers there.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const pincode = params.pincode;
  if (!/^[1-9]\d{5}$/.test(pincode)) return jsonError(400, "Enter a valid 6-digit pincode.");
  const rate = await loadPincodeRate(context.db, store.id, pincode);
  const status = pincodeStatus(pincode, store.shipping, rate);
  const place = lookupPincode(pincode);
  return Response.json(
    {
      pincode,
      status,
      message: status === "servicable" ? PINCODE_SERVICEABLE_TEXT : PINCODE_NOT_SERVICEABLE_TEXT,
      city: place?.districts[0] ?? null,
      state: place?.states[0] ?? null,
      states: place?.states ?? [],
      districts: place?.districts ?? [],
    },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
