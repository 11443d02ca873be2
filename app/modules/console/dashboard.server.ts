import { and, asc, eq, gte, isNotNull, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orders, products } from "../../db/schema";
import { LOW_STOCK_THRESHOLD } from "../catalog/rules";
import { type DayCount, dailySeries, indiaDay, indiaPeriods } from "./dashboard";
import { NO_FILTERS } from "./order-filters";
import { listConsoleOrders, statusCounts } from "./orders.server";

/** Orders and takings since an instant; cancelled orders count for neither. */
async function since(db: Db, storeId: string, from: Date) {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      takings: sql<number>`coalesce(sum(${orders.grandTotal}), 0)::bigint`,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), gte(orders.createdAt, from), ne(orders.status, "Cancelled")));
  return { orders: row?.orders ?? 0, takings: Number(row?.takings ?? 0) };
}

const PAST_DAYS_CACHE_MS = 5 * 60 * 1000;
/** The chart's days before today, by store: see `pastDays`. */
const pastDaysCache = new Map<string, { today: number; until: number; days: DayCount[] }>();

/**
 * Orders and takings per day for the 29 days before today. Past days change only when an old
 * order is cancelled, so each process reads them at most every five minutes (a busy shop's
 * month is 15,000 orders to group, 25 ms a visit); today's bar is read afresh on every visit.
 */
async function pastDays(db: Db, storeId: string, today: Date, now: Date): Promise<DayCount[]> {
  const cached = pastDaysCache.get(storeId);
  if (cached && cached.today === today.getTime() && cached.until > now.getTime()) return cached.days;
  const monthAgo = new Date(today.getTime() - 29 * 24 * 3600 * 1000);
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      orders: sql<number>`count(*)::int`,
      takings: sql<number>`coalesce(sum(${orders.grandTotal}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        gte(orders.createdAt, monthAgo),
        lt(orders.createdAt, today),
        ne(orders.status, "Cancelled"),
      ),
    )
    .groupBy(day);
  const days = rows.map((d) => ({ day: d.day, orders: d.orders, takings: Number(d.takings) }));
  pastDaysCache.set(storeId, { today: today.getTime(), until: now.getTime() + PAST_DAYS_CACHE_MS, days });
  return days;
}

/** Forgets the chart's past days (for tests that move orders back in time). */
export function forgetPastDays(): void {
  pastDaysCache.clear();
}

/**
 * The console's first page (issue 54): today's and this week's orders and takings, orders
 * waiting per status, products low on stock or sold out, the last ten orders, and orders per
 * day for 30 days.
 */
export async function loadDashboard(db: Db, storeId: string, now = new Date(), lowStock = LOW_STOCK_THRESHOLD) {
  const { today, week } = indiaPeriods(now);
  const [todays, weeks, counts, past, low, soldOut, recent] = await Promise.all([
    since(db, storeId, today),
    since(db, storeId, week),
    statusCounts(db, storeId),
    pastDays(db, storeId, today, now),
    db
      .select({ id: products.id, name: products.name, inventory: products.inventory })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          eq(products.active, true),
          eq(products.trackInventory, true),
          isNotNull(products.inventory),
          lte(products.inventory, lowStock),
        ),
      )
      .orderBy(asc(products.inventory), asc(products.name))
      .limit(12),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          eq(products.active, true),
          eq(products.trackInventory, true),
          lte(products.inventory, 0),
        ),
      ),
    listConsoleOrders(db, storeId, NO_FILTERS, 10),
  ]);
  const series: DayCount[] = dailySeries([...past, { day: indiaDay(now), ...todays }], now);
  return {
    today: todays,
    week: weeks,
    waiting: {
      Pending: counts.Pending ?? 0,
      Confirmed: counts.Confirmed ?? 0,
      Packed: counts.Packed ?? 0,
      Shipped: counts.Shipped ?? 0,
    },
    lowStock: low.map((p) => ({ id: p.id, name: p.name, inventory: p.inventory ?? 0 })),
    soldOut: soldOut[0]?.n ?? 0,
    recent: recent.rows,
    series,
  };
}
