import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { deleteList, readList, updateList } from "../../../modules/lists/lists.server";
import { LIST_MESSAGES, listUpdateSchema } from "../../../modules/lists/rules";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/list";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/account/lists/{id} — one of the customer's lists with its products as they are today:
 * { list: { id, name, items: [{ productId, name, photo, sku, size, setSizes, qty, minQty, packOf,
 * unitsLabel, unitPrice, problem }] } }. 404 for a list that is not theirs.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const list = await readList(context.db, store.id, customer.id, params.id);
  if (!list) return jsonError(404, LIST_MESSAGES.notFound);
  return Response.json({ list }, { headers: NO_STORE });
}

/**
 * PUT /api/account/lists/{id} { name, lines } — the list as it is to be (renamed, quantities
 * changed, lines removed): 200 { list }. DELETE — the list is gone: 204.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") {
    return jsonError(405, "Use PUT to change a list, DELETE to delete it.");
  }
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  if (request.method === "DELETE") {
    const deleted = await deleteList(context.db, store.id, customer.id, params.id);
    return deleted ? new Response(null, { status: 204 }) : jsonError(404, LIST_MESSAGES.notFound);
  }
  const body = await readJsonBody(request, 64 * 1024);
  if (!body.ok) return body.response;
  const parsed = listUpdateSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const saved = await updateList(context.db, store.id, customer.id, params.id, parsed.data);
  if (!saved.ok) return jsonError(saved.status, saved.error);
  return Response.json({ list: saved.value }, { headers: NO_STORE });
}
