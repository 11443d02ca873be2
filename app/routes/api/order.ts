import { jsonError } from "../../modules/http/json.server";
import { tokenFor } from "../../modules/orders/access.server";
import { loadOrderView } from "../../modules/orders/order-view.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/order";

/**
 * GET /api/orders/{id} — the order as the thank-you page shows it: in full to the browser that
 * placed it, otherwise only its number and status.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const view = await loadOrderView(context.db, store.id, params.id, {
    accessToken: tokenFor(request.headers.get("cookie"), params.id.toLowerCase(), secureCookies(context.env)),
  });
  if (!view) return jsonError(404, "Order not found.");
  return Response.json(view, { headers: { "Cache-Control": "private, no-store" } });
}
