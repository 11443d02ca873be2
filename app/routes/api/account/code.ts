import { humanCheck } from "../../../modules/accounts/human-check.server";
import { sendCode } from "../../../modules/accounts/otp.server";
import { ACCOUNT_MESSAGES } from "../../../modules/accounts/schema";
import { smsProvider } from "../../../modules/accounts/sms.server";
import { signInCodeSchema } from "../../../modules/api/request-schemas.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { FORBIDDEN_MESSAGE } from "../../../modules/security/csrf.server";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/code";

/**
 * POST /api/account/code { phone, humanToken? } — sends a sign-in code. The same answer whether
 * or not the phone belongs to a customer. 200 { resendAfterSeconds, expiresInSeconds }; 422 for
 * a bad phone; 429 with Retry-After when asked too often; 502 'Failed to send OTP'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const body = await readJsonBody(request, 8 * 1024);
  if (!body.ok) return body.response;
  const parsed = signInCodeSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const check = humanCheck(context.env, context.log);
  if (!(await check.verify(parsed.data.humanToken, context.clientIp))) {
    return jsonError(403, ACCOUNT_MESSAGES.sendFailed, { humanCheck: "failed" });
  }
  const sms = smsProvider(context);
  const sent = await sendCode({ db: context.db, sms, log: context.log }, store, parsed.data.phone, context.clientIp);
  if (!sent.ok) {
    return jsonError(sent.status, sent.error, {}, sent.retryAfterSeconds);
  }
  return Response.json(
    { resendAfterSeconds: sent.resendAfterSeconds, expiresInSeconds: sent.expiresInSeconds },
    { headers: { "Cache-Control": "no-store" } },
  );
}
