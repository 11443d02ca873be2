import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { storeDomains } from "../../db/schema";

/**
 * Where a message's links point (issue 57): the store's own address, its first domain, else
 * the installation's (PUBLIC_URL, else the server's own address), with the installation's scheme.
 */

/** The store's first domain, as a column of a select; `storeId` is the row's store. */
export function storeHost(storeId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select ${storeDomains.host} from ${storeDomains}
    where ${storeDomains.storeId} = ${storeId} order by ${storeDomains.createdAt} limit 1)`;
}

/** "https://shop.in" for a store on shop.in; the installation's origin for a store without a domain. */
export function storeOrigin(host: string | null, installation: string): string {
  const base = new URL(installation);
  return host ? `${base.protocol}//${host}` : base.origin;
}
