import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Pages by cursor (the last row's time and id), exact to the microsecond PostgreSQL keeps: a
 * JavaScript Date keeps milliseconds only, and a cursor cut to the millisecond would skip rows
 * made in the same millisecond as a page's last one, or count the newest order as new again.
 */

/** A timestamp as ISO text with its microseconds, in UTC: "2026-12-05T09:20:44.123456Z". */
export function exactTime(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export const CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)_([0-9a-f-]{36})$/;
export const EXACT_TIME_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z$/;

/** Rows after the cursor `<exact time>_<id>` in newest-first order, or null for a cursor that is not one. */
export function afterCursor(cursor: string, time: AnyPgColumn, id: AnyPgColumn): SQL | null {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match) return null;
  const [, at, last] = match;
  return sql`(${time} < ${at}::timestamptz or (${time} = ${at}::timestamptz and ${id} < ${last}::uuid))`;
}
