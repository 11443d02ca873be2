import { exportOrders } from "../../modules/console/export.server";
import { readFilters } from "../../modules/console/order-filters";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/orders-export";

/** /admin/orders/export?<filters>: the desk's filtered orders as a CSV file, streamed. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  context.log.info("orders exported", { staff: member.email, query: url.search });
  return new Response(exportOrders(context.db, store.id, readFilters(url.searchParams)), {
    headers: {
      ...CONSOLE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
    },
  });
}
