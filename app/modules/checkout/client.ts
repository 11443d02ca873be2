/**
 * The browser's side of the Store API for the cart and checkout: quotes, pincode checks and
 * order placement with an idempotency key that survives a retry or a reload.
 */
import type { CartLine } from "../cart/rules";
import { csrfHeaders } from "../security/csrf";
import type { CartQuote, LineProblem } from "./quote";
import type { AddressFormInput } from "./schema";

export const LAST_ORDER_ID_KEY = "lastOrderId";
const CHECKOUT_KEY = "mandi:checkout-attempt";

export type QuoteLine = {
  productId: string;
  size: string | null;
  setSizes: string[];
  qty: number;
  expectedUnitPrice: number;
};

export function quoteLines(lines: readonly CartLine[]): QuoteLine[] {
  return lines.map((l) => ({
    productId: l.meta.productId,
    size: l.size,
    setSizes: l.setSizes,
    qty: l.qty,
    expectedUnitPrice: l.unitPrice,
  }));
}

/** The server's price of a cart, with the store's amount from which it may ask for a quote instead (issue 59). */
export type PricedCart = CartQuote & { quoteAbove: number };

export async function fetchQuote(
  lines: readonly CartLine[],
  coupon: string,
  pincode: string,
  signal?: AbortSignal,
): Promise<PricedCart> {
  const response = await fetch("/api/cart/quote", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ lines: quoteLines(lines), coupon, pincode }),
    signal,
  });
  if (!response.ok) throw new Error(`quote failed: ${response.status}`);
  return (await response.json()) as PricedCart;
}

export interface PincodeInfo {
  pincode: string;
  status: "servicable" | "not-servicable" | "pending";
  message: string;
  city: string | null;
  state: string | null;
  states: string[];
}

export async function fetchPincode(pincode: string, signal?: AbortSignal): Promise<PincodeInfo | null> {
  const response = await fetch(`/api/pincodes/${encodeURIComponent(pincode)}`, { signal });
  if (!response.ok) return null;
  return (await response.json()) as PincodeInfo;
}

export interface OrderPayload {
  lines: QuoteLine[];
  address: AddressFormInput;
  saveAddress: boolean;
  paymentMethod: "COD" | "ONLINE";
  coupon: string;
}

export type PlaceOrderResponse =
  | { ok: true; orderId: string; orderNumber: string; redirectTo: string }
  | { ok: false; status: number; error: string; problems: LineProblem[]; fields?: Record<string, string> };

/**
 * One idempotency key per distinct submission: the same payload (a double click, a retry
 * after a timeout, a reload of this tab) reuses the key, so the server returns the first order;
 * a changed cart or form gets a new key.
 */
function attemptKey(body: string): string {
  let hash = 0;
  for (let i = 0; i < body.length; i++) hash = (Math.imul(hash, 31) + body.charCodeAt(i)) | 0;
  const fingerprint = String(hash);
  try {
    const saved = JSON.parse(sessionStorage.getItem(CHECKOUT_KEY) ?? "null") as { fp: string; key: string } | null;
    if (saved?.fp === fingerprint) return saved.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(CHECKOUT_KEY, JSON.stringify({ fp: fingerprint, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

export function forgetAttempt(): void {
  try {
    sessionStorage.removeItem(CHECKOUT_KEY);
  } catch {}
}

export const ORDER_FAILED_MESSAGE = "Could not place order. Please try again.";
export const OFFLINE_ORDER_MESSAGE =
  "You're offline. Your order was not placed: please try again when you're connected.";

export async function submitOrder(payload: OrderPayload): Promise<PlaceOrderResponse> {
  const body = JSON.stringify(payload);
  const key = attemptKey(body);
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return { ok: false, status: 0, error: OFFLINE_ORDER_MESSAGE, problems: [] };
  }
  // A lost answer (timeout, dropped connection) is retried with the same key: the server
  // either finishes the first attempt's order or returns it.
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch("/api/orders", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key, ...csrfHeaders() },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.ok) {
        forgetAttempt();
        return {
          ok: true,
          orderId: String(data.orderId),
          orderNumber: String(data.orderNumber),
          redirectTo: String(data.redirectTo),
        };
      }
      // A 5xx without the server's own message is a proxy or a crash: try again with the key.
      if (response.status >= 500 && typeof data.error !== "string" && attempt < 3) continue;
      return {
        ok: false,
        status: response.status,
        error: typeof data.error === "string" ? data.error : ORDER_FAILED_MESSAGE,
        problems: Array.isArray(data.problems) ? (data.problems as LineProblem[]) : [],
        fields: (data.fields as Record<string, string> | undefined) ?? undefined,
      };
    } catch {
      if (attempt < 3) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        continue;
      }
      return { ok: false, status: 0, error: ORDER_FAILED_MESSAGE, problems: [] };
    }
  }
}

export function saveLastOrderId(orderId: string): void {
  try {
    localStorage.setItem(LAST_ORDER_ID_KEY, orderId);
  } catch {}
}

export function readLastOrderId(): string | null {
  try {
    return localStorage.getItem(LAST_ORDER_ID_KEY);
  } catch {
    return null;
  }
}

export type QuoteRequestResponse =
  | { ok: true; url: string; reference: string }
  | { ok: false; error: string; fields?: Record<string, string> };

/** Sends the cart as a request for a quote (POST /api/quotes); the answer's url opens it. */
export async function submitQuoteRequest(payload: {
  lines: QuoteLine[];
  address: AddressFormInput;
  note: string;
}): Promise<QuoteRequestResponse> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    return { ok: false, error: "You're offline. Your request was not sent: please try again when you're connected." };
  }
  try {
    const response = await fetch("/api/quotes", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...csrfHeaders() },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(20_000),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return { ok: true, url: String(data.url), reference: String(data.reference) };
    return {
      ok: false,
      error: typeof data.error === "string" ? data.error : "Could not send the request. Please try again.",
      fields: (data.fields as Record<string, string> | undefined) ?? undefined,
    };
  } catch {
    return { ok: false, error: "Could not send the request. Please try again." };
  }
}
