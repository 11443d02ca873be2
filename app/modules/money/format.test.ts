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

  it("writes what Intl's en-IN rupee formatter writes, for every rupee up to five thousand and many beyond", () => {
    const intl = new Intl.NumberFormat("en-IN", {
      style: "currency",
      currency: "INR",
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const paise: number[] = [];
    const near = (rupees: number) => paise.push(rupees * 100, rupees * 100 + 49, rupees * 100 + 50, -rupees * 100 - 50);
    for (let rupees = 0; rupees <= 5_000; rupees++) near(rupees);
    for (let rupees = 5_000; rupees <= 100_000_000; rupees += 7_919) near(rupees);
    for (let digits = 6; digits <= 13; digits++)
      paise.push(10 ** digits * 100, 10 ** digits * 100 - 50, 123_456_789 * 10 ** (digits - 6));
    paise.push(-49, 12.4, 12.6);
    for (const p of paise) expect(formatINR(p), String(p)).toBe(intl.format(Math.round(p) / 100));
  });

  it("converts rupees to integer paise without float drift", () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });
});
