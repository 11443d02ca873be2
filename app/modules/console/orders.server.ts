import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orderNameWords, orders } from "../../db/schema";
import type { Paise } from "../money/types";
import { afterCursor, exactTime } from "./cursor.server";
import { COUNT_CAP, indiaDayEnd, indiaDayStart, type OrderFilters, searchKind } from "./order-filters";
import { ORDER_STATUSES } from "./statuses";

/**
 * The console's orders desk, reading (issue 54): newest first, a page at a time by cursor
 * (the last row's time and id, so a page never repeats or skips a row when orders arrive), by
 * status, payment, method, days and pincode, and searched by order number, phone, name or email.
 */

export const PAGE_SIZE = 50;

export interface OrderRow {
  id: string;
  orderNumber: string;
  createdAt: string;
  customerName: string;
  phone: string;
  pincode: string;
  items: number;
  grandTotal: Paise;
  paymentMethod: "COD" | "ONLINE";
  paymentStatus: string;
  status: string;
  awaitingCode: boolean;
}

/** The conditions of `filters`, the page cursor aside: shared by the list, the new-orders check and the export. */
export function filterConditions(storeId: string, filters: OrderFilters): SQL[] {
  const conditions: SQL[] = [eq(orders.storeId, storeId)];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.paymentStatus) conditions.push(eq(orders.paymentStatus, filters.paymentStatus));
  if (filters.paymentMethod) conditions.push(eq(orders.paymentMethod, filters.paymentMethod));
  if (filters.from) conditions.push(gte(orders.createdAt, indiaDayStart(filters.from)));
  if (filters.to) conditions.push(lt(orders.createdAt, indiaDayEnd(filters.to)));
  if (filters.pincode) conditions.push(sql`${orders.customerAddress}->>'pin' = ${filters.pincode}`);
  const search = searchCondition(storeId, filters.q);
  if (search) conditions.push(search);
  return conditions;
}

/**
 * A search by what it looks like, each through an index: an order number, a whole phone, an
 * email; the end of a phone (its digits reversed, as a prefix); the words of a name or company,
 * each as the start of a word ("meera ra" finds Meera Rao).
 */
function searchCondition(storeId: string, q: string): SQL | undefined {
  const search = searchKind(q);
  switch (search.kind) {
    case "none":
      return undefined;
    case "phone":
      return search.digits.length === 10
        ? eq(orders.phone, search.digits)
        : sql`(reverse(${orders.phone}) collate "C") like ${`${[...search.digits].reverse().join("")}%`}`;
    case "email":
      return sql`lower(${orders.email}) = ${search.email}`;
    case "number-or-name":
      // Two index reads joined, not an OR: the planner answers an OR of the two by walking
      // every order newest first (2.7 s at 200,000 orders), as neither index alone covers it.
      return sql`${orders.id} in (
        select ${orders.id} from ${orders} where ${orders.storeId} = ${storeId} and ${orders.orderNumber} = ${search.number}
        union all
        select ${orders.id} from ${orders} where ${orders.storeId} = ${storeId} and ${nameCondition(search.text)})`;
    case "name":
      return nameCondition(search.text);
  }
}

/** Every word typed, as the start of a word of the customer's name or company; null when no word is left. */
export function nameQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(" & ")
    : null;
}

function nameCondition(text: string): SQL {
  const query = nameQuery(text);
  return query
    ? sql`${orderNameWords(orders.customerAddress)} @@ to_tsquery('simple'::regconfig, ${query})`
    : sql`false`;
}

export async function listConsoleOrders(
  db: Db,
  storeId: string,
  filters: OrderFilters,
  pageSize = PAGE_SIZE,
): Promise<{ rows: OrderRow[]; next: string | null; newest: string | null }> {
  const conditions = filterConditions(storeId, filters);
  const after = filters.after ? afterCursor(filters.after, orders.createdAt, orders.id) : null;
  if (after) conditions.push(after);
  const found = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      at: exactTime(orders.createdAt),
      address: orders.customerAddress,
      phone: orders.phone,
      grandTotal: orders.grandTotal,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      codeConfirmBy: orders.codeConfirmBy,
      // Qualified by hand: inside the subquery a bare "id" would be the item's.
      items: sql<number>`(select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize + 1);
  const rows = found.slice(0, pageSize).map((o) => ({
    id: o.id,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt.toISOString(),
    customerName: [o.address.firstName, o.address.lastName].filter(Boolean).join(" "),
    phone: o.phone,
    pincode: o.address.pin,
    items: o.items,
    grandTotal: o.grandTotal,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    status: o.status,
    awaitingCode: o.codeConfirmBy !== null,
  }));
  const last = rows.at(-1);
  const lastFound = found[pageSize - 1];
  return {
    rows,
    next: found.length > pageSize && last && lastFound ? `${lastFound.at}_${last.id}` : null,
    newest: found[0]?.at ?? null,
  };
}

/**
 * How many orders each status holds, for the desk's tabs and the dashboard, each read from the
 * status index and capped at COUNT_CAP + 1 (above the cap the tab says "1,000+"): counting every
 * delivered order of a busy shop on each page would cost more than the page.
 */
export async function statusCounts(db: Db, storeId: string): Promise<Record<string, number>> {
  const rows = (await db.execute(sql`
    select s.status, (
      select count(*)::int from (
        select 1 from ${orders} where ${orders.storeId} = ${storeId}::uuid and ${orders.status} = s.status
        limit ${COUNT_CAP + 1}
      ) capped
    ) as n
    from unnest(${`{${ORDER_STATUSES.join(",")}}`}::text[]) as s(status)`)) as unknown as {
    rows: Array<{ status: string; n: number }>;
  };
  return Object.fromEntries(rows.rows.map((r) => [r.status, Number(r.n)]));
}

/** Orders waiting to be confirmed, up to 100: the console menu's badge on every page. */
export async function pendingCount(db: Db, storeId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.status, "Pending")))
      .limit(100)
      .as("pending"),
  );
  return row?.n ?? 0;
}

/**
 * Orders that match `filters` and arrived after `since` (the newest the page showed): the
 * desk asks every few seconds, so it reads the newest-first index from the top and stops at
 * 100.
 */
export async function newOrdersSince(db: Db, storeId: string, filters: OrderFilters, since: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(...filterConditions(storeId, filters), sql`${orders.createdAt} > ${since}::timestamptz`))
      .limit(100)
      .as("recent"),
  );
  return row?.n ?? 0;
}
