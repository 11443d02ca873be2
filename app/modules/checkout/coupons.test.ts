import { describe, expect, it } from "vitest";
import { applyCoupon, grandTotal, INVALID_COUPON_MESSAGE } from "./coupons";

describe("FLAT100", () => {
  it("gives ₹100 off from a ₹999 subtotal", () => {
    expect(applyCoupon("FLAT100", 999_00)).toEqual({ ok: true, code: "FLAT100", discount: 100_00 });
  });
  it("is refused at ₹998", () => {
    expect(applyCoupon("FLAT100", 998_00)).toEqual({ ok: false, message: INVALID_COUPON_MESSAGE });
  });
  it("is trimmed and upper-cased", () => {
    expect(applyCoupon("  flat100 ", 1500_00)).toEqual({ ok: true, code: "FLAT100", discount: 100_00 });
  });
});

describe("SAVE10", () => {
  it("gives 10% of the subtotal, rounded", () => {
    expect(applyCoupon("save10", 1234_00)).toEqual({ ok: true, code: "SAVE10", discount: 123_00 });
    expect(applyCoupon("SAVE10", 1235_00)).toEqual({ ok: true, code: "SAVE10", discount: 124_00 }); // 123.5 -> 124
  });
  it("is capped at ₹500", () => {
    expect(applyCoupon("SAVE10", 5000_00)).toMatchObject({ discount: 500_00 });
    expect(applyCoupon("SAVE10", 7500_00)).toMatchObject({ discount: 500_00 });
  });
});

describe("other codes", () => {
  it("are invalid with the spec's message", () => {
    expect(applyCoupon("FREE50", 5000_00)).toEqual({
      ok: false,
      message: "Invalid coupon or conditions not met.",
    });
    expect(applyCoupon("", 5000_00).ok).toBe(false);
  });
});

describe("grand total", () => {
  it("is max(0, subtotal - discount) + shipping", () => {
    expect(grandTotal(999_00, 100_00, 99_00)).toBe(998_00);
    expect(grandTotal(50_00, 100_00, 40_00)).toBe(40_00);
  });
});
