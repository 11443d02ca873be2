import { describe, expect, it } from "vitest";
import type { StoreShipping } from "../store/settings";
import { type PincodeBandRates, pincodeStatus, quoteShipping, type ShippingInput } from "./rules";

const settings: StoreShipping = {
  enabled: true,
  freeShippingThreshold: 10000_00,
  defaultRate: 149_00,
  applyDefaultIfNoZone: false,
};
const mumbai: PincodeBandRates = { rateUpTo999: 99_00, rate1000To4999: 59_00, rateFrom5000: 29_00 };
const base: ShippingInput = {
  settings,
  pincode: "400001",
  rate: mumbai,
  amountAfterDiscount: 500_00,
  itemCount: 1,
};

describe("pincode status", () => {
  it("is pending until the pincode has 6 digits and the settings are loaded", () => {
    expect(pincodeStatus("40000", settings, mumbai)).toBe("pending");
    expect(pincodeStatus("400001", null, mumbai)).toBe("pending");
  });
  it("is servicable with a rate entry or with applyDefaultIfNoZone", () => {
    expect(pincodeStatus("400001", settings, mumbai)).toBe("servicable");
    expect(pincodeStatus("110001", { ...settings, applyDefaultIfNoZone: true }, null)).toBe("servicable");
  });
  it("is not-servicable otherwise", () => {
    expect(pincodeStatus("110001", settings, null)).toBe("not-servicable");
  });
});

describe("shipping quote", () => {
  it("uses the band for the amount after discount: up to 999, 1000-4999, 5000 and above", () => {
    expect(quoteShipping({ ...base, amountAfterDiscount: 999_00 })).toEqual({ amount: 99_00, type: "Pincode Rate" });
    expect(quoteShipping({ ...base, amountAfterDiscount: 1000_00 }).amount).toBe(59_00);
    expect(quoteShipping({ ...base, amountAfterDiscount: 4999_00 }).amount).toBe(59_00);
    expect(quoteShipping({ ...base, amountAfterDiscount: 5000_00 }).amount).toBe(29_00);
  });

  it("is free from the threshold, measured after discount", () => {
    expect(quoteShipping({ ...base, amountAfterDiscount: 10000_00 })).toEqual({
      amount: 0,
      type: "Free Shipping (Threshold)",
    });
    // A subtotal of ₹10,050 with ₹100 off is ₹9,950 after discount: below the threshold.
    expect(quoteShipping({ ...base, amountAfterDiscount: 9950_00 })).toEqual({ amount: 29_00, type: "Pincode Rate" });
  });

  it("has no threshold when it is 0", () => {
    const noThreshold = { ...settings, freeShippingThreshold: 0 };
    expect(quoteShipping({ ...base, settings: noThreshold, amountAfterDiscount: 0 }).type).toBe("Pincode Rate");
  });

  it("uses the default rate without a pincode rate when applyDefaultIfNoZone is on, else 0", () => {
    const withDefault = { ...settings, applyDefaultIfNoZone: true };
    expect(quoteShipping({ ...base, settings: withDefault, rate: null })).toEqual({
      amount: 149_00,
      type: "Default Rate",
    });
    expect(quoteShipping({ ...base, rate: null })).toEqual({ amount: 0, type: "Free Shipping" });
  });

  it("is 0 when disabled, for an empty cart, or when settings failed to load", () => {
    expect(quoteShipping({ ...base, settings: { ...settings, enabled: false } })).toEqual({
      amount: 0,
      type: "Free Shipping",
    });
    expect(quoteShipping({ ...base, itemCount: 0 }).amount).toBe(0);
    expect(quoteShipping({ ...base, settings: null }).amount).toBe(0);
  });
});
