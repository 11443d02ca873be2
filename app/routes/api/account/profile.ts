import { loadProfile, saveProfile } from "../../../modules/accounts/account.server";
import { SIGN_IN_REQUIRED, signedInCustomer } from "../../../modules/accounts/request.server";
import { ACCOUNT_MESSAGES, profileSchema } from "../../../modules/accounts/schema";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/profile";

/** /api/account/profile — GET the signed-in customer's profile; PUT saves the edit-profile form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const profile = await loadProfile(context.db, store.id, customer.id);
  if (!profile) return jsonError(404, ACCOUNT_MESSAGES.profileLoad);
  return Response.json({ profile }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) return jsonError(401, SIGN_IN_REQUIRED);
  const body = await readJsonBody(request, 16 * 1024);
  if (!body.ok) return body.response;
  const parsed = profileSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  await saveProfile(context.db, store.id, customer.id, parsed.data);
  return Response.json(
    { profile: await loadProfile(context.db, store.id, customer.id) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
