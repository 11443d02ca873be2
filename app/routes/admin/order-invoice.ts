import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { invoiceFor, invoiceResponse } from "../../modules/invoices/download.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/order-invoice";

/**
 * /admin/orders/{id}/invoice — the order's tax invoice as a PDF, for the store's staff (issue
 * 58); with `?document={id}`, one of its credit notes.
 */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const invoice = await invoiceFor(
    context.db,
    requireStore(context).id,
    params.id,
    { kind: "staff" },
    url.searchParams.get("document"),
  );
  if (!invoice) return new Response("This order has no invoice yet.", { status: 404, headers: CONSOLE_HEADERS });
  return invoiceResponse(context.db, requireStore(context).id, invoice);
}
