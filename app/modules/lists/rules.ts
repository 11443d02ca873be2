import { z } from "zod";
import { MAX_LINE_QUANTITY, requestedLineSchema } from "../checkout/order-request";
import { LIST_MESSAGES, MAX_LIST_LINES, MAX_LIST_NAME } from "./messages";

/**
 * A customer's named lists, "the usual order" (issue 59), as rules: what the browser may send
 * (their limits and messages are in messages.ts). A list holds products and quantities only; prices are today's
 * when it goes into the cart.
 */

export { LIST_MESSAGES, MAX_LIST_LINES, MAX_LIST_NAME, MAX_LISTS } from "./messages";

/** One product, size and set of sizes: a list holds each once, whatever order the sizes came in. */
export function lineKey(line: { productId: string; size: string | null; setSizes: readonly string[] }): string {
  return [line.productId, line.size ?? "", ...[...line.setSizes].sort()].join("|");
}

/** Lines as the browser sends them: the same identity and quantity rules as the cart's. */
const listLineSchema = requestedLineSchema.omit({ expectedUnitPrice: true });
export type ListLine = z.output<typeof listLineSchema>;

export const listNameSchema = z.string().trim().min(1, LIST_MESSAGES.name).max(MAX_LIST_NAME, LIST_MESSAGES.name);

/** POST /api/account/lists: a new list, from the cart's lines or from one of the customer's orders. */
export const newListSchema = z.strictObject({
  name: listNameSchema,
  lines: z.array(listLineSchema).max(MAX_LIST_LINES, LIST_MESSAGES.tooManyLines).default([]),
  orderId: z.string().uuid(LIST_MESSAGES.notFound).optional(),
});

/** PUT /api/account/lists/{id}: the list as it is to be (name, and every line with its quantity). */
export const listUpdateSchema = z.strictObject({
  name: listNameSchema,
  lines: z.array(listLineSchema).max(MAX_LIST_LINES, LIST_MESSAGES.tooManyLines),
});

/** POST /api/account/lists/{id}/items: one product added (its quantity joins a line already there). */
export const listItemSchema = listLineSchema;

/**
 * Lines with the same product and sizes become one, their quantities added (never past the
 * largest a line may hold), in the order each first came.
 */
export function mergeLines<T extends ListLine>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = lineKey(line);
    const before = merged.get(key);
    merged.set(key, before ? { ...before, qty: Math.min(before.qty + line.qty, MAX_LINE_QUANTITY) } : line);
  }
  return [...merged.values()];
}
