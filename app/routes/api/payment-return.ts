import { paymentReturnSchema } from "../../modules/api/request-schemas.server";
import { jsonError, readJsonBody, validationError } from "../../modules/http/json.server";
import { PAYMENT_MESSAGES } from "../../modules/payments/gateway";
import { findReturnOrder, syncPayment } from "../../modules/payments/payments.server";
import { paymentSetup } from "../../modules/payments/setup.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { siteOrigin } from "../../modules/store/origin.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/payment-return";

/**
 * POST /api/payments/return — the payment return page asks for an order's payment status
 * (the spec's handleJuspayResponse). The server asks the gateway's status API and applies its
 * answer; the return URL's own status is only a hint and never changes an order.
 *
 * 200 { orderId, app_status } — app_status is paid, pending, failed, refunded, voided or unknown;
 * 404 'Order not found.'; 502 { error: 'Could not confirm payment status…', orderId }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const setup = paymentSetup(context, siteOrigin(request, context.env));
  if (!setup) return jsonError(404, "Online payment is not available in this store.");
  const body = await readJsonBody(request, 8 * 1024);
  if (!body.ok) return body.response;
  const parsed = paymentReturnSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  // Mandi's own id first (it is in the return URL we gave), else the gateway's order id.
  const reference = parsed.data.orderId || parsed.data.order_id || "";
  const orderId = await findReturnOrder(context.db, store.id, setup.payments.gateway.name, reference);
  if (!orderId) return jsonError(404, "Order not found.");

  if (parsed.data.query) {
    const params = new URLSearchParams(parsed.data.query);
    if (params.has("signature") && !setup.payments.gateway.verifyReturn(params)) {
      context.log.warn("payment return with a bad signature", { orderId, status: params.get("status") });
    }
  }
  try {
    const synced = await syncPayment(setup.payments, orderId, "return");
    return Response.json({ orderId, app_status: synced.paymentStatus }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    context.log.error("payment status check failed", { error, orderId });
    return jsonError(502, PAYMENT_MESSAGES.confirmFailed, { orderId });
  }
}
