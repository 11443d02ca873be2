import { timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { orders, paymentAttempts } from "../../db/schema";
import { tokenFor } from "../orders/access.server";
import { hashToken } from "../orders/tokens.server";

/**
 * Whether a request to the sandbox's payment page comes from the browser that placed the
 * order it pays (issue 53): the payment's gateway order id names one attempt of one order of
 * this store, and the request carries that order's access token (the HttpOnly `mandi_orders`
 * cookie). Anyone else who learns a payment link sees nothing and can choose nothing.
 */
export async function isPayersBrowser(
  db: Db,
  storeId: string,
  gatewayOrderId: string,
  cookieHeader: string | null,
  secure: boolean,
): Promise<boolean> {
  const [row] = await db
    .select({ orderId: orders.id, tokenHash: orders.accessTokenHash })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.gatewayOrderId, gatewayOrderId), eq(orders.storeId, storeId)))
    .limit(1);
  if (!row?.tokenHash) return false;
  const token = tokenFor(cookieHeader, row.orderId, secure);
  if (!token) return false;
  const given = Buffer.from(hashToken(token));
  const stored = Buffer.from(row.tokenHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
