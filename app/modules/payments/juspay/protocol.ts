import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Paise } from "../../money/types";

/**
 * Juspay / HDFC SmartGateway protocol facts (../shared/reference/juspay.md) as code shared by
 * the adapter that talks to the gateway and the simulator that plays it (sandbox and tests).
 */

/** The gateway's order status codes and their numeric ids. */
export const JUSPAY_STATUS_IDS = {
  NEW: 10,
  STARTED: 20,
  CHARGED: 21,
  JUSPAY_DECLINED: 22,
  PENDING_VBV: 23,
  VBV_SUCCESSFUL: 24,
  AUTHENTICATION_FAILED: 26,
  AUTHORIZATION_FAILED: 27,
  AUTHORIZING: 28,
  COD_INITIATED: 29,
  VOIDED: 31,
  VOID_INITIATED: 32,
  CAPTURE_INITIATED: 33,
  CAPTURE_FAILED: 34,
  VOID_FAILED: 35,
  AUTO_REFUNDED: 36,
  NOT_FOUND: 40,
} as const;
export type JuspayStatus = keyof typeof JUSPAY_STATUS_IDS;

export const API_VERSION = "2023-06-30";

/** Order ids the gateway accepts: letters, digits, '-' and '_'; we keep them to 17 characters. */
export const GATEWAY_ORDER_ID = /^[A-Za-z0-9_-]{1,17}$/;

/** "1499.00" from 149900 paise: a string with exactly two decimals. */
export function formatAmount(amount: Paise): string {
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`not an amount in paise: ${amount}`);
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
}

/** Paise from the gateway's amount (a number or a string of rupees), or null when it is not one. */
export function parseAmount(value: unknown): Paise | null {
  const text = typeof value === "number" ? value.toFixed(2) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return (Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"))) as Paise;
}

/** `Authorization: Basic base64(user:password)`. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether an Authorization header carries exactly these Basic credentials (constant time). */
export function checkBasicAuth(header: string | null, user: string, password: string): boolean {
  if (!header) return false;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  // Digests first, so a wrong length costs the same time as a wrong byte.
  const given = createHash("sha256").update(Buffer.from(match[1], "base64")).digest();
  const expected = createHash("sha256").update(`${user}:${password}`).digest();
  return timingSafeEqual(given, expected);
}

/** Java's URLEncoder: space as '+', and also !'()~ percent-encoded. */
export function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, "+")
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const UNSIGNED = new Set(["signature", "signature_algorithm"]);

/**
 * The return URL's signature: every parameter but the signature's own, each key and value
 * form-encoded, sorted by encoded key, joined as k=v&..., form-encoded again, HMAC-SHA256 with
 * the response key, base64.
 */
export function signReturnParams(params: Iterable<[string, string]>, responseKey: string): string {
  const pairs = [...params]
    .filter(([key]) => !UNSIGNED.has(key))
    .map(([key, value]) => [formEncode(key), formEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const joined = pairs.map(([k, v]) => `${k}=${v}`).join("&");
  return createHmac("sha256", responseKey).update(formEncode(joined)).digest("base64");
}

/** Undoes percent-encoding up to twice: the signature may arrive encoded twice. */
function decodeSignature(value: string): string {
  let current = value;
  for (let i = 0; i < 2 && /%[0-9A-Fa-f]{2}/.test(current); i++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      break;
    }
  }
  return current;
}

/** Whether the return URL's parameters carry a valid signature for this response key. */
export function verifyReturnParams(params: URLSearchParams, responseKey: string): boolean {
  const signature = params.get("signature");
  if (!signature) return false;
  const algorithm = params.get("signature_algorithm");
  if (algorithm && algorithm.toUpperCase() !== "HMAC-SHA256") return false;
  const expected = Buffer.from(signReturnParams(params, responseKey));
  return sameBytes(Buffer.from(decodeSignature(signature)), expected);
}

/** The parts of the gateway's order status answer that Mandi acts on (extra fields are ignored). */
export interface GatewayOrder {
  /** The merchant's order id (ours). */
  orderId: string;
  status: string;
  statusId: number | null;
  amount: Paise | null;
  currency: string | null;
  refunded: boolean;
  amountRefunded: Paise | null;
  txnId: string | null;
  paymentMethodType: string | null;
  paymentMethod: string | null;
  errorMessage: string | null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** Reads an order status object leniently: Juspay adds fields over time. */
export function readGatewayOrder(body: unknown): GatewayOrder | null {
  if (typeof body !== "object" || body === null) return null;
  const o = body as Record<string, unknown>;
  const orderId = text(o.order_id);
  const status = text(o.status);
  if (!orderId || !status) return null;
  const txn =
    typeof o.txn_detail === "object" && o.txn_detail !== null ? (o.txn_detail as Record<string, unknown>) : {};
  return {
    orderId,
    status: status.toUpperCase(),
    statusId:
      typeof o.status_id === "number" ? o.status_id : Number.isFinite(Number(o.status_id)) ? Number(o.status_id) : null,
    amount: parseAmount(o.amount),
    currency: text(o.currency),
    refunded: o.refunded === true,
    amountRefunded: parseAmount(o.amount_refunded),
    txnId: text(o.txn_id),
    paymentMethodType: text(o.payment_method_type),
    paymentMethod: text(o.payment_method),
    errorMessage: text(txn.error_message) ?? text(o.bank_error_message),
  };
}

/** A webhook's body: the event and the order it is about. */
export interface GatewayEvent {
  id: string;
  name: string;
  orderId: string | null;
}

export function readGatewayEvent(body: unknown): GatewayEvent | null {
  if (typeof body !== "object" || body === null) return null;
  const e = body as Record<string, unknown>;
  const id = text(e.id);
  const name = text(e.event_name);
  if (!id || !name || id.length > 200) return null;
  const content = typeof e.content === "object" && e.content !== null ? (e.content as Record<string, unknown>) : {};
  const order =
    typeof content.order === "object" && content.order !== null ? (content.order as Record<string, unknown>) : {};
  return { id, name, orderId: text(order.order_id) };
}
