import { describe, expect, it } from "vitest";
import { pollInterval, STATUS_HEADINGS, statusActions, statusTone } from "./thank-you";

describe("thank-you page rules", () => {
  it("uses the spec's headings", () => {
    expect(Object.values(STATUS_HEADINGS)).toEqual([
      "Payment Successful",
      "Checking",
      "Payment Failed",
      "Payment Refunded",
      "Payment Voided",
      "Order Status Unknown",
    ]);
  });

  it("colours the badge: paid success, pending warning, failed danger, others plain", () => {
    expect(["paid", "pending", "failed", "refunded", "voided", "unknown"].map((s) => statusTone(s as never))).toEqual([
      "success",
      "warning",
      "danger",
      "plain",
      "plain",
      "plain",
    ]);
  });

  it("offers the buttons per status", () => {
    expect(statusActions("paid")[0]?.label).toBe("Continue Shopping");
    expect(statusActions("failed")[0]).toEqual({ label: "Try Again", to: "/checkout", primary: true });
    expect(statusActions("refunded")[0]?.label).toBe("Place a New Order");
    expect(statusActions("voided")[0]?.label).toBe("Place a New Order");
    expect(statusActions("pending").map((a) => a.label)).toEqual(["Browse Products", "Go to Home"]);
  });

  it("polls quickly only while an online payment settles", () => {
    expect(pollInterval("pending", "ONLINE")).toBe(3_000);
    expect(pollInterval("pending", "COD")).toBe(15_000);
    expect(pollInterval("paid", "ONLINE")).toBe(15_000);
  });
});
