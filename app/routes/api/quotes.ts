import { signedInCustomer } from "../../modules/accounts/request.server";
import { MAX_ORDER_BODY_BYTES, ORDER_REQUEST_MESSAGES } from "../../modules/checkout/order-request";
import { jsonError, readJsonBody, validationError } from "../../modules/http/json.server";
import { hitOrderLimits } from "../../modules/orders/order-limits.server";
import { quoteRequestBodySchema, requestQuote } from "../../modules/quotes/request.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/quotes";

/**
 * POST /api/quotes — sends the cart as a request for a quote (issue 59), with the checkout's
 * contact and delivery form and a note. Only product ids, sizes and quantities count: the shop
 * answers with its own prices. Taken when the store offers a quote for this cart: its pincode is
 * not served, or its subtotal reaches the store's amount.
 *
 * 201 { id, reference, url }: url opens the quote (keep it: it holds the quote's key);
 * 409 { error } when a line is not sold as asked; 422 { error, fields? } for a bad form, or a
 * cart that can simply be ordered; 429 when too many orders and requests came from here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  const forbidden = context.antiForgery.check(request);
  if (forbidden) return jsonError(403, FORBIDDEN_MESSAGE);
  const body = await readJsonBody(request, MAX_ORDER_BODY_BYTES, ORDER_REQUEST_MESSAGES.tooLarge);
  if (!body.ok) return body.response;
  const parsed = quoteRequestBodySchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  // A request costs the shop's time as an order does: the same hourly limits count it.
  const limited = await hitOrderLimits(context.db, store, parsed.data.address.phone, context.clientIp);
  if (!limited.ok) return jsonError(429, limited.error, {}, limited.retryAfterSeconds);
  const customer = await signedInCustomer(request, context, store);
  const outcome = await requestQuote(context.db, store, parsed.data, { customerId: customer?.id ?? null });
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  const { id, reference, key } = outcome.quote;
  context.log.info("quote requested", { reference, lines: parsed.data.lines.length });
  return Response.json(
    { id, reference, url: `/quotes/${id}?key=${encodeURIComponent(key)}` },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
