import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { addToList } from "../../../modules/lists/lists.server";
import { listItemSchema } from "../../../modules/lists/rules";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/list-items";

/**
 * POST /api/account/lists/{id}/items { productId, size?, setSizes?, qty } — adds a product to
 * the list; a line already there for it takes the quantity on. 200 { list: { id, name, itemCount } }.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const body = await readJsonBody(request, 4 * 1024);
  if (!body.ok) return body.response;
  const parsed = listItemSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const added = await addToList(context.db, store.id, customer.id, params.id, parsed.data);
  if (!added.ok) return jsonError(added.status, added.error);
  return Response.json({ list: added.value }, { headers: { "Cache-Control": "private, no-store" } });
}
