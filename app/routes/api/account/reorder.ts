import { reorder } from "../../../modules/accounts/account.server";
import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { ACCOUNT_MESSAGES } from "../../../modules/accounts/schema";
import { reorderSchema } from "../../../modules/api/request-schemas.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/reorder";

/**
 * POST /api/account/reorder { orderId } — the order's items at today's prices, what is still
 * sold and in stock, for the browser's cart; also saved in the customer's server-side cart.
 * 200 { lines, leftOut[] }; 401 when not signed in; 404 for an order that is not theirs.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const body = await readJsonBody(request, 4 * 1024);
  if (!body.ok) return body.response;
  const parsed = reorderSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  try {
    const result = await reorder(context.db, store.id, customer, parsed.data.orderId);
    if (!result) return jsonError(404, "Order not found.");
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    context.log.error("reorder failed", { error });
    return jsonError(500, ACCOUNT_MESSAGES.reorderFailed);
  }
}
