import { jsonError } from "../../modules/http/json.server";
import { paymentSetup } from "../../modules/payments/setup.server";
import { MAX_WEBHOOK_BYTES, receiveWebhook } from "../../modules/payments/webhook.server";
import { siteOrigin } from "../../modules/store/origin.server";
import type { Route } from "./+types/payment-webhook";

/**
 * POST /api/payments/webhook — Juspay's webhooks (set this address and the basic-auth pair of
 * JUSPAY_WEBHOOK_USERNAME / JUSPAY_WEBHOOK_PASSWORD on the dashboard). 401 for wrong
 * credentials, 400 for a body that is not an event, 200 once the event is recorded.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const setup = paymentSetup(context, siteOrigin(request, context.env));
  if (!setup) return jsonError(404, "Online payment is not available in this store.");
  if (Number(request.headers.get("content-length") ?? "0") > MAX_WEBHOOK_BYTES) {
    return jsonError(413, "Payload too large.");
  }
  return receiveWebhook(setup.payments, request);
}
