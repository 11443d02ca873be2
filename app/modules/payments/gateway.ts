import type { Paise } from "../money/types";
import type { GatewayOrder } from "./juspay/protocol";

/**
 * What Mandi needs from a payment gateway. Two implementations, chosen by PAYMENT_GATEWAY:
 * Juspay / HDFC SmartGateway, and the built-in sandbox (the same adapter talking to Mandi's own
 * simulated gateway), so both go through the same return-URL, status-check and webhook code.
 */

export interface SessionRequest {
  /** The gateway's order id for this attempt (≤ 17 characters, letters, digits, '-', '_'). */
  gatewayOrderId: string;
  amount: Paise;
  customer: { id: string | null; name: string; email: string; phone: string };
  description: string;
  returnUrl: string;
  /** Free fields kept by the gateway with the order (udf1..udf10). */
  udf?: Partial<Record<`udf${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`, string>>;
}

export interface PaymentSession {
  paymentLink: string;
  /** The gateway's own answer, kept with the attempt. */
  raw: unknown;
}

export interface RefundRequest {
  /** Under 21 characters; a repeat with the same id is recognised by the gateway. */
  uniqueRequestId: string;
  /** Omit for the full balance. */
  amount?: Paise;
}

export interface PaymentGateway {
  /** Recorded with each attempt: 'juspay' or 'sandbox'. */
  readonly name: "juspay" | "sandbox";
  createSession(request: SessionRequest): Promise<PaymentSession>;
  /** The gateway's authoritative status; null when it does not know the order. */
  getOrder(gatewayOrderId: string): Promise<GatewayOrder | null>;
  /** Whether the return URL's parameters are signed by the gateway (a hint, never proof of payment). */
  verifyReturn(params: URLSearchParams): boolean;
  /** Whether a webhook's Authorization header carries the configured credentials. */
  authenticateWebhook(authorization: string | null): boolean;
  refund(gatewayOrderId: string, request: RefundRequest): Promise<GatewayOrder>;
}

/** The spec's messages for a payment that could not be started (section 7). */
export const PAYMENT_MESSAGES = {
  startFailed: "Could not start payment. Please try again.",
  noLink: "Could not get payment page link from gateway.",
  missingOrderId: "Missing order id in return URL.",
  confirmFailed: "Could not confirm payment status. You will see the latest status on the next page.",
} as const;

export type GatewayErrorKind =
  | "network"
  | "timeout"
  | "http"
  | "unauthorized"
  | "invalid-request"
  | "no-link"
  | "bad-answer";

/** A gateway call that failed, with the spec's message for the shopper. */
export class GatewayError extends Error {
  override name = "GatewayError";
  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    readonly details: { status?: number; code?: string; body?: unknown } = {},
  ) {
    super(message);
  }

  /** What the shopper is told. */
  get userMessage(): string {
    return this.kind === "no-link" ? PAYMENT_MESSAGES.noLink : PAYMENT_MESSAGES.startFailed;
  }
}
