import { formatINR } from "../money/format";
import type { Paise } from "../money/types";
import type { StoreOrderRules } from "../store/settings";

/**
 * The store's limits on orders that prove nothing (issue 53): a guest's order value and units
 * per line, and which cash-on-delivery orders wait for a one-time code to their phone. Pure, so
 * the checkout's answers are tested from exact numbers and texts.
 */

export const ORDER_RULE_MESSAGES = {
  tooManyFromHere: (when: string) => `Too many orders from here. Please try again ${when}.`,
  tooManyForPhone: (when: string) => `Too many orders for this phone number. Please try again ${when}.`,
  guestOrderValue: (max: Paise) =>
    `Orders above ${formatINR(max)} need you to sign in first. Please sign in with your phone and place the order again.`,
  guestLineQuantity: (name: string, max: number) =>
    `${name}: at most ${max} can be ordered without signing in. Please sign in to order more, or lower the quantity.`,
} as const;

/** Why a guest may not place this order as it is, or null (signed-in customers are not limited). */
export function guestLimitProblem(
  rules: Pick<StoreOrderRules, "guestMaxOrderValue" | "guestMaxLineQuantity">,
  order: { grandTotal: Paise; lines: ReadonlyArray<{ name: string; qty: number }> },
): string | null {
  if (rules.guestMaxOrderValue > 0 && order.grandTotal > rules.guestMaxOrderValue) {
    return ORDER_RULE_MESSAGES.guestOrderValue(rules.guestMaxOrderValue);
  }
  if (rules.guestMaxLineQuantity > 0) {
    const over = order.lines.find((line) => line.qty > rules.guestMaxLineQuantity);
    if (over) return ORDER_RULE_MESSAGES.guestLineQuantity(over.name, rules.guestMaxLineQuantity);
  }
  return null;
}

/**
 * Whether a COD order waits for the code sent to its phone: above the store's amount, unless a
 * signed-in customer orders to the very phone they proved when signing in.
 */
export function needsOrderCode(
  rules: Pick<StoreOrderRules, "codCodeEnabled" | "codCodeAbove">,
  order: { paymentMethod: "COD" | "ONLINE"; grandTotal: Paise; phone: string; signedInPhone: string | null },
): boolean {
  if (!rules.codCodeEnabled || order.paymentMethod !== "COD") return false;
  if (order.signedInPhone !== null && order.signedInPhone === order.phone) return false;
  return order.grandTotal > rules.codCodeAbove;
}

/** Until when an unconfirmed COD order holds its stock. */
export function codeDeadline(rules: Pick<StoreOrderRules, "codCodeMinutes">, now: Date): Date {
  return new Date(now.getTime() + rules.codCodeMinutes * 60_000);
}

/** A phone as a message may show it to whoever holds the order's page: the last four digits. */
export function phoneHint(phone: string): string {
  return `+91 ••••••${phone.slice(-4)}`;
}
