import type { InvoiceFigures } from "./figures";
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
