import { describe, expect, it } from "vitest";
import { creditedSoFar, creditFigures } from "./credit";
import type { InvoiceDocument } from "./document";
import { invoiceFigures } from "./figures";
import { gstDate, gstr1, registerCsv } from "./register";
import { supplyBetween } from "./tax";

const intra = supplyBetween("27", "27");
const inter = supplyBetween("27", "29");
const maharashtra = { name: "Maharashtra", code: "27" };
const karnataka = { name: "Karnataka", code: "29" };

function invoice(
  number: string,
  supply: typeof intra,
  gstin: string | null,
  lines: Array<[string, number, number, number]>,
  shipping = 0,
): InvoiceDocument {
  const total = lines.reduce((sum, [, , , lineTotal]) => sum + lineTotal, 0) + shipping;
  return {
    kind: "invoice",
    number,
    issuedAt: "2026-12-05T20:00:00.000Z",
    supplier: {
      name: "Annapurna Foodservice Private Limited",
      tradeName: "Annapurna",
      address: "Vashi",
      gstin: "27AAPFU0939F1ZV",
      state: maharashtra,
      phone: "",
      email: "",
    },
    recipient: {
      name: "Asha",
      company: gstin ? "Bangalore Bites" : "",
      gstin,
      phone: "9820000002",
      billingAddress: "",
      shippingAddress: "",
    },
    placeOfSupply: supply.kind === "intra" ? maharashtra : karnataka,
    supply,
    reverseCharge: "No",
    order: { number: "2612050ABC", placedAt: "2026-12-05T10:00:00.000Z", paymentMethod: "COD" },
    figures: invoiceFigures({
      lines: lines.map(([hsn, rate, quantity, lineTotal]) => ({
        description: hsn,
        hsn,
        quantity,
        unit: "NOS",
        rateBasisPoints: rate,
        total: lineTotal,
      })),
      discount: 0,
      shipping: { amount: shipping, sac: "9965", rateBasisPoints: 1800 },
      supply,
      grandTotal: total,
    }),
  };
}

// A café in Vashi (unregistered, intra-state): butter at 5% and delivery at 18%.
const cafe = invoice("ANN/26-27/000001", intra, null, [["0405", 500, 2, 536_00]], 99_00);
// A caterer in Bengaluru with a GSTIN: rice at 5% and cling film at 18%.
const caterer = invoice("ANN/26-27/000002", inter, "29AAGCB7383J1Z4", [
  ["1006", 500, 10, 1_050_00],
  ["3923", 1800, 1, 118_00],
]);
// A large inter-state supply to an unregistered buyer: B2C (large).
const large = invoice("ANN/26-27/000003", inter, null, [["1006", 500, 1000, 1_05_000_00]]);
const refundFigures = creditFigures(cafe.figures, creditedSoFar(cafe.figures, []), 100_00, intra);
if (!refundFigures) throw new Error("no note");
const refund: InvoiceDocument = {
  ...cafe,
  kind: "credit-note",
  number: "ANN/26-27/C00001",
  issuedAt: "2026-12-06T05:00:00.000Z",
  figures: refundFigures,
  against: { number: cafe.number, issuedAt: cafe.issuedAt, total: 635_00 },
  reason: "Refund",
};

