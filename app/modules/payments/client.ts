/**
 * The browser's side of online payment: asking the server for a returning payment's status,
 * starting another attempt, and clearing the cart once per paid order.
 */
import { cart } from "../cart/cart-store";
import { csrfHeaders } from "../security/csrf";
import { PAYMENT_MESSAGES } from "./gateway";
import { PAYMENT_STATUSES, type PaymentStatus } from "./status";

export type ReturnCheck =
  | { ok: true; orderId: string; status: PaymentStatus }
  | { ok: false; orderId: string | null; error: string };

/** The spec's handleJuspayResponse: the server asks the gateway; app_status comes back. */
export async function confirmReturn(reference: string, query: string): Promise<ReturnCheck> {
  try {
    const response = await fetch("/api/payments/return", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...csrfHeaders() },
      body: JSON.stringify({ orderId: reference, query }),
      signal: AbortSignal.timeout(20_000),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const orderId = typeof data.orderId === "string" ? data.orderId : null;
    const status = String(data.app_status ?? "").toLowerCase() as PaymentStatus;
    if (response.ok && orderId && PAYMENT_STATUSES.includes(status)) return { ok: true, orderId, status };
    return { ok: false, orderId, error: PAYMENT_MESSAGES.confirmFailed };
  } catch {
    return { ok: false, orderId: null, error: PAYMENT_MESSAGES.confirmFailed };
  }
}

const CLEARED_KEY = "mandi:cart-cleared-for";

/** Clears the cart the first time this browser sees an order paid; never again for that order. */
export function clearCartOnceFor(orderId: string): boolean {
  try {
    const done = JSON.parse(localStorage.getItem(CLEARED_KEY) ?? "[]") as unknown;
    const list = Array.isArray(done) ? done.filter((x): x is string => typeof x === "string") : [];
    if (list.includes(orderId)) return false;
    localStorage.setItem(CLEARED_KEY, JSON.stringify([orderId, ...list].slice(0, 20)));
  } catch {
    // Storage unavailable: clearing once per page view is the best we can do.
  }
  cart.clear();
  return true;
}
