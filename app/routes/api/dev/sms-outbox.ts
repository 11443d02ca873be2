import { recentOutboxMessages } from "../../../modules/accounts/sms.server";
import { staffOf } from "../../../modules/console/request.server";
import { jsonError } from "../../../modules/http/json.server";
import { LOOPBACK_ONLY_MESSAGE } from "../../../modules/security/loopback";
import { requireStore } from "../../../modules/store/require-store.server";
import type { Route } from "./+types/sms-outbox";

/**
 * GET /api/dev/sms-outbox?phone=XXXXXXXXXX — the last messages the development SMS outbox
 * "sent" to a phone, newest first, so a developer (or a browser test) can read a sign-in code.
 * Only with SMS_PROVIDER=outbox (refused on a public store), and only to a client on this
 * machine that came through no proxy, or to a signed-in owner of the store's console: it hands
 * out sign-in codes (issue 53).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (context.env.SMS_PROVIDER !== "outbox") return jsonError(404, "Not found.");
  if (!context.fromLoopback && (await staffOf(request, context))?.role !== "owner") {
    return jsonError(403, LOOPBACK_ONLY_MESSAGE);
  }
  const store = requireStore(context);
  const phone = url.searchParams.get("phone") ?? "";
  if (!/^\d{10}$/.test(phone)) return jsonError(422, "Enter a valid 10-digit mobile number.");
  const messages = await recentOutboxMessages(context.db, store.id, phone);
  return Response.json({ messages }, { headers: { "Cache-Control": "no-store" } });
}
