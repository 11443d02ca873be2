import type { Paise } from "../money/types";

/** The store's fixed coupons (spec section 9). */

export const INVALID_COUPON_MESSAGE = "Invalid coupon or conditions not met.";
/** How long the invalid-coupon message stays on screen. */
export const INVALID_COUPON_MESSAGE_MS = 2500;

export type CouponResult =
  | { ok: true; code: string; discount: Paise }
  | { ok: false; message: typeof INVALID_COUPON_MESSAGE };

/** Coupon codes are trimmed and upper-cased. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const rupee = 100;

export function applyCoupon(rawCode: string, subtotal: Paise): CouponResult {
  const code = normaliseCouponCode(rawCode);
  switch (code) {
    case "FLAT100":
      // ₹100 off when the subtotal is at least ₹999.
      if (subtotal >= 999 * rupee) return { ok: true, code, discount: 100 * rupee };
      break;
    case "SAVE10": {
      // 10% of the subtotal, rounded to the rupee, capped at ₹500.
      const tenth = Math.round(subtotal / 10 / rupee) * rupee;
      if (subtotal > 0) return { ok: true, code, discount: Math.min(tenth, 500 * rupee) };
      break;
    }
  }
  return { ok: false, message: INVALID_COUPON_MESSAGE };
}

/** Grand total = max(0, subtotal − discount) + shipping. */
export function grandTotal(subtotal: Paise, discount: Paise, shipping: Paise): Paise {
  return Math.max(0, subtotal - discount) + shipping;
}

export function amountAfterDiscount(subtotal: Paise, discount: Paise): Paise {
  return Math.max(0, subtotal - discount);
}
