import type { Paise } from "../money/types";
import type { StoreShipping } from "../store/settings";

/** Shipping rules (spec sections 4 and 9). */

/** The spec's own spelling of the status values. */
export type PincodeStatus = "pending" | "servicable" | "not-servicable";

export const PINCODE_SERVICEABLE_TEXT = "Pincode is serviceable!";
export const PINCODE_NOT_SERVICEABLE_TEXT = "Pincode is not serviceable.";

/** Rates for one pincode, by the amount after discount. */
export interface PincodeBandRates {
  rateUpTo999: Paise;
  rate1000To4999: Paise;
  rateFrom5000: Paise;
}

export const SHIPPING_TYPES = {
  threshold: "Free Shipping (Threshold)",
  pincode: "Pincode Rate",
  default: "Default Rate",
  free: "Free Shipping",
} as const;
export type ShippingType = (typeof SHIPPING_TYPES)[keyof typeof SHIPPING_TYPES];

export function isSixDigitPincode(pincode: string): boolean {
  return /^\d{6}$/.test(pincode);
}

/**
 * pending: pincode not 6 digits, or shipping settings not loaded; servicable: the pincode has
 * a rate entry, or applyDefaultIfNoZone is on; not-servicable otherwise.
 */
export function pincodeStatus(
  pincode: string,
  settings: StoreShipping | null,
  rate: PincodeBandRates | null,
): PincodeStatus {
  if (!isSixDigitPincode(pincode) || settings === null) return "pending";
  if (rate !== null || settings.applyDefaultIfNoZone) return "servicable";
  return "not-servicable";
}

/** The band of an amount after discount: up to ₹999, ₹1,000-4,999, ₹5,000 and above. */
export function bandRate(rate: PincodeBandRates, amountAfterDiscount: Paise): Paise {
  if (amountAfterDiscount < 1000_00) return rate.rateUpTo999;
  if (amountAfterDiscount < 5000_00) return rate.rate1000To4999;
  return rate.rateFrom5000;
}

export interface ShippingQuote {
  amount: Paise;
  type: ShippingType;
}

export interface ShippingInput {
  /** null when the settings could not be loaded: shipping is then treated as disabled. */
  settings: StoreShipping | null;
  pincode: string;
  rate: PincodeBandRates | null;
  /** Subtotal minus discount, never below 0. */
  amountAfterDiscount: Paise;
  itemCount: number;
}

export function quoteShipping(input: ShippingInput): ShippingQuote {
  const { settings, rate, amountAfterDiscount } = input;
  const free = { amount: 0, type: SHIPPING_TYPES.free } as const;
  if (settings === null || !settings.enabled || input.itemCount <= 0) return free;
  if (pincodeStatus(input.pincode, settings, rate) === "not-servicable") return free;
  if (settings.freeShippingThreshold > 0 && amountAfterDiscount >= settings.freeShippingThreshold) {
    return { amount: 0, type: SHIPPING_TYPES.threshold };
  }
  if (rate !== null && isSixDigitPincode(input.pincode)) {
    return { amount: bandRate(rate, amountAfterDiscount), type: SHIPPING_TYPES.pincode };
  }
  if (settings.applyDefaultIfNoZone) {
    return { amount: settings.defaultRate, type: SHIPPING_TYPES.default };
  }
  return free;
}
