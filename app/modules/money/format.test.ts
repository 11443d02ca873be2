import { describe, expect, it } from "vitest";
import { formatINR, rupeesToPaise } from "./format";

describe("formatINR", () => {
  it("shows rupees in en-IN grouping without decimals", () => {
    expect(formatINR(1234567_00)).toBe("₹12,34,567");
    expect(formatINR(999_00)).toBe("₹999");
    expect(formatINR(1000_00)).toBe("₹1,000");
    expect(formatINR(0)).toBe("₹0");
  });

  it("rounds paise to the nearest rupee", () => {
    expect(formatINR(12_49)).toBe("₹12");
    expect(formatINR(12_50)).toBe("₹13");
  });

  it("converts rupees to integer paise without float drift", () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });
});
