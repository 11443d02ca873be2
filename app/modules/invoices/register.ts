import { BOM, csvRow, rupees } from "../console/csv";
import type { InvoiceDocument } from "./document";
import type { InvoiceLine } from "./figures";

/**
 * A month's invoices and credit notes for the shop's accountant (issue 58): a register as CSV,
 * one row per document and GST rate, and the month's GSTR-1 as the GST portal's offline tool
 * writes it (B2B, B2CL, B2CS, credit notes to registered and to large unregistered buyers, the
 * HSN summary split B2B/B2C, and the documents issued). Credit notes count against the month's
 * supplies: negative in the register, their own tables in GSTR-1, and taken off B2CS.
 */

/** Inter-state invoices to unregistered buyers above this value are B2C (large), since 1 August 2024. */
export const B2CL_ABOVE = 1_00_000_00;

interface RateTotals {
  rateBasisPoints: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** A document's lines summed per rate, lowest rate first. */
function byRate(lines: readonly InvoiceLine[]): RateTotals[] {
  const rates = new Map<number, RateTotals>();
  for (const line of lines) {
    let row = rates.get(line.rateBasisPoints);
    if (!row) {
      row = { rateBasisPoints: line.rateBasisPoints, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
      rates.set(line.rateBasisPoints, row);
    }
    row.taxable += line.taxable;
    row.cgst += line.cgst;
    row.sgst += line.sgst;
    row.igst += line.igst;
  }
  return [...rates.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints);
}

/** "06-12-2026", the date in India, as GSTR-1 and accountants write it. */
export function gstDate(iso: string): string {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" })
    .format(new Date(iso))
    .split("-");
  return `${day}-${month}-${year}`;
}

const REGISTER_HEADER = [
  "Document",
  "Number",
  "Date",
  "Against invoice",
  "Recipient",
  "Recipient GSTIN",
  "Place of supply",
  "Supply",
  "Rate (%)",
  "Taxable value",
  "CGST",
  "SGST/UTGST",
  "IGST",
  "Document value",
];

/** The register as CSV: a row per document and rate; a credit note's amounts are negative. */
export function registerCsv(documents: readonly InvoiceDocument[]): string {
  let csv = BOM + csvRow(REGISTER_HEADER);
  for (const document of documents) {
    const credit = document.kind === "credit-note";
    const sign = credit ? -1 : 1;
    const recipient = document.recipient.company || document.recipient.name;
    for (const rate of byRate(document.figures.lines)) {
      csv += csvRow([
        credit ? "Credit note" : "Invoice",
        document.number,
        gstDate(document.issuedAt),
        document.against?.number ?? "",
        recipient,
        document.recipient.gstin ?? "Unregistered",
        `${document.placeOfSupply.code}-${document.placeOfSupply.name}`,
        document.supply.kind === "intra" ? "Intra-state" : "Inter-state",
        rate.rateBasisPoints / 100,
        rupees(sign * rate.taxable),
        rupees(sign * rate.cgst),
        rupees(sign * rate.sgst),
        rupees(sign * rate.igst),
        rupees(sign * document.figures.totals.total),
      ]);
    }
  }
  return csv;
}

/** Paise as the portal's rupees: a number with at most two decimals. */
const amount = (paise: number) => Math.round(paise) / 100;

interface ItemDetail {
  txval: number;
  rt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

const items = (document: InvoiceDocument) =>
  byRate(document.figures.lines).map((rate, index) => ({
    num: index + 1,
    itm_det: {
      txval: amount(rate.taxable),
      rt: rate.rateBasisPoints / 100,
      iamt: amount(rate.igst),
      camt: amount(rate.cgst),
      samt: amount(rate.sgst),
      csamt: 0,
    } satisfies ItemDetail,
  }));

type Kind = "b2b" | "b2cl" | "b2cs";

/** Which table a document's supply is reported in, from the invoice it is (or is against). */
function tableOf(document: InvoiceDocument): Kind {
  if (document.recipient.gstin) return "b2b";
  const invoiceValue = document.against?.total ?? document.figures.totals.total;
  return document.supply.kind === "inter" && invoiceValue > B2CL_ABOVE ? "b2cl" : "b2cs";
}

function groupInto<T>(groups: Map<string, T[]>, key: string, entry: T) {
  const list = groups.get(key);
  if (list) list.push(entry);
  else groups.set(key, [entry]);
}

interface HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

/** The HSN summary (table 12): goods by code, rate and unit; services (SAC 99…) have no quantity. */
function hsnSummary(documents: readonly InvoiceDocument[]): HsnRow[] {
  const rows = new Map<string, { code: string; uqc: string; rate: number; qty: number } & RateTotals>();
  for (const document of documents) {
    const sign = document.kind === "credit-note" ? -1 : 1;
    for (const line of document.figures.lines) {
      const service = line.code.startsWith("99");
      const uqc = service ? "NA" : line.unit;
      const key = `${line.code}|${line.rateBasisPoints}|${uqc}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          code: line.code,
          uqc,
          rate: line.rateBasisPoints,
          qty: 0,
          rateBasisPoints: 0,
          taxable: 0,
          cgst: 0,
          sgst: 0,
          igst: 0,
        };
        rows.set(key, row);
      }
      if (!service) row.qty += sign * line.quantity;
      row.taxable += sign * line.taxable;
      row.cgst += sign * line.cgst;
      row.sgst += sign * line.sgst;
      row.igst += sign * line.igst;
    }
  }
  return [...rows.values()].map((row, index) => ({
    num: index + 1,
    hsn_sc: row.code,
    desc: "",
    uqc: row.uqc,
    qty: row.qty,
    rt: row.rate / 100,
    txval: amount(row.taxable),
    iamt: amount(row.igst),
    camt: amount(row.cgst),
    samt: amount(row.sgst),
    csamt: 0,
  }));
}

/** Table 13: the first and last number of each series issued in the month. */
function documentsIssued(documents: readonly InvoiceDocument[]) {
  const series = (kind: InvoiceDocument["kind"], docNum: number, docType: string) => {
    const numbers = documents.filter((d) => d.kind === kind).map((d) => d.number);
    if (numbers.length === 0) return [];
    const sorted = [...numbers].sort();
    return [
      {
        doc_num: docNum,
        doc_typ: docType,
        docs: [
          {
            num: 1,
            from: sorted[0],
            to: sorted[sorted.length - 1],
            totnum: numbers.length,
            cancel: 0,
            net_issue: numbers.length,
          },
        ],
      },
    ];
  };
  return {
    doc_det: [...series("invoice", 1, "Invoices for outward supply"), ...series("credit-note", 5, "Credit Note")],
  };
}

/**
 * The month's GSTR-1, `period` as the portal writes it ("122026" for December 2026). Amounts in
 * rupees; B2CS is net of the credit notes against its invoices, as the return reports it.
 */
export function gstr1(documents: readonly InvoiceDocument[], gstin: string, period: string) {
  const b2b = new Map<string, unknown[]>();
  const b2cl = new Map<string, unknown[]>();
  const cdnr = new Map<string, unknown[]>();
  const cdnur: unknown[] = [];
  const b2cs = new Map<string, { sply_ty: "INTRA" | "INTER"; pos: string; rt: number } & RateTotals>();
  for (const document of documents) {
    const credit = document.kind === "credit-note";
    const table = tableOf(document);
    const common = { val: amount(document.figures.totals.total), pos: document.placeOfSupply.code };
    if (table === "b2cs") {
      const sign = credit ? -1 : 1;
      const supply = document.supply.kind === "intra" ? "INTRA" : "INTER";
      for (const rate of byRate(document.figures.lines)) {
        const key = `${supply}|${common.pos}|${rate.rateBasisPoints}`;
        let row = b2cs.get(key);
        if (!row) {
          row = {
            sply_ty: supply,
            pos: common.pos,
            rt: rate.rateBasisPoints / 100,
            ...rate,
            taxable: 0,
            cgst: 0,
            sgst: 0,
            igst: 0,
          };
          b2cs.set(key, row);
        }
        row.taxable += sign * rate.taxable;
        row.cgst += sign * rate.cgst;
        row.sgst += sign * rate.sgst;
        row.igst += sign * rate.igst;
      }
    } else if (!credit && table === "b2b") {
      groupInto(b2b, document.recipient.gstin ?? "", {
        inum: document.number,
        idt: gstDate(document.issuedAt),
        ...common,
        rchrg: "N",
        inv_typ: "R",
        itms: items(document),
      });
    } else if (!credit) {
      groupInto(b2cl, common.pos, {
        inum: document.number,
        idt: gstDate(document.issuedAt),
        val: common.val,
        itms: items(document),
      });
    } else {
      const note = { ntty: "C", nt_num: document.number, nt_dt: gstDate(document.issuedAt), ...common };
      if (table === "b2b") {
        groupInto(cdnr, document.recipient.gstin ?? "", { ...note, rchrg: "N", inv_typ: "R", itms: items(document) });
      } else {
        cdnur.push({ ...note, typ: "B2CL", itms: items(document) });
      }
    }
  }
  const registered = documents.filter((d) => d.recipient.gstin);
  const unregistered = documents.filter((d) => !d.recipient.gstin);
  return {
    gstin,
    fp: period,
    version: "GST3.1.6",
    hash: "hash",
    b2b: [...b2b].map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: [...b2cl].map(([pos, inv]) => ({ pos, inv })),
    b2cs: [...b2cs.values()].map((row) => ({
      sply_ty: row.sply_ty,
      pos: row.pos,
      typ: "OE",
      rt: row.rt,
      txval: amount(row.taxable),
      iamt: amount(row.igst),
      camt: amount(row.cgst),
      samt: amount(row.sgst),
      csamt: 0,
    })),
    cdnr: [...cdnr].map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    hsn: { hsn_b2b: hsnSummary(registered), hsn_b2c: hsnSummary(unregistered) },
    doc_iss: documentsIssued(documents),
  };
}
