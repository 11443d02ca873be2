import { type SQL, sql } from "drizzle-orm";
import { isUuid } from "./ids";

/**
 * A list of ids as one uuid[] parameter, for `column = any(...)`: the planner finds each row
 * through the column's index, and the statement's text stays the same whatever the count (a
 * list of parameters would make every count another statement). Every id must be a UUID;
 * callers check ids from outside before they get here, so anything else is a bug.
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${uuidArrayLiteral(ids)}::uuid[]`;
}

/** The same list as the text of a uuid[] value ('{a,b}'), for a placeholder. */
export function uuidArrayLiteral(ids: readonly string[]): string {
  for (const id of ids) if (!isUuid(id)) throw new Error(`not a UUID: ${JSON.stringify(id)}`);
  return `{${ids.join(",")}}`;
}
