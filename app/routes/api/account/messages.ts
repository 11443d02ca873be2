import { preferencesSchema, saveChoices } from "../../../modules/accounts/preferences.server";
import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/messages";

/** /api/account/messages — PUT { whatsapp, newsletter }: the signed-in customer's message choices. */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const body = await readJsonBody(request, 1024);
  if (!body.ok) return body.response;
  const parsed = preferencesSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const outcome = await saveChoices(context.db, store.id, customer.id, parsed.data);
  if (!outcome.ok) return jsonError(422, outcome.error);
  return Response.json({ choices: outcome.choices }, { headers: { "Cache-Control": "no-store" } });
}
