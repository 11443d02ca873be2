import { randomBytes } from "node:crypto";
import { sandboxRefundSchema } from "../../../modules/api/request-schemas.server";
import { jsonError, readJsonBody, validationError } from "../../../modules/http/json.server";
import { paymentSetup } from "../../../modules/payments/setup.server";
import { LOOPBACK_ONLY_MESSAGE } from "../../../modules/security/loopback";
import { siteOrigin } from "../../../modules/store/origin.server";
import type { Route } from "./+types/sandbox-refund";

/**
 * POST /api/dev/sandbox-refund { paymentId } — the sandbox gateway's merchant side: refunds a
 * charged sandbox payment in full through the adapter, as the shop's own refund goes (Juspay's
 * POST /orders/{id}/refunds). A test convenience: it answers only with PAYMENT_GATEWAY=sandbox
 * and only to a client on this machine that came through no proxy (issue 53); the payer's page
 * never refunds.
 */

export async function action({ request, context }: Route.ActionArgs) {
  const setup = paymentSetup(context, siteOrigin(request, context.env));
  if (!setup?.sandbox) return jsonError(404, "Not found.");
  if (!context.fromLoopback) return jsonError(403, LOOPBACK_ONLY_MESSAGE);
  const body = await readJsonBody(request, 1024);
  if (!body.ok) return body.response;
  const parsed = sandboxRefundSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const payment = await setup.sandbox.find(parsed.data.paymentId);
  if (!payment) return jsonError(404, "No such sandbox payment.");
  if (payment.status !== "CHARGED") return jsonError(409, "Only a charged payment can be refunded.");
  try {
    await setup.payments.gateway.refund(payment.order_id, { uniqueRequestId: `sbx${randomBytes(6).toString("hex")}` });
  } catch (error) {
    // Refunded in full already, or refused: the gateway's own words, never a 500.
    return jsonError(409, `The test gateway refused the refund: ${(error as Error).message}`);
  }
  const refunded = (await setup.sandbox.find(payment.id)) ?? payment;
  return Response.json(
    { status: refunded.status, refunds: refunded.refunds },
    { headers: { "Cache-Control": "no-store" } },
  );
}
