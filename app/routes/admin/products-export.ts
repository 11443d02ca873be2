import { exportCatalogue } from "../../modules/console/catalogue-export.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/products-export";

/** /admin/products/export: the whole catalogue as the products CSV the import reads, streamed. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  context.log.info("catalogue exported", { staff: member.email });
  return new Response(exportCatalogue(context.db, store.id), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${store.slug}-products-${day}.csv"`,
    },
  });
}
