import { listOrders } from "../../../modules/accounts/account.server";
import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError } from "../../../modules/http/json.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/orders";

/** GET /api/account/orders — the signed-in customer's orders, up to 50, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const orders = await listOrders(context.db, store.id, customer);
  return Response.json({ orders }, { headers: { "Cache-Control": "private, no-store" } });
}
