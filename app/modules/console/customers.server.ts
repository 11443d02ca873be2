import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import { customers, orders } from "../../db/schema";
import { afterCursor, exactTime } from "./cursor.server";
import { searchKind } from "./order-filters";

/**
 * The console's customers (issue 54): the people with a record in the store (signed in once,
 * or whose phone ordered), newest first, searched by name, phone or email; and one customer's
 * saved details with their orders.
 */

export const CUSTOMERS_PAGE = 50;

export interface CustomerRow {
  id: string;
  name: string;
  companyName: string;
  phone: string | null;
  email: string | null;
  createdAt: string;
  orders: number;
  spent: number;
  lastOrderAt: string | null;
}

function searchCondition(q: string): SQL | undefined {
  const search = searchKind(q);
  const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  switch (search.kind) {
    case "none":
      return undefined;
    case "phone":
      return search.digits.length === 10
        ? eq(customers.phone, search.digits)
        : sql`${customers.phone} like ${like(search.digits)}`;
    case "email":
      return sql`lower(${customers.email}) = ${search.email}`;
    case "number-or-name":
    case "name": {
      const text = search.kind === "name" ? search.text : search.text.replace(/^#/, "");
      return or(
        sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${like(text)}`,
        ilike(customers.companyName, like(text)),
      );
    }
  }
}

/** Orders by the customer's phone (a guest's orders with it too, ADR 0052) or linked to them. */
const theirOrders = sql`${orders.storeId} = ${customers.storeId} and (${orders.phone} = ${customers.phone} or ${orders.customerId} = ${customers.id})`;

export async function listCustomers(
  db: Db,
  storeId: string,
  q: string,
  after: string | null,
): Promise<{ rows: CustomerRow[]; next: string | null }> {
  const conditions: SQL[] = [eq(customers.storeId, storeId)];
  const search = searchCondition(q);
  if (search) conditions.push(search);
  const cursor = after ? afterCursor(after, customers.createdAt, customers.id) : null;
  if (cursor) conditions.push(cursor);
  const found = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      companyName: customers.companyName,
      phone: customers.phone,
      email: customers.email,
      createdAt: customers.createdAt,
      at: exactTime(customers.createdAt),
      orders: sql<number>`(select count(*)::int from ${orders} where ${theirOrders})`,
      spent: sql<string>`(select coalesce(sum(${orders.grandTotal}), 0)::bigint from ${orders} where ${theirOrders} and ${orders.status} <> 'Cancelled')`,
      lastOrderAt: sql<string | null>`(select max(${orders.createdAt}) from ${orders} where ${theirOrders})`,
    })
    .from(customers)
    .where(and(...conditions))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(CUSTOMERS_PAGE + 1);
  const rows = found.slice(0, CUSTOMERS_PAGE).map((c) => ({
    id: c.id,
    name: [c.firstName, c.lastName].filter(Boolean).join(" "),
    companyName: c.companyName,
    phone: c.phone,
    email: c.email,
    createdAt: c.createdAt.toISOString(),
    orders: c.orders,
    spent: Number(c.spent),
    lastOrderAt: c.lastOrderAt ? new Date(c.lastOrderAt).toISOString() : null,
  }));
  const last = found[CUSTOMERS_PAGE - 1];
  return { rows, next: found.length > CUSTOMERS_PAGE && last ? `${last.at}_${last.id}` : null };
}

export async function loadCustomer(db: Db, storeId: string, customerId: string) {
  if (!isUuid(customerId)) return null;
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId.toLowerCase())));
  if (!customer) return null;
  const history = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      grandTotal: orders.grandTotal,
      signedIn: orders.signedIn,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        customer.phone
          ? or(eq(orders.phone, customer.phone), eq(orders.customerId, customer.id))
          : eq(orders.customerId, customer.id),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return {
    id: customer.id,
    name: [customer.firstName, customer.lastName].filter(Boolean).join(" "),
    phone: customer.phone,
    email: customer.email,
    companyName: customer.companyName,
    gstNumber: customer.gstNumber,
    address: [customer.address, customer.apartment, customer.landmark ? `near ${customer.landmark}` : ""]
      .filter(Boolean)
      .join(", "),
    city: customer.city,
    state: customer.state,
    pin: customer.pin,
    createdAt: customer.createdAt.toISOString(),
    orders: history.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    spent: history.filter((o) => o.status !== "Cancelled").reduce((n, o) => n + o.grandTotal, 0),
  };
}
