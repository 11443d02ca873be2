import { describe, expect, it } from "vitest";
import { type InvoiceInput, invoiceFigures } from "./figures";
import { financialYear, invoiceNumber, prefixProblem } from "./numbering";
import {
  hsnProblem,
  placeOfSupply,
  rateLabel,
  sacProblem,
  splitTax,
  spreadDiscount,
  supplyBetween,
  taxableOf,
} from "./tax";
import { amountInWords, numberInWords } from "./words";

const intra = supplyBetween("27", "27");
const inter = supplyBetween("27", "29");

describe("GST inside an inclusive price", () => {
  it("takes the value before tax out of the price, in paise", () => {
    // The reference's example: ₹250.00 at 18% is ₹211.86 and ₹38.14 of tax, ₹19.07 each.
    expect(taxableOf(250_00, 1800)).toBe(211_86);
    expect(splitTax(250_00, 1800, intra)).toEqual({ taxable: 211_86, cgst: 19_07, sgst: 19_07, igst: 0 });
    expect(splitTax(250_00, 1800, inter)).toEqual({ taxable: 211_86, cgst: 0, sgst: 0, igst: 38_14 });
    // 0.25%: an odd paisa of tax goes to the State.
    expect(splitTax(100_00, 25, intra)).toEqual({ taxable: 99_75, cgst: 12, sgst: 13, igst: 0 });
    expect(splitTax(140_00, 4000, inter)).toEqual({ taxable: 100_00, cgst: 0, sgst: 0, igst: 40_00 });
    expect(splitTax(48_00, 0, intra)).toEqual({ taxable: 48_00, cgst: 0, sgst: 0, igst: 0 });
    expect(taxableOf(1, 500)).toBe(1);
    // ₹50 crore at 18%, past what a double multiplies exactly.
    expect(taxableOf(50_00_00_000_00, 1800)).toBe(42_37_28_813_56);
  });

  it("names the rates and checks HSN and SAC codes", () => {
    expect(rateLabel(25)).toBe("0.25%");
    expect(rateLabel(1800)).toBe("18%");
    expect(hsnProblem("1006")).toBeNull();
    expect(hsnProblem("100630")).toBeNull();
    expect(hsnProblem("10063010")).toBeNull();
    for (const wrong of ["10", "10063", "1006301", "100630101", "10O6"]) {
      expect(hsnProblem(wrong)).toBe("An HSN code has 4, 6 or 8 digits.");
    }
    expect(sacProblem("9965")).toBeNull();
    expect(sacProblem("996812")).toBeNull();
    expect(sacProblem("1006")).toBe("A SAC code has 4 or 6 digits and starts with 99.");
  });

  it("taxes delivery in the shop's state as CGST and SGST, or UTGST, and elsewhere as IGST", () => {
    expect(placeOfSupply(" maharashtra ")).toEqual({ name: "Maharashtra", code: "27" });
    expect(placeOfSupply("Atlantis")).toBeNull();
    expect(supplyBetween("27", "27")).toEqual({ kind: "intra", stateShare: "SGST" });
    expect(supplyBetween("27", "07")).toEqual({ kind: "inter" });
    // Chandigarh has no legislature: UTGST. Delhi and Puducherry have one: SGST.
    expect(supplyBetween("04", "04")).toEqual({ kind: "intra", stateShare: "UTGST" });
    expect(supplyBetween("38", "38")).toEqual({ kind: "intra", stateShare: "UTGST" });
    expect(supplyBetween("07", "07")).toEqual({ kind: "intra", stateShare: "SGST" });
    expect(supplyBetween("34", "34")).toEqual({ kind: "intra", stateShare: "SGST" });
  });
});

describe("a coupon spread over the lines", () => {
  it("gives each line its share, rounded down, and the remainder to the largest", () => {
    expect(spreadDiscount([10_00, 30_00, 60_00], 10_00)).toEqual([1_00, 3_00, 6_00]);
    expect(spreadDiscount([333, 333, 334], 100)).toEqual([33, 33, 34]);
    expect(spreadDiscount([500, 500], 1)).toEqual([1, 0]);
    expect(spreadDiscount([500, 500], 0)).toEqual([0, 0]);
    expect(() => spreadDiscount([500], 501)).toThrow(RangeError);
  });
});

// Rice at 5%, an apron at 18%, salt at 0%, FLAT100 and ₹99 shipping at 18%: ₹2,449.
const order: InvoiceInput = {
  lines: [
    {
      description: "Sona Masoori Rice 25 kg",
      hsn: "1006",
      quantity: 1,
      unit: "PAC",
      rateBasisPoints: 500,
      total: 1800_00,
    },
    { description: "Chef's apron", hsn: "6211", quantity: 2, unit: "NOS", rateBasisPoints: 1800, total: 600_00 },
    { description: "Tata Salt 1 kg", hsn: "2501", quantity: 2, unit: "PAC", rateBasisPoints: 0, total: 50_00 },
  ],
  discount: 100_00,
  shipping: { amount: 99_00, sac: "9965", rateBasisPoints: 1800 },
  supply: intra,
  grandTotal: 2449_00,
};

