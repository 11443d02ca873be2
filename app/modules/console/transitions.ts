import type { OrderStatus } from "./statuses";

/**
 * The fulfilment workflow (issue 54): Pending -> Confirmed -> Packed -> Shipped -> Delivered,
 * and Cancelled from any state before Delivered. Pure rules, so the server and the order page
 * agree, and the unit tests read like the issue.
 */

const FORWARD: Partial<Record<OrderStatus, NextStatus>> = {
  Pending: "Confirmed",
  Confirmed: "Packed",
  Packed: "Shipped",
  Shipped: "Delivered",
};

/** The button that moves an order to a status, in the words staff use. */
export const STEP_LABELS: Record<NextStatus, string> = {
  Confirmed: "Confirm order",
  Packed: "Mark packed",
  Shipped: "Mark shipped",
  Delivered: "Mark delivered",
  Cancelled: "Cancel order",
};

export interface OrderFacts {
  status: string;
  paymentMethod: "COD" | "ONLINE";
  paymentStatus: string;
  /** A COD order still waiting for the code sent to its phone. */
  awaitingCode: boolean;
}

export const TRANSITION_MESSAGES = {
  illegal: (from: string, to: string) => `An order that is ${from} cannot be marked ${to}.`,
  awaitingCode: "This order waits for the customer's code; it cannot be confirmed until they give it.",
  unpaid: "This online order is not paid yet; confirm it once the payment has come.",
  paidOnline: "This online order is paid: use Cancel and refund, which gives the payment back through the gateway.",
  changed: (now: string) => `This order is now ${now}: someone else changed it. The page shows it as it is now.`,
} as const;

/** A status an order can be moved to (none goes back to Pending). */
export type NextStatus = Exclude<OrderStatus, "Pending">;

/** Where an order may go next from its status. */
export function nextStatuses(status: string): NextStatus[] {
  if (status === "Delivered" || status === "Cancelled") return [];
  const forward = FORWARD[status as OrderStatus];
  return forward ? [forward, "Cancelled"] : ["Cancelled"];
}

/**
 * Why the order may not move to `to`, or null. A paid online order is cancelled only together
 * with its refund (`refunding`).
 */
export function transitionProblem(order: OrderFacts, to: NextStatus, refunding = false): string | null {
  if (!nextStatuses(order.status).includes(to)) return TRANSITION_MESSAGES.illegal(order.status, to);
  if (to === "Confirmed" && order.awaitingCode) return TRANSITION_MESSAGES.awaitingCode;
  if (to === "Confirmed" && order.paymentMethod === "ONLINE" && order.paymentStatus !== "paid") {
    return TRANSITION_MESSAGES.unpaid;
  }
  if (to === "Cancelled" && order.paymentMethod === "ONLINE" && order.paymentStatus === "paid" && !refunding) {
    return TRANSITION_MESSAGES.paidOnline;
  }
  return null;
}
