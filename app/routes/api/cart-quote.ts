import { findCoupon } from "../../modules/checkout/coupons.server";
import { loadCartFacts } from "../../modules/checkout/facts.server";
import { MAX_ORDER_BODY_BYTES, ORDER_REQUEST_MESSAGES, quoteRequestSchema } from "../../modules/checkout/order-request";
import { quoteCart } from "../../modules/checkout/quote";
import { readJsonBody, validationError } from "../../modules/http/json.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/cart-quote";

/**
 * POST /api/cart/quote — prices a cart as the server would charge it: each line at today's
 * tier price with its stock, the coupon, shipping to the pincode and the totals, with a
 * message for every line that cannot be sold as the cart shows it. Changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  const body = await readJsonBody(request, MAX_ORDER_BODY_BYTES, ORDER_REQUEST_MESSAGES.tooLarge);
  if (!body.ok) return body.response;
  const parsed = quoteRequestSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const { lines, coupon, pincode } = parsed.data;
  const [{ products, rate }, couponRule] = await Promise.all([
    loadCartFacts(
      context.db,
      store.id,
      lines.map((l) => l.productId),
      pincode,
    ),
    coupon.trim() === "" ? null : findCoupon(context.db, store.id, coupon),
  ]);
  const quote = quoteCart({ lines, products, coupon, couponRule, pincode, shipping: store.shipping, rate });
  // With the amount from which this cart may be sent as a request for a quote instead (issue 59).
  return Response.json(
    { ...quote, quoteAbove: store.orderRules.quoteAbove },
    { headers: { "Cache-Control": "no-store" } },
  );
}
