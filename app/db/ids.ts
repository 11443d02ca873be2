/**
 * Row ids are UUIDs. A string that is not one never reaches a query (PostgreSQL would refuse
 * it with an error, not an empty answer), so every id from a URL or a body is checked with this.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
