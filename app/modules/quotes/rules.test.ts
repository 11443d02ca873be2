import { describe, expect, it } from "vitest";
import { dayText, lastDayText, quoteReason, quoteReference, quoteState, quoteTotals, readQuoteAnswer } from "./rules";

describe("quoteReason", () => {
  it("offers a quote for a pincode not served, whatever the cart", () => {
    expect(quoteReason({ pincodeStatus: "not-servicable", subtotal: 25_00, quoteAbove: 0 })).toBe("not-serviceable");
  });
  it("offers one from the store's amount, and not a paisa below it", () => {
    expect(quoteReason({ pincodeStatus: "servicable", subtotal: 50_000_00, quoteAbove: 50_000_00 })).toBe(
      "large-order",
    );
    expect(quoteReason({ pincodeStatus: "servicable", subtotal: 49_999_99, quoteAbove: 50_000_00 })).toBeNull();
    expect(quoteReason({ pincodeStatus: "pending", subtotal: 60_000_00, quoteAbove: 50_000_00 })).toBe("large-order");
  });
  it("offers none for large carts when the amount is 0", () => {
    expect(quoteReason({ pincodeStatus: "servicable", subtotal: 9_00_000_00, quoteAbove: 0 })).toBeNull();
  });
});

describe("quoteTotals", () => {
  it("prices each line exactly and adds the delivery charge", () => {
    // 12 × ₹239.50 = ₹2,874; 25 × ₹2,310 = ₹57,750; delivery ₹450.
    const totals = quoteTotals([{ qty: 12 }, { qty: 25 }], { unitPrices: [239_50, 2310_00], delivery: 450_00 });
    expect(totals.lines).toEqual([
      { unitPrice: 239_50, total: 2874_00 },
      { unitPrice: 2310_00, total: 57_750_00 },
    ]);
    expect(totals.subtotal).toBe(60_624_00);
    expect(totals.delivery).toBe(450_00);
    expect(totals.grandTotal).toBe(61_074_00);
  });
  it("keeps paise: 3 × ₹33.33 is ₹99.99, with free delivery", () => {
    expect(quoteTotals([{ qty: 3 }], { unitPrices: [33_33], delivery: 0 }).grandTotal).toBe(99_99);
  });
  it("refuses an answer that does not price every line", () => {
    expect(() => quoteTotals([{ qty: 1 }, { qty: 2 }], { unitPrices: [10_00], delivery: 0 })).toThrow();
  });
});

describe("quoteState", () => {
  const expiresAt = new Date("2026-12-10T18:30:00Z"); // the end of 10 December in India
  it("is expired from the instant its last day ends", () => {
    expect(quoteState({ status: "answered", expiresAt }, new Date("2026-12-10T18:29:59Z"))).toBe("answered");
    expect(quoteState({ status: "answered", expiresAt }, new Date("2026-12-10T18:30:00Z"))).toBe("expired");
  });
  it("keeps accepted and declined as they are", () => {
    expect(quoteState({ status: "accepted", expiresAt }, new Date("2027-01-01T00:00:00Z"))).toBe("accepted");
    expect(quoteState({ status: "requested", expiresAt: null })).toBe("requested");
  });
});

describe("readQuoteAnswer", () => {
  const now = new Date("2026-12-06T10:00:00Z"); // 6 December, 15:30 in India
  it("reads rupees as staff type them, and ends the quote with its last day in India", () => {
    const read = readQuoteAnswer(
      {
        "price-0": "₹ 1,250.50",
        "price-1": "240",
        delivery: "",
        expires: "2026-12-10",
        message: " Prices include unloading. ",
      },
      2,
      now,
    );
    expect(read).toEqual({
      ok: true,
      answer: {
        unitPrices: [1250_50, 240_00],
        delivery: 0,
        expiresAt: new Date("2026-12-10T18:30:00Z"),
        message: "Prices include unloading.",
      },
    });
    expect(lastDayText(new Date("2026-12-10T18:30:00Z"))).toBe("10 Dec 2026");
    // Asked at 23:50 UTC on 6 December: already the 7th in India.
    expect(dayText(new Date("2026-12-06T23:50:00Z"))).toBe("7 Dec 2026");
  });
  it("names every mistake at its field", () => {
    const read = readQuoteAnswer({ "price-0": "0", "price-1": "abc", delivery: "-5", expires: "2026-12-05" }, 2, now);
    expect(read).toEqual({
      ok: false,
      fields: {
        "price-0": "Enter the price of one unit in rupees, like 240 or 239.50.",
        "price-1": "Enter the price of one unit in rupees, like 240 or 239.50.",
        delivery: "Enter the delivery charge in rupees, or 0 for free delivery.",
        expires: "Choose a day from 2026-12-06 to 2027-03-06.",
      },
    });
  });
  it("takes today as the last day, and refuses a day that does not exist", () => {
    expect(readQuoteAnswer({ "price-0": "10", expires: "2026-12-06" }, 1, now).ok).toBe(true);
    expect(readQuoteAnswer({ "price-0": "10", expires: "2026-02-30" }, 1, now)).toEqual({
      ok: false,
      fields: { expires: "Enter the last day it may be accepted, like 2026-12-31." },
    });
  });
});

describe("quoteReference", () => {
  it("is Q- and six characters that cannot be misread", () => {
    expect(quoteReference(new Uint8Array([0, 1, 2, 29, 30, 31]))).toBe("Q-234YZ2");
    expect(quoteReference(new Uint8Array([255, 255, 255, 255, 255, 255]))).toMatch(/^Q-[2-9A-HJKMNP-Z]{6}$/);
  });
});