describe("an invoice's figures", () => {
  it("works out each line, shipping, the summary by HSN and rate, and totals equal to the order", () => {
    const figures = invoiceFigures(order);
    expect(figures.lines.map((l) => [l.code, l.discount, l.amount, l.taxable, l.cgst, l.sgst, l.igst])).toEqual([
      // ₹100 over ₹2,450: 73.46, 24.48 and 2.04, the 2 paise left on the rice.
      ["1006", 73_48, 1726_52, 1644_30, 41_11, 41_11, 0],
      ["6211", 24_48, 575_52, 487_73, 43_89, 43_90, 0],
      ["2501", 2_04, 47_96, 47_96, 0, 0, 0],
      ["9965", 0, 99_00, 83_90, 7_55, 7_55, 0],
    ]);
    expect(figures.lines[3]).toMatchObject({ kind: "shipping", description: "Shipping", unit: "OTH" });
    expect(figures.summary.map((r) => [r.code, r.rateBasisPoints, r.taxable, r.cgst + r.sgst])).toEqual([
      ["2501", 0, 47_96, 0],
      ["1006", 500, 1644_30, 82_22],
      ["6211", 1800, 487_73, 87_79],
      ["9965", 1800, 83_90, 15_10],
    ]);
    expect(figures.totals).toEqual({
      taxable: 2263_89,
      cgst: 92_55,
      sgst: 92_56,
      igst: 0,
      tax: 185_11,
      total: 2449_00,
    });
    expect(figures.words).toBe("Rupees Two Thousand Four Hundred Forty-Nine Only");
  });

  it("puts the whole tax in IGST for another state, with the same totals", () => {
    const figures = invoiceFigures({ ...order, supply: inter });
    expect(figures.lines.map((l) => [l.cgst, l.sgst, l.igst])).toEqual([
      [0, 0, 82_22],
      [0, 0, 87_79],
      [0, 0, 0],
      [0, 0, 15_10],
    ]);
    expect(figures.totals).toMatchObject({ taxable: 2263_89, igst: 185_11, tax: 185_11, total: 2449_00 });
  });

  it("adds lines of one HSN and rate together, and has no shipping line when delivery is free", () => {
    const figures = invoiceFigures({
      lines: [
        { description: "Basmati 5 kg", hsn: "1006", quantity: 1, unit: "PAC", rateBasisPoints: 500, total: 525_00 },
        { description: "Kolam 5 kg", hsn: "1006", quantity: 1, unit: "PAC", rateBasisPoints: 500, total: 420_00 },
      ],
      discount: 0,
      shipping: { amount: 0, sac: "9965", rateBasisPoints: 1800 },
      supply: intra,
      grandTotal: 945_00,
    });
    expect(figures.lines).toHaveLength(2);
    expect(figures.summary).toEqual([
      { code: "1006", rateBasisPoints: 500, taxable: 900_00, cgst: 22_50, sgst: 22_50, igst: 0 },
    ]);
  });

  it("refuses figures that do not come to the order's total", () => {
    expect(() => invoiceFigures({ ...order, grandTotal: 2450_00 })).toThrow(
      "the document comes to 244900 paise, not 245000",
    );
  });
});

describe("amounts in words", () => {
  it("writes Indian numbering: thousand, lakh, crore", () => {
    expect(amountInWords(2_34_567_89)).toBe(
      "Rupees Two Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only",
    );
    expect(amountInWords(1_00_00_000_00)).toBe("Rupees One Crore Only");
    expect(amountInWords(12_34_56_78_901_23)).toBe(
      "Rupees One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred One and Twenty-Three Paise Only",
    );
    expect(amountInWords(1_00)).toBe("Rupees One Only");
    expect(amountInWords(1_010_00)).toBe("Rupees One Thousand Ten Only");
    expect(amountInWords(5)).toBe("Five Paise Only");
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(numberInWords(90_019)).toBe("Ninety Thousand Nineteen");
  });
});

describe("invoice numbers", () => {
  it("counts financial years from 1 April in India's time", () => {
    expect(financialYear(new Date("2027-03-31T18:29:59Z")).label).toBe("26-27");
    expect(financialYear(new Date("2027-03-31T18:30:00Z")).label).toBe("27-28");
    expect(financialYear(new Date("2026-12-06T10:00:00Z"))).toEqual({ start: 2026, label: "26-27" });
    expect(financialYear(new Date("2099-06-01T00:00:00Z")).label).toBe("99-00");
  });

  it("writes PREFIX/YY-YY/sequence in 16 characters at most", () => {
    expect(invoiceNumber("ANN", "26-27", 123)).toBe("ANN/26-27/000123");
    expect(invoiceNumber("A", "26-27", 1)).toBe("A/26-27/00000001");
    expect(invoiceNumber("ANNA", "26-27", 99_999)).toBe("ANNA/26-27/99999");
    expect(() => invoiceNumber("ANNA", "26-27", 100_000)).toThrow(RangeError);
    expect(prefixProblem("ANN")).toBeNull();
    expect(prefixProblem("ann")).toBe("Use 1 to 4 capital letters or digits, like ANN.");
    expect(prefixProblem("ANNAP")).toBe("Use 1 to 4 capital letters or digits, like ANN.");
  });
});
