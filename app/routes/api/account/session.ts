import { loadProfile } from "../../../modules/accounts/account.server";
import { verifyCode } from "../../../modules/accounts/otp.server";
import { verifyCodeSchema } from "../../../modules/accounts/schema";
import {
  clearedSessionCookie,
  readSession,
  readSessionToken,
  revokeSession,
  sessionCookie,
} from "../../../modules/accounts/sessions.server";
import { smsProvider } from "../../../modules/accounts/sms.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { secureCookies } from "../../../modules/security/cookies.server";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/session";

/**
 * /api/account/session — GET: who is signed in ({ signedIn, profile? }); POST { phone, code }:
 * signs in (a new session token in an HttpOnly cookie, the old one revoked); DELETE: signs out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const session = await readSession(context.db, store.id, readSessionToken(request.headers.get("cookie")));
  const profile = session ? await loadProfile(context.db, store.id, session.customerId) : null;
  return Response.json(profile ? { signedIn: true, profile } : { signedIn: false }, {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const secure = secureCookies(context.env);
  const previous = readSessionToken(request.headers.get("cookie"));
  if (request.method === "DELETE") {
    await revokeSession(context.db, previous);
    // The anti-forgery token was bound to the session that ended: a new one for no session.
    const headers = new Headers({ "Cache-Control": "no-store" });
    headers.append("Set-Cookie", clearedSessionCookie(secure));
    headers.append("Set-Cookie", context.antiForgery.cookie(context.antiForgery.mintFor(null)));
    return Response.json({ signedIn: false }, { headers });
  }
  const body = await readJsonBody(request, 4 * 1024);
  if (!body.ok) return body.response;
  const parsed = verifyCodeSchema.strict().safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const outcome = await verifyCode(
    { db: context.db, sms: smsProvider(context), log: context.log },
    store.id,
    parsed.data.phone,
    parsed.data.code,
    context.clientIp,
  );
  if (!outcome.ok) return jsonError(outcome.status, outcome.error, {}, outcome.retryAfterSeconds);
  // A new token at every sign-in; the one this browser held before stops working.
  await revokeSession(context.db, previous);
  const profile = await loadProfile(context.db, store.id, outcome.customerId);
  context.log.info("signed in", { customerId: outcome.customerId });
  // The anti-forgery token is bound to the session, so the new session comes with a new one.
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", sessionCookie(outcome.token, secure));
  headers.append("Set-Cookie", context.antiForgery.cookie(context.antiForgery.mintFor(outcome.token)));
  return Response.json({ signedIn: true, profile }, { headers });
}
