import type { InvoiceFigures } from "./figures";
import { invoiceDate } from "./money";
import type { PlaceOfSupply, Supply } from "./tax";

/**
 * An issued invoice as it is kept (`invoices.document`, ADR 0061): everything its printed page
 * shows, so that printing it reads nothing else.
 */

export interface InvoiceParty {
  name: string;
  address: string;
  gstin: string | null;
  state: PlaceOfSupply;
}

export interface InvoiceDocument {
  kind: "invoice" | "credit-note";
  number: string;
  issuedAt: string;
  supplier: InvoiceParty & { tradeName: string; phone: string; email: string };
  recipient: {
    name: string;
    company: string;
    /** Null: "Unregistered" (B2C). */
    gstin: string | null;
    phone: string;
    billingAddress: string;
    shippingAddress: string;
  };
  placeOfSupply: PlaceOfSupply;
  supply: Supply;
  reverseCharge: "No";
  order: { number: string; placedAt: string; paymentMethod: "COD" | "ONLINE" };
  figures: InvoiceFigures;
  /** A credit note's invoice, and why it was issued. */
  against?: { number: string; issuedAt: string; total: number };
  reason?: string;
}

/** The facts printed under the title, as label and value, the same on the PDF and the page. */
export function documentFacts(document: InvoiceDocument): Array<[string, string]> {
  const credit = document.kind === "credit-note";
  const facts: Array<[string, string]> = [
    [credit ? "Credit note number" : "Invoice number", document.number],
    [credit ? "Credit note date" : "Invoice date", invoiceDate(document.issuedAt)],
  ];
  if (document.against) {
    facts.push(["Against invoice", `${document.against.number} of ${invoiceDate(document.against.issuedAt)}`]);
  }
  if (document.reason) facts.push(["Reason", document.reason]);
  facts.push(
    ["Order", `${document.order.number} of ${invoiceDate(document.order.placedAt)}`],
    ["Place of supply", `${document.placeOfSupply.name} (${document.placeOfSupply.code})`],
    ["Reverse charge", document.reverseCharge],
  );
  return facts;
}
