import { readGstSettings } from "../../modules/console/gst-settings.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { gstr1, registerCsv } from "../../modules/invoices/register";
import { monthDocuments, monthRange } from "../../modules/invoices/register.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/invoice-register";

/**
 * /admin/invoicing/register?month=2026-12&format=csv|gstr1 (owners): the month's invoices and
 * credit notes as a register in CSV, or as the month's GSTR-1 JSON (issue 58).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url, ["owner"]);
  const month = url.searchParams.get("month") ?? "";
  const range = monthRange(month);
  if (!range) {
    return new Response("Choose a month, like 2026-12.", { status: 400, headers: CONSOLE_HEADERS });
  }
  const store = requireStore(context);
  const documents = (await monthDocuments(context.db, store.id, range)).map((row) => row.document);
  context.log.info("invoice register exported", { staff: member.email, month, documents: documents.length });
  if (url.searchParams.get("format") === "gstr1") {
    const { gstin } = await readGstSettings(context.db, store.id);
    return new Response(JSON.stringify(gstr1(documents, gstin, range.period), null, 2), {
      headers: {
        ...CONSOLE_HEADERS,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="GSTR1-${gstin || "unregistered"}-${range.period}.json"`,
      },
    });
  }
  return new Response(registerCsv(documents), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoice-register-${month}.csv"`,
    },
  });
}
