/**
 * Payment status (spec section 4) and the gateway's codes (reference/juspay.md).
 */

export const PAYMENT_STATUSES = ["paid", "pending", "failed", "refunded", "voided", "unknown"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const settled = new Set<string>(["paid", "pending", "failed", "refunded", "voided"]);
type SettledStatus = Exclude<PaymentStatus, "unknown">;

function isSettled(value: string): value is SettledStatus {
  return settled.has(value);
}

const gatewayMap: Record<string, PaymentStatus> = {
  // The spec's mapping.
  CHARGED: "paid",
  PENDING: "pending",
  PENDING_VBV: "pending",
  REFUNDED: "refunded",
  VOIDED: "voided",
  AUTHENTICATION_FAILED: "failed",
  AUTHORIZATION_FAILED: "failed",
  FAILED: "failed",
  // Juspay's further codes, mapped as the reference describes.
  NEW: "pending",
  STARTED: "pending",
  AUTHORIZING: "pending",
  VBV_SUCCESSFUL: "pending",
  JUSPAY_DECLINED: "failed",
  AUTO_REFUNDED: "refunded",
  // Authorised but not yet captured: the money is not the shop's yet.
  AUTHORIZED: "pending",
  CAPTURE_INITIATED: "pending",
  // PARTIAL_CHARGED, CAPTURE_FAILED, VOID_INITIATED, VOID_FAILED, COD_INITIATED, NOT_FOUND:
  // unknown, for the shop to look at.
};

export interface GatewayOrderFacts {
  status: string | null | undefined;
  /** Juspay keeps status CHARGED on a refunded order and sets refunded: true. */
  refunded?: boolean | null;
  /** With the amount, tells a partial refund (the order stays paid) from a whole one (reference/juspay.md). */
  amount?: number | null;
  amountRefunded?: number | null;
}

/** Maps a gateway status code to a payment status; anything unrecognised is unknown. */
export function mapGatewayStatus(facts: GatewayOrderFacts | string | null | undefined): PaymentStatus {
  const f = typeof facts === "object" && facts !== null ? facts : { status: facts };
  const code = (f.status ?? "").trim().toUpperCase();
  const mapped = gatewayMap[code] ?? "unknown";
  if (mapped === "paid" && f.refunded === true) {
    const partial = typeof f.amount === "number" && typeof f.amountRefunded === "number" && f.amountRefunded < f.amount;
    return partial ? "paid" : "refunded";
  }
  return mapped;
}

export interface PaymentStatusSources {
  /** The order's own status field. */
  orderStatus?: string | null;
  /** The status in the thank-you page's query string. */
  queryStatus?: string | null;
  /** Last gateway status received by webhook (pg.webhook.gatewayStatus). */
  webhookGatewayStatus?: string | null;
  /** Last gateway status read by a status call (pg.lastPolled.gatewayStatus). */
  polledGatewayStatus?: string | null;
}

function present(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * Normalisation in the spec's order: the order's own status if it is one of the five; else
 * the query status (pending_verification is pending); else the webhook's gateway status;
 * else the last-polled gateway status; else unknown.
 */
export function normalisePaymentStatus(sources: PaymentStatusSources): PaymentStatus {
  const own = (sources.orderStatus ?? "").trim().toLowerCase();
  if (isSettled(own)) return own;
  const query = (sources.queryStatus ?? "").trim().toLowerCase();
  if (query === "pending_verification") return "pending";
  if (isSettled(query)) return query;
  if (present(sources.webhookGatewayStatus)) return mapGatewayStatus(sources.webhookGatewayStatus);
  if (present(sources.polledGatewayStatus)) return mapGatewayStatus(sources.polledGatewayStatus);
  return "unknown";
}

/**
 * Transitions only move forward: a late PENDING never overwrites paid; refunded and voided
 * follow paid (a refund seen before its charge still counts); a failed payment may be tried
 * again (pending) or succeed late (paid).
 */
const forward: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unknown: ["pending", "paid", "failed", "refunded", "voided"],
  pending: ["paid", "failed", "refunded", "voided"],
  failed: ["pending", "paid", "refunded"],
  paid: ["refunded", "voided"],
  refunded: [],
  voided: [],
};

export function isForwardTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return forward[from].includes(to);
}