describe("the invoice register and GSTR-1", () => {
  it("writes dates as India's, the day after UTC's evening", () => {
    expect(gstDate("2026-12-05T20:00:00.000Z")).toBe("06-12-2026");
    expect(gstDate("2027-03-31T18:29:00.000Z")).toBe("31-03-2027");
  });

  it("lists each document once per rate, credit notes negative", () => {
    const lines = registerCsv([cafe, caterer, refund]).replace("\uFEFF", "").trim().split("\r\n");
    expect(lines).toEqual([
      "Document,Number,Date,Against invoice,Recipient,Recipient GSTIN,Place of supply,Supply,Rate (%),Taxable value,CGST,SGST/UTGST,IGST,Document value",
      "Invoice,ANN/26-27/000001,06-12-2026,,Asha,Unregistered,27-Maharashtra,Intra-state,5,510.48,12.76,12.76,0.00,635.00",
      "Invoice,ANN/26-27/000001,06-12-2026,,Asha,Unregistered,27-Maharashtra,Intra-state,18,83.90,7.55,7.55,0.00,635.00",
      "Invoice,ANN/26-27/000002,06-12-2026,,Bangalore Bites,29AAGCB7383J1Z4,29-Karnataka,Inter-state,5,1000.00,0.00,0.00,50.00,1168.00",
      "Invoice,ANN/26-27/000002,06-12-2026,,Bangalore Bites,29AAGCB7383J1Z4,29-Karnataka,Inter-state,18,100.00,0.00,0.00,18.00,1168.00",
      "Credit note,ANN/26-27/C00001,06-12-2026,ANN/26-27/000001,Asha,Unregistered,27-Maharashtra,Intra-state,5,-80.39,-2.01,-2.01,0.00,-100.00",
      "Credit note,ANN/26-27/C00001,06-12-2026,ANN/26-27/000001,Asha,Unregistered,27-Maharashtra,Intra-state,18,-13.21,-1.19,-1.19,0.00,-100.00",
    ]);
  });

  it("puts each supply in its GSTR-1 table, and takes B2C credit notes off B2CS", () => {
    const credited = creditFigures(caterer.figures, creditedSoFar(caterer.figures, []), "rest", inter);
    if (!credited) throw new Error("no note");
    const catererNote: InvoiceDocument = {
      ...caterer,
      kind: "credit-note",
      number: "ANN/26-27/C00002",
      figures: credited,
      against: { number: caterer.number, issuedAt: caterer.issuedAt, total: 1_168_00 },
    };
    const largeNote: InvoiceDocument = {
      ...large,
      kind: "credit-note",
      number: "ANN/26-27/C00003",
      figures: creditFigures(large.figures, creditedSoFar(large.figures, []), 5_250_00, inter) ?? large.figures,
      against: { number: large.number, issuedAt: large.issuedAt, total: 1_05_000_00 },
    };
    const report = gstr1([cafe, caterer, large, refund, catererNote, largeNote], "27AAPFU0939F1ZV", "122026");
    expect(report).toMatchObject({ gstin: "27AAPFU0939F1ZV", fp: "122026" });
    expect(report.b2b).toEqual([
      {
        ctin: "29AAGCB7383J1Z4",
        inv: [
          {
            inum: "ANN/26-27/000002",
            idt: "06-12-2026",
            val: 1168,
            pos: "29",
            rchrg: "N",
            inv_typ: "R",
            itms: [
              { num: 1, itm_det: { txval: 1000, rt: 5, iamt: 50, camt: 0, samt: 0, csamt: 0 } },
              { num: 2, itm_det: { txval: 100, rt: 18, iamt: 18, camt: 0, samt: 0, csamt: 0 } },
            ],
          },
        ],
      },
    ]);
    expect(report.b2cl).toEqual([
      {
        pos: "29",
        inv: [
          {
            inum: "ANN/26-27/000003",
            idt: "06-12-2026",
            val: 105000,
            itms: [{ num: 1, itm_det: { txval: 100000, rt: 5, iamt: 5000, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    // The café's invoice less its ₹100 credit note, per rate.
    expect(report.b2cs).toEqual([
      { sply_ty: "INTRA", pos: "27", typ: "OE", rt: 5, txval: 430.09, iamt: 0, camt: 10.75, samt: 10.75, csamt: 0 },
      { sply_ty: "INTRA", pos: "27", typ: "OE", rt: 18, txval: 70.69, iamt: 0, camt: 6.36, samt: 6.36, csamt: 0 },
    ]);
    expect(report.cdnr).toEqual([
      {
        ctin: "29AAGCB7383J1Z4",
        nt: [expect.objectContaining({ ntty: "C", nt_num: "ANN/26-27/C00002", val: 1168, pos: "29", inv_typ: "R" })],
      },
    ]);
    expect(report.cdnur).toEqual([
      expect.objectContaining({
        ntty: "C",
        nt_num: "ANN/26-27/C00003",
        typ: "B2CL",
        val: 5250,
        itms: [{ num: 1, itm_det: { txval: 5000, rt: 5, iamt: 250, camt: 0, samt: 0, csamt: 0 } }],
      }),
    ]);
    // The caterer's supplies are credited in full: nothing left of them in the B2B HSN summary.
    expect(report.hsn.hsn_b2b).toEqual([
      { num: 1, hsn_sc: "1006", desc: "", uqc: "NOS", qty: 0, rt: 5, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { num: 2, hsn_sc: "3923", desc: "", uqc: "NOS", qty: 0, rt: 18, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(report.hsn.hsn_b2c).toEqual([
      {
        num: 1,
        hsn_sc: "0405",
        desc: "",
        uqc: "NOS",
        qty: 2,
        rt: 5,
        txval: 430.09,
        iamt: 0,
        camt: 10.75,
        samt: 10.75,
        csamt: 0,
      },
      {
        num: 2,
        hsn_sc: "9965",
        desc: "",
        uqc: "NA",
        qty: 0,
        rt: 18,
        txval: 70.69,
        iamt: 0,
        camt: 6.36,
        samt: 6.36,
        csamt: 0,
      },
      {
        num: 3,
        hsn_sc: "1006",
        desc: "",
        uqc: "NOS",
        qty: 1000,
        rt: 5,
        txval: 95000,
        iamt: 4750,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    expect(report.doc_iss.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: "Invoices for outward supply",
        docs: [{ num: 1, from: "ANN/26-27/000001", to: "ANN/26-27/000003", totnum: 3, cancel: 0, net_issue: 3 }],
      },
      {
        doc_num: 5,
        doc_typ: "Credit Note",
        docs: [{ num: 1, from: "ANN/26-27/C00001", to: "ANN/26-27/C00003", totnum: 3, cancel: 0, net_issue: 3 }],
      },
    ]);
  });
});
