import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { invoiceLook } from "../../modules/invoices/logo.server";
import { documentsZip, monthDocuments, monthRange, ordersDocuments } from "../../modules/invoices/register.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/orders-invoices";

/**
 * /admin/orders/invoices?id=…&id=… (staff): the ticked orders' invoices and credit notes as
 * PDFs in one ZIP; ?month=2026-12 (owners): every one issued that month (issue 58).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const month = url.searchParams.get("month");
  const member = await requireStaff(request, context, url, month === null ? ["owner", "staff"] : ["owner"]);
  const store = requireStore(context);
  let documents: Awaited<ReturnType<typeof ordersDocuments>>;
  let name: string;
  if (month !== null) {
    const range = monthRange(month);
    if (!range) return new Response("Choose a month, like 2026-12.", { status: 400, headers: CONSOLE_HEADERS });
    documents = await monthDocuments(context.db, store.id, range);
    name = `invoices-${month}.zip`;
  } else {
    documents = await ordersDocuments(context.db, store.id, url.searchParams.getAll("id"));
    name = `invoices-${new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date())}.zip`;
  }
  if (documents.length === 0) {
    return new Response(
      month === null
        ? "None of the orders ticked has an invoice yet. Go back, tick confirmed orders and try again."
        : "No invoices or credit notes were issued that month.",
      { status: 404, headers: { ...CONSOLE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  context.log.info("invoices downloaded", { staff: member.email, documents: documents.length });
  return new Response(documentsZip(documents, await invoiceLook(context.db, store.id)), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}
