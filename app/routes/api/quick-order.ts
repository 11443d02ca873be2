import { quickOrderSchema } from "../../modules/api/request-schemas.server";
import { readPastedLines } from "../../modules/cart/quick-order";
import { readJsonBody, validationError } from "../../modules/http/json.server";
import { resolveQuickOrder } from "../../modules/search/quick-order.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/quick-order";

/**
 * POST /api/quick-order (issue 59) — finds the products of many lines at once: pasted text
 * ("SKU<TAB>qty", "SKU,qty" or "name qty" per line) or lines already read. Each line answers
 * the product found with its quantity made right for its minimum and pack, the tier price and
 * total; or the best few when several match; or none. Changes nothing: the cart is the browser's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  const body = await readJsonBody(request, 96 * 1024, "Paste at most 64 KB at once.");
  if (!body.ok) return body.response;
  const parsed = quickOrderSchema.safeParse(body.value);
  if (!parsed.success) return validationError(parsed.error);
  const read = "text" in parsed.data ? readPastedLines(parsed.data.text) : { lines: parsed.data.lines, skipped: [] };
  const lines = await resolveQuickOrder(context.db, store.id, read.lines, context.searchStarts);
  return Response.json({ lines, skipped: read.skipped }, { headers: { "Cache-Control": "no-store" } });
}
