import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { type GstSettings, gstSettingsSchema, profileSchema } from "../../db/json-columns";
import { invoiceSeries, invoices, orderEvents, orderItems, orders, stores } from "../../db/schema";
import { gstinProblem } from "../india/gstin";
import { INDIAN_STATES } from "../india/states";
import { enqueue } from "../jobs/queue.server";
import { orderMessageJobs } from "../notifications/order-messages.server";
import type { InvoiceDocument } from "./document";
import { invoiceFigures } from "./figures";
import { financialYear, invoiceNumber, prefixProblem } from "./numbering";
import { hsnProblem, type PlaceOfSupply, placeOfSupply, supplyBetween } from "./tax";

/**
 * Issuing an order's tax invoice (issue 58), inside the transaction that confirms (or delivers)
 * it. The number comes from the store's series for the financial year, taken by updating the
 * series' row: two orders confirmed at the same instant on two processes wait for each other
 * there, and one that rolls back gives its number back, so numbers are consecutive and unique.
 * The invoice keeps everything it shows (`document`): it never changes afterwards.
 */

/** Why a store cannot issue invoices yet, for the owner; null when it can. */
export function registrationProblem(gst: GstSettings): string | null {
  if (!gst.legalName.trim()) return "Enter the legal name on your GST registration.";
  if (gstinProblem(gst.gstin)) return "Enter your GSTIN, as on your GST registration.";
  if (!INDIAN_STATES.some((state) => state.gstCode === gst.stateCode)) return "Choose the state you are registered in.";
  if (gst.gstin.slice(0, 2) !== gst.stateCode) return "Your GSTIN's first two digits are another state's code.";
  if (!gst.address.trim()) return "Enter your registered address.";
  return prefixProblem(gst.invoicePrefix);
}

const stateOf = (code: string): PlaceOfSupply => {
  const state = INDIAN_STATES.find((s) => s.gstCode === code);
  return { name: state?.name ?? code, code };
};

/** Percent to basis points: 0.25 → 25. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** Takes the next number of a series in this transaction (see the top of this file). */
export async function nextSequence(tx: Tx, storeId: string, kind: "invoice" | "credit-note", yearStart: number) {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ storeId, kind, yearStart, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.storeId, invoiceSeries.kind, invoiceSeries.yearStart],
      set: { lastSequence: sql`${invoiceSeries.lastSequence} + 1` },
    })
    .returning({ sequence: invoiceSeries.lastSequence });
  if (!row) throw new Error("the invoice series gave no number");
  return row.sequence;
}

export type IssueOutcome =
  | { issued: true; id: string; number: string; already: boolean }
  | { issued: false; reason: string };

/**
 * Issues the order's invoice now, unless it has one; the caller's transaction holds the order.
 * `step` is the order's move that asks: a store that issues on delivery issues nothing on
 * confirmation, and delivery issues an order's invoice that confirmation did not.
 */
export async function issueInvoice(
  tx: Tx,
  orderId: string,
  step: "confirmed" | "delivered",
  at = new Date(),
): Promise<IssueOutcome> {
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
  if (existing) return { issued: true, id: existing.id, number: existing.number, already: true };

  const [order] = await tx
    .select({
      id: orders.id,
      storeId: orders.storeId,
      orderNumber: orders.orderNumber,
      phone: orders.phone,
      paymentMethod: orders.paymentMethod,
      discount: orders.discount,
      shipping: orders.shipping,
      grandTotal: orders.grandTotal,
      address: orders.customerAddress,
      createdAt: orders.createdAt,
      storeTitle: stores.title,
      gst: stores.gst,
      profile: stores.profile,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(eq(orders.id, orderId));
  if (!order) return { issued: false, reason: "no such order" };
  const gst = gstSettingsSchema.parse(order.gst);
  if (step === "confirmed" && gst.issueOn === "delivered") return { issued: false, reason: "issued on delivery" };
  const problem = registrationProblem(gst);
  if (problem) return { issued: false, reason: problem };
  const profile = profileSchema.parse(order.profile);

  const items = await tx
    .select({
      name: orderItems.name,
      size: orderItems.selectedSize,
      quantity: orderItems.quantity,
      total: orderItems.total,
      hsn: orderItems.hsnCode,
      rate: orderItems.gstRate,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));

  const a = order.address;
  const supplierState = stateOf(gst.stateCode);
  // Goods are supplied where they are delivered; an address whose state is not recognised is
  // taken as the shop's own (an owner can see it on the invoice and correct the order).
  const delivery = placeOfSupply(a.state) ?? supplierState;
  const supply = supplyBetween(gst.stateCode, delivery.code);
  const figures = invoiceFigures({
    lines: items.map((item) => ({
      description: item.size ? `${item.name} (${item.size})` : item.name,
      hsn: item.hsn && !hsnProblem(item.hsn) ? item.hsn : gst.defaultHsn,
      quantity: item.quantity,
      unit: "NOS",
      rateBasisPoints: basisPoints(item.rate ?? gst.defaultRate),
      total: item.total,
    })),
    discount: order.discount,
    shipping: { amount: order.shipping, sac: gst.shippingSac, rateBasisPoints: basisPoints(gst.shippingRate) },
    supply,
    grandTotal: order.grandTotal,
  });

  const year = financialYear(at);
  const sequence = await nextSequence(tx, order.storeId, "invoice", year.start);
  const number = invoiceNumber(gst.invoicePrefix, year.label, sequence);
  const addressLines = [
    [a.address, a.apartment].filter(Boolean).join(", "),
    a.landmark,
    `${a.city}, ${a.state} ${a.pin}`,
  ]
    .filter(Boolean)
    .join("\n");
  const recipientGstin = a.gstNumber && !gstinProblem(a.gstNumber) ? a.gstNumber : null;
  const document: InvoiceDocument = {
    kind: "invoice",
    number,
    issuedAt: at.toISOString(),
    supplier: {
      name: gst.legalName,
      tradeName: order.storeTitle,
      address: gst.address,
      gstin: gst.gstin,
      state: supplierState,
      phone: profile.contactNo,
      email: profile.email,
    },
    recipient: {
      name: [a.firstName, a.lastName].filter(Boolean).join(" "),
      company: a.companyName,
      gstin: recipientGstin,
      phone: order.phone,
      billingAddress: addressLines,
      shippingAddress: addressLines,
    },
    placeOfSupply: delivery,
    supply,
    reverseCharge: "No",
    order: { number: order.orderNumber, placedAt: order.createdAt.toISOString(), paymentMethod: order.paymentMethod },
    figures,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      storeId: order.storeId,
      orderId,
      kind: "invoice",
      number,
      yearStart: year.start,
      sequence,
      issuedAt: at,
      total: figures.totals.total,
      document,
    })
    .returning({ id: invoices.id });
  if (!row) throw new Error("the invoice was not written");
  await tx.insert(orderEvents).values({ orderId, kind: "invoice", source: "console", detail: { number } });
  // The customer gets it with this commit: by email with the PDF, and told by SMS (issue 57).
  await enqueue(tx, ...orderMessageJobs(order.storeId, orderId, "invoiced"));
  return { issued: true, id: row.id, number, already: false };
}
