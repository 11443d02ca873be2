import { describe, expect, it } from "vitest";
import { creditedSoFar, creditFigures, creditLeft } from "./credit";
import { invoiceFigures } from "./figures";
import { creditNoteNumber } from "./numbering";
import { supplyBetween } from "./tax";

const intra = supplyBetween("27", "27");

// Butter at 5%, 2 x ₹268, and ₹99 delivery at 18%: an invoice of ₹635.
const invoice = invoiceFigures({
  lines: [
    { description: "Amul Butter 500 g", hsn: "0405", quantity: 2, unit: "NOS", rateBasisPoints: 500, total: 536_00 },
  ],
  discount: 0,
  shipping: { amount: 99_00, sac: "9965", rateBasisPoints: 1800 },
  supply: intra,
  grandTotal: 635_00,
});

const row = (figures: ReturnType<typeof creditFigures>) =>
  figures?.lines.map((l) => [l.invoiceLine, l.quantity, l.amount, l.taxable, l.cgst, l.sgst, l.igst]);

describe("credit notes", () => {
  it("spreads a refund over the invoice's lines and takes each share's tax out at its rate", () => {
    const note = creditFigures(invoice, creditedSoFar(invoice, []), 100_00, intra);
    // ₹100 of ₹635: ₹84.40 and ₹15.59 rounded down, the paisa left on the larger line.
    expect(row(note)).toEqual([
      [0, 0, 84_41, 80_39, 2_01, 2_01, 0],
      [1, 0, 15_59, 13_21, 1_19, 1_19, 0],
    ]);
    expect(note?.totals).toEqual({ taxable: 93_60, cgst: 3_20, sgst: 3_20, igst: 0, tax: 6_40, total: 100_00 });
    expect(note?.words).toBe("Rupees One Hundred Only");
  });

  it("gives back on cancellation exactly what the invoice charged less what was credited", () => {
    const first = creditFigures(invoice, creditedSoFar(invoice, []), 100_00, intra);
    if (!first) throw new Error("no note");
    const credited = creditedSoFar(invoice, [first]);
    expect(creditLeft(invoice, credited)).toBe(535_00);
    const rest = creditFigures(invoice, credited, "rest", intra);
    expect(row(rest)).toEqual([
      [0, 0, 451_59, 430_09, 10_75, 10_75, 0],
      [1, 0, 83_41, 70_69, 6_36, 6_36, 0],
    ]);
    // Both notes together reverse the invoice to the paisa, tax and all.
    const both = creditedSoFar(
      invoice,
      [first, rest].filter((n) => n !== null),
    );
    expect(both).toEqual(
      invoice.lines.map((l) => ({ amount: l.amount, taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst })),
    );
    expect(creditFigures(invoice, both, "rest", intra)).toBeNull();
    expect(creditFigures(invoice, both, 10_00, intra)).toBeNull();
  });

  it("credits a whole invoice with its quantities, and never more than is left", () => {
    const whole = creditFigures(invoice, creditedSoFar(invoice, []), 900_00, intra);
    expect(row(whole)).toEqual([
      [0, 2, 536_00, 510_48, 12_76, 12_76, 0],
      [1, 1, 99_00, 83_90, 7_55, 7_55, 0],
    ]);
    expect(whole?.totals.total).toBe(635_00);
  });

  it("numbers credit notes in their own series", () => {
    expect(creditNoteNumber("ANN", "26-27", 12)).toBe("ANN/26-27/C00012");
    expect(creditNoteNumber("ANNA", "26-27", 9_999)).toBe("ANNA/26-27/C9999");
    expect(() => creditNoteNumber("ANNA", "26-27", 10_000)).toThrow(RangeError);
  });
});
