import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { orderItems, products, shoppingListItems, shoppingLists } from "../../db/schema";
import { type Customer, ownsOrder } from "../accounts/account.server";
import { type CartLinesNow, cartLinesNow } from "../accounts/cart-lines.server";
import { orderUnits, unitsLabel } from "../cart/packs";
import { loadProductFacts } from "../checkout/facts.server";
import { MAX_LINE_QUANTITY, ORDER_REQUEST_MESSAGES } from "../checkout/order-request";
import { type LineProblem, lineLabel, quoteCart, unitsOf } from "../checkout/quote";
import { tierUnitPrice } from "../pricing/rules";
import { LIST_MESSAGES, type ListLine, lineKey, MAX_LISTS, mergeLines } from "./rules";

/**
 * A signed-in customer's lists (issue 59). Every query names the customer's own id with the
 * list's: an id from the browser never reaches another customer's list (the same rule as their
 * orders), and a list that is not theirs is "not found", never "forbidden".
 */

export type ListOutcome<T> = { ok: true; value: T } | { ok: false; status: 404 | 409 | 422; error: string };

export interface ListSummary {
  id: string;
  name: string;
  itemCount: number;
}

export async function listLists(db: Db, storeId: string, customerId: string): Promise<ListSummary[]> {
  return db
    .select({
      id: shoppingLists.id,
      name: shoppingLists.name,
      // Named in full: in a select from one table, drizzle writes its columns bare, and a bare
      // "id" inside the subquery would be the item's own.
      itemCount: sql<number>`(select count(*)::int from "shopping_list_items" as item where item."list_id" = "shopping_lists"."id")`,
    })
    .from(shoppingLists)
    .where(and(eq(shoppingLists.storeId, storeId), eq(shoppingLists.customerId, customerId)))
    .orderBy(desc(shoppingLists.updatedAt))
    .limit(MAX_LISTS);
}

/** The list's row, when it is this customer's (locked, inside a transaction that changes it). */
async function ownList(db: Db | Tx, storeId: string, customerId: string, listId: string, lock = false) {
  if (!isUuid(listId)) return null;
  const query = db
    .select({ id: shoppingLists.id, name: shoppingLists.name })
    .from(shoppingLists)
    .where(
      and(eq(shoppingLists.id, listId), eq(shoppingLists.storeId, storeId), eq(shoppingLists.customerId, customerId)),
    );
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A list's lines, in the order they were listed. */
function linesOf(db: Db, listId: string) {
  return db
    .select()
    .from(shoppingListItems)
    .where(eq(shoppingListItems.listId, listId))
    .orderBy(asc(shoppingListItems.position));
}

/** The products' names, for the lines' own copy; a product not in this store refuses the whole change. */
async function namesOf(db: Db | Tx, storeId: string, lines: readonly ListLine[]): Promise<Map<string, string> | null> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
  return rows.length === ids.length ? new Map(rows.map((row) => [row.id, row.name])) : null;
}

async function writeLines(tx: Tx, listId: string, lines: readonly ListLine[], names: Map<string, string>) {
  await tx.delete(shoppingListItems).where(eq(shoppingListItems.listId, listId));
  if (lines.length === 0) return;
  await tx.insert(shoppingListItems).values(
    lines.map((line, position) => ({
      listId,
      productId: line.productId,
      name: names.get(line.productId) ?? "",
      size: line.size,
      setSizes: [...line.setSizes].sort(),
      lineKey: lineKey(line),
      quantity: line.qty,
      position,
    })),
  );
}

