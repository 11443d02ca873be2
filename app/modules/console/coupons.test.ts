import { describe, expect, it } from "vitest";
import { describeCoupon } from "../checkout/coupons";
import { couponFields, couponFormProblems, couponFormSchema } from "./coupons.server";

const form = {
  code: " diwali25 ",
  kind: "percent",
  value: "12.5",
  minSubtotal: "1,000",
  maxDiscount: "750",
  startsOn: "2026-12-01",
  endsOn: "2026-12-07",
  maxUses: "100",
  perCustomer: "1",
  active: "on",
};

const problems = (input: Record<string, string>) => {
  const parsed = couponFormSchema.safeParse(input);
  return parsed.success ? {} : couponFormProblems(parsed.error);
};

describe("the coupon form", () => {
  it("reads rupees, percent and India's days", () => {
    const coupon = couponFormSchema.parse(form);
    expect(coupon).toEqual({
      code: "DIWALI25",
      kind: "percent",
      value: 1250,
      minSubtotal: 1000_00,
      maxDiscount: 750_00,
      // 1 December 00:00 in India, and the end of 7 December there.
      startsAt: new Date("2026-11-30T18:30:00.000Z"),
      endsAt: new Date("2026-12-07T18:30:00.000Z"),
      maxUses: 100,
      perCustomer: 1,
      active: true,
    });
    expect(describeCoupon(coupon)).toBe("12.5% off from ₹1,000, at most ₹750");
    expect(couponFields({ ...coupon, id: "x", uses: 3 })).toEqual({
      code: "DIWALI25",
      kind: "percent",
      value: "12.5",
      minSubtotal: "1000",
      maxDiscount: "750",
      startsOn: "2026-12-01",
      endsOn: "2026-12-07",
      maxUses: "100",
      perCustomer: "1",
      active: true,
    });
    const flat = couponFormSchema.parse({ code: "FLAT100", kind: "flat", value: "100", minSubtotal: "999" });
    expect(flat).toMatchObject({ value: 100_00, minSubtotal: 999_00, maxDiscount: null, maxUses: null, active: false });
    expect(describeCoupon(flat)).toBe("₹100 off from ₹999");
  });

  it("names every mistake at its field at once", () => {
    expect(problems({ code: "X!", kind: "flat", value: "0", maxUses: "none", endsOn: "soon" })).toEqual({
      code: "Use 3 to 20 letters or digits, like DIWALI25.",
      value: "Enter the rupees off, from 1 to 1,00,000.",
      endsOn: "Enter a date, like 2026-12-31.",
      maxUses: "Enter how many orders may use it, 1 or more, or leave it empty for no limit.",
    });
  });

  it("names each mistake at its field", () => {
    expect(problems({ ...form, code: "D!" })).toEqual({ code: "Use 3 to 20 letters or digits, like DIWALI25." });
    expect(problems({ ...form, minSubtotal: "a lakh" })).toEqual({
      minSubtotal: "Enter the minimum subtotal in rupees, like 999, or leave it empty.",
    });
    expect(problems({ ...form, maxUses: "0", perCustomer: "one" })).toEqual({
      maxUses: "Enter how many orders may use it, 1 or more, or leave it empty for no limit.",
      perCustomer: "Enter how many orders one customer may use it on, or leave it empty.",
    });
    expect(problems({ ...form, value: "120" })).toEqual({
      value: "Enter the percent off, more than 0 and at most 100.",
    });
    expect(problems({ ...form, kind: "flat", value: "0" })).toEqual({
      value: "Enter the rupees off, from 1 to 1,00,000.",
    });
    expect(problems({ ...form, endsOn: "2026-11-30" })).toEqual({
      endsOn: "The last day comes before the first.",
    });
  });
});
