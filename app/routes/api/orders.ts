import {
  idempotencyKeySchema,
  MAX_ORDER_BODY_BYTES,
  ORDER_REQUEST_MESSAGES,
  placeOrderRequestSchema,
} from "../../modules/checkout/order-request";
import { jsonError, readJsonBody, validationError } from "../../modules/http/json.server";
import { orderAccessCookie } from "../../modules/orders/access.server";
import { placeOrder } from "../../modules/orders/place-order.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { checkMutatingRequest, FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/orders";

export const ONLINE_UNAVAILABLE_MESSAGE = "Could not start payment. Please try again.";

/**
 * POST /api/orders — places an order from the cart's product ids and quantities and the
 * checkout form. Every price, discount, shipping charge and total is the server's own. Send an
 * Idempotency-Key header: a repeat with the same key returns the first order.
 *
 * 201 { orderId, orderNumber, paymentMethod, grandTotal, redirectTo } (200 for a repeat);
 * 409 { error, problems[] } when a line cannot be sold as shown (stock, price, availability);
 * 422 { error, fields? } for an invalid form, coupon or pincode; 403, 413, 415 as usual.
 */
/** Reading this address is not a thing: say how to use it instead of a bare 400. */
export function loader() {
  return jsonError(405, "Use POST to place an order.");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST to place an order.");
  const store = requireStore(context);
  const forbidden = checkMutatingRequest(request);
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
  if (parsed.data.paymentMethod === "ONLINE") {
    // Online payment plugs in here (gateway issue): until then it is refused, never queued.
    return jsonError(422, ONLINE_UNAVAILABLE_MESSAGE);
  }

  const outcome = await placeOrder(context.db, store, parsed.data, { idempotencyKey: key?.data ?? null });
  if (!outcome.ok) return jsonError(outcome.status, outcome.error, { problems: outcome.problems });

  const { accessToken, ...order } = outcome.order;
  if (!outcome.replayed) {
    context.log.info("order placed", {
      orderNumber: order.orderNumber,
      total: order.grandTotal,
      method: order.paymentMethod,
    });
  }
  return Response.json(
    { ...order, redirectTo: `/thank-you?orderId=${order.orderId}` },
    {
      status: outcome.replayed ? 200 : 201,
      headers: {
        "Cache-Control": "no-store",
        "Set-Cookie": orderAccessCookie(
          request.headers.get("cookie"),
          { orderId: order.orderId, token: accessToken },
          secureCookies(context.env),
        ),
      },
    },
  );
}
