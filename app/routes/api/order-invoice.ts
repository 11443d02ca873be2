import { signedInCustomer } from "../../modules/accounts/request.server";
import { jsonError } from "../../modules/http/json.server";
import { invoiceFor, invoiceResponse } from "../../modules/invoices/download.server";
import { tokenFor } from "../../modules/orders/access.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/order-invoice";

/**
 * GET /api/orders/{id}/invoice — the order's tax invoice as a PDF, to the browser that placed
 * the order or the signed-in customer who did (issue 58). Anyone else, and an order without an
 * invoice yet, are answered alike.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const orderId = params.id.toLowerCase();
  const invoice = await invoiceFor(
    context.db,
    store.id,
    orderId,
    {
      kind: "customer",
      accessToken: tokenFor(request.headers.get("cookie"), orderId, secureCookies(context.env)),
      customer: await signedInCustomer(request, context, store),
    },
    new URL(request.url).searchParams.get("document"),
  );
  if (!invoice) return jsonError(404, "No invoice for this order yet.");
  return invoiceResponse(context.db, requireStore(context).id, invoice);
}
