import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError } from "../../../modules/http/json.server";
import { listToCart } from "../../../modules/lists/lists.server";
import { LIST_MESSAGES } from "../../../modules/lists/rules";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/list-cart";

/**
 * POST /api/account/lists/{id}/cart — "Add list to cart": the list's lines at today's prices,
 * fitted to today's minimums and packs and to the stock left, for the browser's cart, and what
 * was left out with why: 200 { lines, leftOut: ["Amul Butter 500 g (sold out)"] }.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const result = await listToCart(context.db, store.id, customer.id, params.id);
  if (!result) return jsonError(404, LIST_MESSAGES.notFound);
  return Response.json(result, { headers: { "Cache-Control": "private, no-store" } });
}
