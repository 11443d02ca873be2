import { ownsOrder } from "../../../modules/accounts/account.server";
import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError } from "../../../modules/http/json.server";
import { loadOrderView } from "../../../modules/orders/order-view.server";
import { ORDER_PAGE_MESSAGES } from "../../../modules/orders/thank-you";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/order";

/**
 * GET /api/account/orders/{id} — one of the signed-in customer's orders (the order detail
 * modal): in full when placed signed in; without its delivery details when a guest placed it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  // Someone else's order and no order at all answer alike.
  if (!(await ownsOrder(context.db, store.id, customer, params.id)))
    return jsonError(404, ORDER_PAGE_MESSAGES.notFound);
  const view = await loadOrderView(context.db, store.id, params.id, { accessToken: null, owner: true });
  if (view?.access !== "full") return jsonError(404, ORDER_PAGE_MESSAGES.notFound);
  // A guest's order with this phone shows its items, never the name and address the guest
  // typed: a mistyped phone must not hand a stranger's address to the phone's owner (ADR 0052).
  const order = view.placedAsGuest ? { ...view, customer: null } : view;
  return Response.json({ order }, { headers: { "Cache-Control": "private, no-store" } });
}
