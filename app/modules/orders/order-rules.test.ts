import { describe, expect, it } from "vitest";
import { orderRulesSchema } from "../store/settings";
import { codeDeadline, guestLimitProblem, needsOrderCode, phoneHint } from "./order-rules";

const rules = orderRulesSchema.parse({});

describe("a store's order rules", () => {
  it("default to 20 orders an hour per address, 10 per phone, ₹1,00,000 and 200 units a line for guests, COD codes above ₹3,000 for 15 minutes, low stock at 10, quotes from ₹50,000", () => {
    expect(rules).toEqual({
      ordersPerIpPerHour: 20,
      ordersPerPhonePerHour: 10,
      guestMaxOrderValue: 1_00_000_00,
      guestMaxLineQuantity: 200,
      codCodeAbove: 3_000_00,
      codCodeEnabled: true,
      codCodeMinutes: 15,
      lowStockAt: 10,
      quoteAbove: 50_000_00,
    });
  });

  it("refuse a guest's order above the most, naming it and how to go on", () => {
    expect(guestLimitProblem(rules, { grandTotal: 6_68_000_00, lines: [] })).toBe(
      "Orders above ₹1,00,000 need you to sign in first. Please sign in with your phone and place the order again.",
    );
    expect(guestLimitProblem(rules, { grandTotal: 1_00_000_00, lines: [] })).toBeNull();
  });

  it("refuse a guest's line above the most units, naming the product", () => {
    expect(
      guestLimitProblem(rules, {
        grandTotal: 50_000_00,
        lines: [
          { name: "Sona Masoori Rice 25 kg", qty: 4 },
          { name: "Amul Butter 500 g", qty: 201 },
        ],
      }),
    ).toBe(
      "Amul Butter 500 g: at most 200 can be ordered without signing in. Please sign in to order more, or lower the quantity.",
    );
    expect(guestLimitProblem(rules, { grandTotal: 1_000_00, lines: [{ name: "Salt", qty: 200 }] })).toBeNull();
  });

  it("turn a limit off at 0", () => {
    const off = { guestMaxOrderValue: 0, guestMaxLineQuantity: 0 };
    expect(guestLimitProblem(off, { grandTotal: 99_00_000_00, lines: [{ name: "Salt", qty: 100_000 }] })).toBeNull();
  });

  it("ask a COD order above ₹3,000 for the code, unless a signed-in customer orders to the phone they proved", () => {
    const cod = { paymentMethod: "COD" as const, grandTotal: 3_000_01, phone: "9820012345", signedInPhone: null };
    expect(needsOrderCode(rules, cod)).toBe(true);
    expect(needsOrderCode(rules, { ...cod, grandTotal: 3_000_00 })).toBe(false);
    expect(needsOrderCode(rules, { ...cod, signedInPhone: "9820012345" })).toBe(false);
    expect(needsOrderCode(rules, { ...cod, signedInPhone: "9820099999" })).toBe(true);
    expect(needsOrderCode(rules, { ...cod, paymentMethod: "ONLINE" })).toBe(false);
    expect(needsOrderCode({ ...rules, codCodeAbove: 0 }, { ...cod, grandTotal: 1_00 })).toBe(true);
    expect(needsOrderCode({ ...rules, codCodeEnabled: false }, cod)).toBe(false);
  });

  it("hold an unconfirmed order's stock for the store's minutes, and show only the phone's last four digits", () => {
    expect(codeDeadline(rules, new Date("2026-12-01T10:00:00Z")).toISOString()).toBe("2026-12-01T10:15:00.000Z");
    expect(phoneHint("9820012345")).toBe("+91 ••••••2345");
  });
});
