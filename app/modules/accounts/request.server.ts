import { and, eq } from "drizzle-orm";
import type { MandiContext } from "../../context";
import { customers } from "../../db/schema";
import type { Store } from "../store/store.server";
import { type Customer, loadCustomer } from "./account.server";
import { readSession, readSessionToken } from "./sessions.server";

/** The signed-in customer of a request (its session cookie), or null. */
export async function signedInCustomer(
  request: Request,
  context: MandiContext,
  store: Store,
): Promise<Customer | null> {
  const session = await readSession(context.db, store.id, readSessionToken(request.headers.get("cookie")));
  if (!session) return null;
  return loadCustomer(context.db, store.id, session.customerId);
}

/** What the header shows of a signed-in customer. */
export interface AccountBadge {
  /** First name, or '' when none is saved. */
  firstName: string;
}

/**
 * The header's signed-in state. A browser without a session cookie (every anonymous shopper)
 * costs no query; one with a cookie costs the session lookup and the name.
 */
export async function accountBadge(
  request: Request,
  context: MandiContext,
  store: Store,
): Promise<AccountBadge | null> {
  const token = readSessionToken(request.headers.get("cookie"));
  if (!token) return null;
  const session = await readSession(context.db, store.id, token);
  if (!session) return null;
  const [row] = await context.db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.storeId, store.id), eq(customers.id, session.customerId)));
  return row ? { firstName: row.firstName.trim() } : null;
}

export const SIGN_IN_REQUIRED = "Please sign in to continue.";
