import { formatINR } from "../money/format";
import type { Paise } from "../money/types";

/** What may be refunded on an order (issue 54): pure, from exact amounts. */

export const REFUND_MESSAGES = {
  notPaid: "Only a paid order can be refunded.",
  nothingLeft: "This order is refunded in full already.",
  tooMuch: (most: Paise, refunded: Paise, paid: Paise) =>
    `You can refund at most ${formatINR(most)}: ${formatINR(refunded)} of ${formatINR(paid)} is refunded already.`,
  amount: "Enter an amount above ₹0.",
  mode: "Say how the money was given back: cash, UPI or bank transfer.",
  gatewayFailed: "The gateway did not take the refund. Nothing was refunded; try again in a moment.",
} as const;

/** Why this refund may not be made, or null: never above what was paid less what is refunded or on its way. */
export function refundProblem(input: { paid: Paise; refunded: Paise; amount: Paise }): string | null {
  if (input.amount <= 0) return REFUND_MESSAGES.amount;
  const most = input.paid - input.refunded;
  if (most <= 0) return REFUND_MESSAGES.nothingLeft;
  if (input.amount > most) return REFUND_MESSAGES.tooMuch(most, input.refunded, input.paid);
  return null;
}

/** What the refunds of an order take from what can still be refunded: all but the failed ones. */
export function refundedTotal(refunds: ReadonlyArray<{ amount: Paise; status: string }>): Paise {
  return refunds.reduce((sum, r) => (r.status === "failed" ? sum : sum + r.amount), 0);
}
