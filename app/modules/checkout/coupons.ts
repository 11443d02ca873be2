import { formatINR } from "../money/format";
import type { Paise } from "../money/types";

/**
 * Coupons (spec section 9; issue 56): each store's own, kept in the database and managed in the
 * console. The rules here are pure: what a coupon takes off a subtotal, now. Whether its last
 * use is still free is settled when the order is recorded (coupons.server.ts).
 */

export const INVALID_COUPON_MESSAGE = "Invalid coupon or conditions not met.";
/** How long the invalid-coupon message stays on screen. */
export const INVALID_COUPON_MESSAGE_MS = 2500;

export interface CouponRule {
  id: string;
  code: string;
  kind: "flat" | "percent";
  /** Flat: paise off. Percent: basis points of the subtotal (1000 is 10%). */
  value: number;
  minSubtotal: Paise;
  maxDiscount: Paise | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  perCustomer: number | null;
  uses: number;
  active: boolean;
}

export type CouponResult =
  | { ok: true; code: string; discount: Paise }
  | { ok: false; message: typeof INVALID_COUPON_MESSAGE };

/** Coupon codes are trimmed and upper-cased. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const rupee = 100;

/** What the coupon takes off: a flat amount, or a percentage rounded to the rupee; at most its cap and the subtotal. */
export function couponDiscount(rule: Pick<CouponRule, "kind" | "value" | "maxDiscount">, subtotal: Paise): Paise {
  const raw = rule.kind === "flat" ? rule.value : Math.round((subtotal * rule.value) / 10_000 / rupee) * rupee;
  return Math.min(raw, rule.maxDiscount ?? raw, subtotal);
}

/**
 * Applies the coupon the shopper typed: `rule` is the store's coupon of that code, or null when
 * it has none. Every reason it does not apply gets the spec's one message.
 */
export function applyCoupon(rawCode: string, subtotal: Paise, rule: CouponRule | null, now = new Date()): CouponResult {
  const code = normaliseCouponCode(rawCode);
  const usable =
    rule !== null &&
    rule.code === code &&
    rule.active &&
    subtotal > 0 &&
    subtotal >= rule.minSubtotal &&
    (rule.startsAt === null || rule.startsAt <= now) &&
    (rule.endsAt === null || now < rule.endsAt) &&
    (rule.maxUses === null || rule.uses < rule.maxUses);
  if (!usable) return { ok: false, message: INVALID_COUPON_MESSAGE };
  return { ok: true, code, discount: couponDiscount(rule, subtotal) };
}

/**
 * The spec's two coupons, which every store had while they were written into the code: the
 * demo store's and, by migration 0031, each existing store's own from then on.
 */
export const SPEC_COUPONS = [
  // ₹100 off when the subtotal is at least ₹999.
  { code: "FLAT100", kind: "flat", value: 100_00, minSubtotal: 999_00, maxDiscount: null },
  // 10% of the subtotal, rounded to the rupee, capped at ₹500.
  { code: "SAVE10", kind: "percent", value: 1000, minSubtotal: 0, maxDiscount: 500_00 },
] as const satisfies ReadonlyArray<Pick<CouponRule, "code" | "kind" | "value" | "minSubtotal" | "maxDiscount">>;

/** A coupon in words, for the console's list: "₹100 off from ₹999", "10% off, at most ₹500". */
export function describeCoupon(rule: Pick<CouponRule, "kind" | "value" | "minSubtotal" | "maxDiscount">): string {
  const off = rule.kind === "flat" ? `${formatINR(rule.value)} off` : `${rule.value / 100}% off`;
  const from = rule.minSubtotal > 0 ? ` from ${formatINR(rule.minSubtotal)}` : "";
  const cap = rule.kind === "percent" && rule.maxDiscount !== null ? `, at most ${formatINR(rule.maxDiscount)}` : "";
  return `${off}${from}${cap}`;
}

/** Grand total = max(0, subtotal − discount) + shipping. */
export function grandTotal(subtotal: Paise, discount: Paise, shipping: Paise): Paise {
  return Math.max(0, subtotal - discount) + shipping;
}

export function amountAfterDiscount(subtotal: Paise, discount: Paise): Paise {
  return Math.max(0, subtotal - discount);
}
