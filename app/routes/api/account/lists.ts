import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { createList, listLists } from "../../../modules/lists/lists.server";
import { newListSchema } from "../../../modules/lists/rules";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/lists";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** GET /api/account/lists — the signed-in customer's lists: { lists: [{ id, name, itemCount }] }, newest change first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  return Response.json({ lists: await listLists(context.db, store.id, customer.id) }, { headers: NO_STORE });
}

/**
 * POST /api/account/lists { name, lines?: [{ productId, size?, setSizes?, qty }], orderId? } — a
 * new list, from the cart's lines or from one of the customer's orders ("save as a list").
 * 201 { list }; 401 when not signed in; 404 for an order that is not theirs; 409 for a name they
 * already use or one list too many; 422 for a bad name or a product not in this store.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const body = await readJsonBody(request, 64 * 1024);
  if (!body.ok) return body.response;
  const parsed = newListSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const made = await createList(context.db, store.id, customer, parsed.data);
  if (!made.ok) return jsonError(made.status, made.error);
  return Response.json({ list: made.value }, { status: 201, headers: NO_STORE });
}