/** A new list, from the cart's lines, or from one of the customer's own orders ("save as a list"). */
export async function createList(
  db: Db,
  storeId: string,
  customer: Customer,
  input: { name: string; lines: ListLine[]; orderId?: string },
): Promise<ListOutcome<ListSummary>> {
  let lines = input.lines;
  if (input.orderId) {
    if (!(await ownsOrder(db, storeId, customer, input.orderId))) {
      return { ok: false, status: 404, error: "Order not found." };
    }
    const items = await db
      .select({
        productId: orderItems.productId,
        size: orderItems.selectedSize,
        setSizes: orderItems.setSizes,
        qty: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, input.orderId.toLowerCase()))
      .orderBy(asc(orderItems.position));
    // A product deleted since has nothing to list.
    lines = items.flatMap((item) =>
      item.productId
        ? [{ productId: item.productId, size: item.size, setSizes: item.setSizes ?? [], qty: item.qty }]
        : [],
    );
  }
  lines = mergeLines(lines);
  const names = await namesOf(db, storeId, lines);
  if (!names) return { ok: false, status: 422, error: ORDER_REQUEST_MESSAGES.product };
  try {
    return await db.transaction(async (tx): Promise<ListOutcome<ListSummary>> => {
      const [mine] = await tx
        .select({ count: count() })
        .from(shoppingLists)
        .where(and(eq(shoppingLists.storeId, storeId), eq(shoppingLists.customerId, customer.id)));
      if ((mine?.count ?? 0) >= MAX_LISTS) return { ok: false, status: 409, error: LIST_MESSAGES.tooMany };
      const [list] = await tx
        .insert(shoppingLists)
        .values({ storeId, customerId: customer.id, name: input.name })
        .returning({ id: shoppingLists.id, name: shoppingLists.name });
      if (!list) throw new Error("the list was not recorded");
      await writeLines(tx, list.id, lines, names);
      return { ok: true, value: { ...list, itemCount: lines.length } };
    });
  } catch (error) {
    if (isUniqueViolation(error, "shopping_lists_customer_name")) {
      return { ok: false, status: 409, error: LIST_MESSAGES.nameTaken };
    }
    throw error;
  }
}

export interface ListItemView {
  productId: string | null;
  /** The product's name, with its size: "Paper Tea Cups (250 ml)". */
  name: string;
  photo: string | null;
  sku: string | null;
  size: string | null;
  setSizes: string[];
  qty: number;
  /** The fewest units and the pack it is sold in today (issue 59). */
  minQty: number;
  packOf: number;
  unitsLabel: string | null;
  /** Today's price of one unit at this quantity (paise); null for a product no longer sold. */
  unitPrice: number | null;
  /** Why it cannot go into the cart as it is, or null. */
  problem: string | null;
}

export interface ListView {
  id: string;
  name: string;
  items: ListItemView[];
}

/** The list with its products as they are today: price, pack and what stops a line. */
export async function readList(db: Db, storeId: string, customerId: string, listId: string): Promise<ListView | null> {
  const list = await ownList(db, storeId, customerId, listId);
  if (!list) return null;
  const items = await linesOf(db, list.id);
  const facts = await loadProductFacts(
    db,
    storeId,
    items.flatMap((item) => (item.productId ? [item.productId] : [])),
  );
  const known = items.filter((item) => item.productId);
  const priced = quoteCart({
    lines: known.map((item) => ({
      productId: item.productId ?? "",
      size: item.size,
      setSizes: item.setSizes,
      qty: item.quantity,
    })),
    products: facts,
    coupon: "",
    pincode: "",
    shipping: null,
    rate: null,
  });
  return {
    id: list.id,
    name: list.name,
    items: items.map((item) => {
      const product = item.productId ? facts.get(item.productId) : undefined;
      const problem = priced.problems.find((p) => p.line === known.indexOf(item) && p.kind !== "price-changed");
      const units = product ? unitsOf(product, item.size) : orderUnits({});
      const sold = product?.active === true;
      return {
        productId: item.productId,
        name: lineLabel(product?.name ?? item.name, item.size, item.setSizes),
        photo: product?.photo ?? null,
        sku: product?.sku ?? null,
        size: item.size,
        setSizes: item.setSizes,
        qty: item.quantity,
        minQty: units.minQty,
        packOf: units.packOf,
        unitsLabel: unitsLabel(units),
        unitPrice: sold && product ? tierUnitPrice(product, item.quantity) : null,
        problem: sold ? listProblem(problem) : "No longer sold",
      };
    }),
  };
}

/** A line's problem in a list's words: the cart's messages ask to remove it from the cart. */
function listProblem(problem: LineProblem | undefined): string | null {
  if (!problem) return null;
  if (problem.kind === "sold-out") return "Sold out";
  if (problem.kind === "insufficient-stock") return `Only ${problem.available ?? 0} in stock`;
  if (problem.kind === "choose-size") return "Choose a size on its page";
  if (problem.kind === "unavailable") return "No longer sold";
  return problem.message;
}

