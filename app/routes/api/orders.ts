import { signedInCustomer } from "../../modules/accounts/request.server";
import { smsProvider } from "../../modules/accounts/sms.server";
import {
  idempotencyKeySchema,
  MAX_ORDER_BODY_BYTES,
  ORDER_REQUEST_MESSAGES,
  placeOrderRequestSchema,
} from "../../modules/checkout/order-request";
import { jsonError, readJsonBody, validationError } from "../../modules/http/json.server";
import { orderAccessCookie } from "../../modules/orders/access.server";
import { sendOrderCode } from "../../modules/orders/cod-code.server";
import { hitOrderLimits } from "../../modules/orders/order-limits.server";
import { placeOrder } from "../../modules/orders/place-order.server";
import { PAYMENT_START_MESSAGES, startPayment } from "../../modules/payments/payments.server";
import { paymentSetup } from "../../modules/payments/setup.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { siteOrigin } from "../../modules/store/origin.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/orders";

export const ONLINE_UNAVAILABLE_MESSAGE =
  "Online payment is not available in this store. Please choose Cash on Delivery.";

/**
 * POST /api/orders — places an order from the cart's product ids and quantities and the
 * checkout form. Every price, discount, shipping charge and total is the server's own. Send an
 * Idempotency-Key header: a repeat with the same key returns the first order.
 *
 * 201 { orderId, orderNumber, paymentMethod, grandTotal, confirmBy, redirectTo } (200 for a
 * repeat); confirmBy is set when a COD order waits for the code sent to its phone;
 * ONLINE adds paymentLink (= redirectTo): the gateway's payment page, for the same amount;
 * 409 { error, problems[] } when a line cannot be sold as shown (stock, price, availability);
 * 422 { error, fields? } for an invalid form, coupon or pincode, or a guest's order over the
 * store's limits; 429 when too many orders came from this address or for this phone; 403, 413,
 * 415 as usual;
 * 502 { error, orderId } when the gateway would not start the payment (the order waits, unpaid,
 * and a repeat with the same key tries the gateway again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  const forbidden = context.antiForgery.check(request);
  if (forbidden) {
    context.log.warn("order refused", { reason: forbidden });
    return jsonError(403, FORBIDDEN_MESSAGE);
  }
  const keyHeader = request.headers.get("idempotency-key");
  const key = keyHeader === null ? null : idempotencyKeySchema.safeParse(keyHeader);
  if (key && !key.success) return jsonError(400, key.error.issues[0]?.message ?? "Bad Idempotency-Key.");

  const body = await readJsonBody(request, MAX_ORDER_BODY_BYTES, ORDER_REQUEST_MESSAGES.tooLarge);
  if (!body.ok) return body.response;
  const parsed = placeOrderRequestSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const origin = siteOrigin(request, context.env);
  const setup = parsed.data.paymentMethod === "ONLINE" ? paymentSetup(context, origin) : null;
  if (parsed.data.paymentMethod === "ONLINE" && !setup) return jsonError(422, ONLINE_UNAVAILABLE_MESSAGE);

  // Orders an hour from this address and for this phone (issue 53).
  const limited = await hitOrderLimits(context.db, store, parsed.data.address.phone, context.clientIp);
  if (!limited.ok) return jsonError(429, limited.error, { problems: [] }, limited.retryAfterSeconds);
  // Only a signed-in customer's own checkout may change their saved details (issue 53).
  const customer = await signedInCustomer(request, context, store);
  const outcome = await placeOrder(context.db, store, parsed.data, {
    idempotencyKey: key?.data ?? null,
    customerId: customer?.id ?? null,
    signedInPhone: customer?.phone ?? null,
  });
  if (!outcome.ok) return jsonError(outcome.status, outcome.error, { problems: outcome.problems });
  // A COD order above the store's amount waits for the code sent to its phone; the thank-you
  // page asks for it (and sends it again when this send was refused).
  if (outcome.order.confirmBy && !outcome.replayed) {
    const sent = await sendOrderCode(
      { db: context.db, sms: smsProvider(context), log: context.log },
      store,
      outcome.order.orderId,
      context.clientIp,
    );
    if (!sent.ok)
      context.log.warn("order code not sent", { orderNumber: outcome.order.orderNumber, error: sent.error });
  }

  const { accessToken, ...order } = outcome.order;
  // The stock it took shows on the next page this shopper opens, not a kept one from before.
  if (!outcome.replayed) context.pageCache.catalogueChanged(parsed.data.lines.map((line) => line.productId));
  if (!outcome.replayed) {
    context.log.info("order placed", {
      orderNumber: order.orderNumber,
      total: order.grandTotal,
      method: order.paymentMethod,
    });
  }
  const headers = {
    "Cache-Control": "no-store",
    "Set-Cookie": orderAccessCookie(
      request.headers.get("cookie"),
      { orderId: order.orderId, token: accessToken },
      secureCookies(context.env),
    ),
  };
  const thankYou = `/thank-you?orderId=${order.orderId}`;
  const status = outcome.replayed ? 200 : 201;
  if (!setup) return Response.json({ ...order, redirectTo: thankYou }, { status, headers });

  // ONLINE: the order holds its stock; now the gateway's payment page for its amount.
  const payment = await startPayment(setup.payments, store.id, order.orderId, {
    returnUrl: `${origin}/payment-return?orderId=${order.orderId}`,
    source: "checkout",
  });
  if (payment.ok) {
    return Response.json(
      { ...order, paymentLink: payment.paymentLink, redirectTo: payment.paymentLink },
      { status, headers },
    );
  }
  // A repeat of a checkout whose payment already went through: show the order.
  if (payment.error === PAYMENT_START_MESSAGES.alreadyPaid) {
    return Response.json({ ...order, redirectTo: thankYou }, { status: 200, headers });
  }
  return Response.json(
    { error: payment.error, orderId: order.orderId, orderNumber: order.orderNumber, problems: [] },
    { status: payment.status, headers },
  );
}
