import { EXACT_TIME_PATTERN } from "../../modules/console/cursor.server";
import { readFilters } from "../../modules/console/order-filters";
import { newOrdersSince } from "../../modules/console/orders.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/orders-new";

/**
 * /admin/orders/new?since=<ISO time>&<filters>: how many orders matching the desk's filters
 * arrived after the newest one the page shows. The desk asks every few seconds (polling rather
 * than a held connection, so it passes any proxy and costs a process nothing between asks).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const since = url.searchParams.get("since") ?? "";
  if (!EXACT_TIME_PATTERN.test(since) || Number.isNaN(Date.parse(since))) {
    return Response.json({ error: "Say since when, as an ISO time." }, { status: 400, headers: CONSOLE_HEADERS });
  }
  const count = await newOrdersSince(context.db, requireStore(context).id, readFilters(url.searchParams), since);
  return Response.json({ count }, { headers: CONSOLE_HEADERS });
}
