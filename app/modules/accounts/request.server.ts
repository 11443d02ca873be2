import { and, eq } from "drizzle-orm";
import type { MandiContext } from "../../context";
import { customers } from "../../db/schema";
import type { Store } from "../store/store.server";
import { type Customer, loadCustomer } from "./account.server";
import { readSession, readSessionToken, type SignedIn } from "./sessions.server";

/**
 * The request's session, looked up once per request: the root loader (the header's state) and
 * the page's loader both ask, in parallel. A browser without a session cookie costs no query.
 */
const sessionsByRequest = new WeakMap<MandiContext, Promise<SignedIn | null>>();

function sessionOf(request: Request, context: MandiContext, store: Store): Promise<SignedIn | null> {
  let session = sessionsByRequest.get(context);
  if (!session) {
    const token = readSessionToken(request.headers.get("cookie"));
    session = token ? readSession(context.db, store.id, token) : Promise.resolve(null);
    sessionsByRequest.set(context, session);
  }
  return session;
}

/** The signed-in customer of a request (its session cookie), or null. */
export async function signedInCustomer(
  request: Request,
  context: MandiContext,
  store: Store,
): Promise<Customer | null> {
  const session = await sessionOf(request, context, store);
  if (!session) return null;
  return loadCustomer(context.db, store.id, session.customerId);
}

/** What the header shows of a signed-in customer. */
export interface AccountBadge {
  /** First name, or '' when none is saved. */
  firstName: string;
}

/** The header's signed-in state: the request's (shared) session lookup, then the name. */
export async function accountBadge(
  request: Request,
  context: MandiContext,
  store: Store,
): Promise<AccountBadge | null> {
  const session = await sessionOf(request, context, store);
  if (!session) return null;
  const [row] = await context.db
    .select({ firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.storeId, store.id), eq(customers.id, session.customerId)));
  return row ? { firstName: row.firstName.trim() } : null;
}

export const SIGN_IN_REQUIRED = "Please sign in to continue.";
