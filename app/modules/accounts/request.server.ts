import type { MandiContext } from "../../context";
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

export const SIGN_IN_REQUIRED = "Please sign in to continue.";