/** Renames the list and sets its lines as given (quantities changed, lines removed). */
export async function updateList(
  db: Db,
  storeId: string,
  customerId: string,
  listId: string,
  input: { name: string; lines: ListLine[] },
): Promise<ListOutcome<ListSummary>> {
  const lines = mergeLines(input.lines);
  const names = await namesOf(db, storeId, lines);
  if (!names) return { ok: false, status: 422, error: ORDER_REQUEST_MESSAGES.product };
  try {
    return await db.transaction(async (tx): Promise<ListOutcome<ListSummary>> => {
      const list = await ownList(tx, storeId, customerId, listId, true);
      if (!list) return { ok: false, status: 404, error: LIST_MESSAGES.notFound };
      await tx
        .update(shoppingLists)
        .set({ name: input.name, updatedAt: sql`now()` })
        .where(eq(shoppingLists.id, list.id));
      await writeLines(tx, list.id, lines, names);
      return { ok: true, value: { id: list.id, name: input.name, itemCount: lines.length } };
    });
  } catch (error) {
    if (isUniqueViolation(error, "shopping_lists_customer_name")) {
      return { ok: false, status: 409, error: LIST_MESSAGES.nameTaken };
    }
    throw error;
  }
}

/** Adds a product to the list; a line already there for it takes the quantity on. */
export async function addToList(
  db: Db,
  storeId: string,
  customerId: string,
  listId: string,
  line: ListLine,
): Promise<ListOutcome<ListSummary>> {
  const names = await namesOf(db, storeId, [line]);
  if (!names) return { ok: false, status: 422, error: ORDER_REQUEST_MESSAGES.product };
  return db.transaction(async (tx): Promise<ListOutcome<ListSummary>> => {
    const list = await ownList(tx, storeId, customerId, listId, true);
    if (!list) return { ok: false, status: 404, error: LIST_MESSAGES.notFound };
    const [{ lines = 0 } = {}] = await tx
      .select({ lines: count() })
      .from(shoppingListItems)
      .where(eq(shoppingListItems.listId, list.id));
    await tx
      .insert(shoppingListItems)
      .values({
        listId: list.id,
        productId: line.productId,
        name: names.get(line.productId) ?? "",
        size: line.size,
        setSizes: [...line.setSizes].sort(),
        lineKey: lineKey(line),
        quantity: line.qty,
        position: lines,
      })
      .onConflictDoUpdate({
        target: [shoppingListItems.listId, shoppingListItems.lineKey],
        set: { quantity: sql`least(${shoppingListItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
      });
    await tx.update(shoppingLists).set({ updatedAt: sql`now()` }).where(eq(shoppingLists.id, list.id));
    const [{ after = 0 } = {}] = await tx
      .select({ after: count() })
      .from(shoppingListItems)
      .where(eq(shoppingListItems.listId, list.id));
    return { ok: true, value: { id: list.id, name: list.name, itemCount: after } };
  });
}

export async function deleteList(db: Db, storeId: string, customerId: string, listId: string): Promise<boolean> {
  if (!isUuid(listId)) return false;
  const deleted = await db
    .delete(shoppingLists)
    .where(
      and(eq(shoppingLists.id, listId), eq(shoppingLists.storeId, storeId), eq(shoppingLists.customerId, customerId)),
    )
    .returning({ id: shoppingLists.id });
  return deleted.length > 0;
}

/** "Add list to cart": the list's lines at today's prices and stock, and what was left out and why. */
export async function listToCart(
  db: Db,
  storeId: string,
  customerId: string,
  listId: string,
): Promise<CartLinesNow | null> {
  const list = await ownList(db, storeId, customerId, listId);
  if (!list) return null;
  const items = await linesOf(db, list.id);
  return cartLinesNow(
    db,
    storeId,
    items.map((item) => ({
      productId: item.productId,
      size: item.size,
      setSizes: item.setSizes,
      qty: item.quantity,
      name: item.name,
    })),
  );
}
