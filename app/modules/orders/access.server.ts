import { isUuid } from "../../db/ids";
import { readCookie } from "../security/csrf";

/**
 * Which orders this browser placed: an HttpOnly cookie of 'orderId.token' pairs, newest first.
 * The token is the order's access token (only its hash is stored), so the cookie proves the
 * browser placed the order without any server-side session.
 */
export const ORDER_ACCESS_COOKIE = "mandi_orders";
/** The cookie's name on an HTTPS store: bound to the exact host, Secure, path / (issue 53). */
export const ORDER_ACCESS_COOKIE_SECURE = "__Host-mandi_orders";
const KEEP = 10;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface OrderAccess {
  orderId: string;
  token: string;
}

/** On an HTTPS store only the `__Host-` cookie is read: no neighbouring host can have set it. */
export function readOrderAccess(cookieHeader: string | null | undefined, secure: boolean): OrderAccess[] {
  const raw = readCookie(cookieHeader, secure ? ORDER_ACCESS_COOKIE_SECURE : ORDER_ACCESS_COOKIE);
  if (!raw) return [];
  const out: OrderAccess[] = [];
  for (const pair of raw.split("~")) {
    const [orderId, token] = pair.split(".");
    if (orderId && token && isUuid(orderId) && /^[\w-]{20,100}$/.test(token)) {
      out.push({ orderId, token });
    }
  }
  return out.slice(0, KEEP);
}

export function tokenFor(cookieHeader: string | null | undefined, orderId: string, secure: boolean): string | null {
  return readOrderAccess(cookieHeader, secure).find((a) => a.orderId === orderId)?.token ?? null;
}

/** The Set-Cookie value with this order added in front. */
export function orderAccessCookie(cookieHeader: string | null | undefined, add: OrderAccess, secure: boolean): string {
  const list = [add, ...readOrderAccess(cookieHeader, secure).filter((a) => a.orderId !== add.orderId)].slice(0, KEEP);
  const value = list.map((a) => `${a.orderId}.${a.token}`).join("~");
  const name = secure ? ORDER_ACCESS_COOKIE_SECURE : ORDER_ACCESS_COOKIE;
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}${secure ? "; Secure" : ""}`;
}
