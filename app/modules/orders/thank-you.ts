import type { PaymentStatus } from "../payments/status";

/** The thank-you page's words and buttons per payment status (spec section 2). */

export const STATUS_HEADINGS: Record<PaymentStatus, string> = {
  paid: "Payment Successful",
  pending: "Checking",
  failed: "Payment Failed",
  refunded: "Payment Refunded",
  voided: "Payment Voided",
  unknown: "Order Status Unknown",
};

export const ORDER_PAGE_MESSAGES = {
  missing: "Order id missing.",
  notFound: "Order not found.",
  failed: "Failed to load your order.",
} as const;

/** Badge tone: paid success, pending warning, failed danger, others plain. */
export function statusTone(status: PaymentStatus): "success" | "warning" | "danger" | "plain" {
  if (status === "paid") return "success";
  if (status === "pending") return "warning";
  if (status === "failed") return "danger";
  return "plain";
}

export interface PageAction {
  label: string;
  to: string;
  primary?: boolean;
}

/** Continue Shopping (paid), Try Again (failed), Place a New Order (refunded or voided), then Browse Products and home. */
export function statusActions(status: PaymentStatus): PageAction[] {
  const first: PageAction[] =
    status === "paid"
      ? [{ label: "Continue Shopping", to: "/products", primary: true }]
      : status === "failed"
        ? [{ label: "Try Again", to: "/checkout", primary: true }]
        : status === "refunded" || status === "voided"
          ? [{ label: "Place a New Order", to: "/products", primary: true }]
          : [];
  const rest: PageAction[] = [
    { label: "Browse Products", to: "/products", primary: first.length === 0 },
    { label: "Go to Home", to: "/" },
  ];
  return [...first, ...rest];
}

/** How often the page asks for news of an order: often while a payment settles, else gently. */
export function pollInterval(status: PaymentStatus, paymentMethod: "COD" | "ONLINE"): number {
  if (paymentMethod === "ONLINE" && (status === "pending" || status === "unknown")) return 3_000;
  return 15_000;
}
