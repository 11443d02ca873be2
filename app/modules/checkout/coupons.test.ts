import { describe, expect, it } from "vitest";
import { applyCoupon, type CouponRule, grandTotal, INVALID_COUPON_MESSAGE, SPEC_COUPONS } from "./coupons";

const rule = (code: string, overrides: Partial<CouponRule> = {}): CouponRule => {
  const spec = SPEC_COUPONS.find((c) => c.code === code);
  return {
    id: `id-${code}`,
    code,
    kind: spec?.kind ?? "flat",
    value: spec?.value ?? 50_00,
    minSubtotal: spec?.minSubtotal ?? 0,
    maxDiscount: spec?.maxDiscount ?? null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    perCustomer: null,
    uses: 0,
    active: true,
    ...overrides,
  };
};
const FLAT100 = rule("FLAT100");
const SAVE10 = rule("SAVE10");

describe("FLAT100", () => {
  it("gives ₹100 off from a ₹999 subtotal", () => {
    expect(applyCoupon("FLAT100", 999_00, FLAT100)).toEqual({ ok: true, code: "FLAT100", discount: 100_00 });
  });
  it("is refused at ₹998", () => {
    expect(applyCoupon("FLAT100", 998_00, FLAT100)).toEqual({ ok: false, message: INVALID_COUPON_MESSAGE });
  });
  it("is trimmed and upper-cased", () => {
    expect(applyCoupon("  flat100 ", 1500_00, FLAT100)).toEqual({ ok: true, code: "FLAT100", discount: 100_00 });
  });
});

describe("SAVE10", () => {
  it("gives 10% of the subtotal, rounded", () => {
    expect(applyCoupon("save10", 1234_00, SAVE10)).toEqual({ ok: true, code: "SAVE10", discount: 123_00 });
    expect(applyCoupon("SAVE10", 1235_00, SAVE10)).toEqual({ ok: true, code: "SAVE10", discount: 124_00 }); // 123.5 -> 124
  });
  it("is capped at ₹500", () => {
    expect(applyCoupon("SAVE10", 5000_00, SAVE10)).toMatchObject({ discount: 500_00 });
    expect(applyCoupon("SAVE10", 7500_00, SAVE10)).toMatchObject({ discount: 500_00 });
  });
});

describe("a store's own coupons", () => {
  const now = new Date("2026-12-06T06:00:00Z");
  it("apply only while active, within their dates and their uses", () => {
    const diwali = rule("DIWALI", {
      startsAt: new Date("2026-12-01T00:00:00Z"),
      endsAt: new Date("2026-12-07T00:00:00Z"),
      maxUses: 10,
      uses: 9,
    });
    expect(applyCoupon("diwali", 400_00, diwali, now)).toEqual({ ok: true, code: "DIWALI", discount: 50_00 });
    for (const refused of [
      { ...diwali, active: false },
      { ...diwali, uses: 10 },
      { ...diwali, startsAt: new Date("2026-12-06T06:00:01Z") },
      { ...diwali, endsAt: now },
    ]) {
      expect(applyCoupon("DIWALI", 400_00, refused, now)).toEqual({ ok: false, message: INVALID_COUPON_MESSAGE });
    }
  });
  it("never take off more than the subtotal", () => {
    expect(applyCoupon("BIG", 30_00, rule("BIG", { value: 50_00 }), now)).toMatchObject({ discount: 30_00 });
    expect(applyCoupon("BIG", 0, rule("BIG"), now).ok).toBe(false);
  });
});

describe("other codes", () => {
  it("are invalid with the spec's message", () => {
    expect(applyCoupon("FREE50", 5000_00, null)).toEqual({
      ok: false,
      message: "Invalid coupon or conditions not met.",
    });
    // A rule of another code never applies.
    expect(applyCoupon("FREE50", 5000_00, FLAT100).ok).toBe(false);
  });
});

describe("grand total", () => {
  it("is max(0, subtotal - discount) + shipping", () => {
    expect(grandTotal(999_00, 100_00, 99_00)).toBe(998_00);
    expect(grandTotal(50_00, 100_00, 40_00)).toBe(40_00);
  });
});
