/**
 * Checks for values the browser kept (localStorage): the cart and the delivery location, read
 * on every page. They are written by this store's own scripts, so reading them is repair, not
 * defence: a value that is not what it should be is dropped or given its default. Plain checks
 * rather than zod, which would add 10 KB of script to every page (ADR 0022); the server checks
 * everything it is sent with zod.
 */

export type Fields = Readonly<Record<string, unknown>>;

/** An object (not an array, not null): its fields, to be checked one by one. */
export function fields(value: unknown): Fields | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;
}

/** A whole number of paise, zero or more. */
export function isMoney(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** A whole number of items, one or more. */
export function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** A number within [min, max]. */
export function isNumberWithin(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && value >= min && value <= max;
}

/** The value if `check` accepts it, else null. */
export function orNull<T>(value: unknown, check: (v: unknown) => v is T): T | null {
  return check(value) ? value : null;
}

export function isString(value: unknown): value is string {
  return typeof value === "string";
}
