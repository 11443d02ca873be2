import { formatINR } from "../money/format";
import {
  type EmailContent,
  emailBlock,
  emailButton,
  emailColour,
  emailPage,
  emailParagraph,
  storeMark,
} from "./email-texts";

/**
 * What the shop itself is told (issue 57): an email to the store's order address, and the body
 * of the signed webhook for its own tools; a request for a quote is told the same ways (quote-texts.ts).
 */

export const SHOP_EVENTS = ["order.placed", "payment.failed", "quote.requested"] as const;
/** The events about an order; "quote.requested" has its own texts in quote-texts.ts. */
export type ShopEvent = Exclude<(typeof SHOP_EVENTS)[number], "quote.requested">;

export interface ShopOrder {
  id: string;
  storeSlug: string;
  storeName: string;
  orderNumber: string;
  status: string;
  paymentMethod: "COD" | "ONLINE";
  paymentStatus: string;
  /** Paise. */
  subtotal: number;
  discount: number;
  shipping: number;
  grandTotal: number;
  couponCode: string | null;
  phone: string;
  email: string | null;
  address: {
    firstName: string;
    lastName: string;
    companyName: string;
    gstNumber: string;
    address: string;
    apartment: string;
    landmark: string;
    city: string;
    state: string;
    pin: string;
  };
  items: Array<{
    sku: string | null;
    name: string;
    size: string | null;
    quantity: number;
    unitPrice: number;
    total: number;
  }>;
  placedAt: string;
  /** The order in the console, absolute. */
  consoleUrl: string;
}

const customerName = (order: ShopOrder) =>
  [order.address.firstName, order.address.lastName].filter(Boolean).join(" ") || "A customer";

const paidHow = (order: ShopOrder) => (order.paymentMethod === "COD" ? "cash on delivery" : "paid online");

function wording(event: ShopEvent, order: ShopOrder): { subject: string; heading: string; lines: string[] } {
  const total = formatINR(order.grandTotal);
  if (event === "payment.failed") {
    return {
      subject: `Payment failed for order ${order.orderNumber}`,
      heading: "An online payment was not completed",
      lines: [
        `${customerName(order)} did not complete the online payment of ${total} for order ${order.orderNumber}.`,
        "The order will not be delivered, and its stock is back on sale. You may want to call them.",
      ],
    };
  }
  return {
    subject: `New order ${order.orderNumber}: ${total}, ${paidHow(order)}`,
    heading: `New order ${order.orderNumber}`,
    lines: [
      `${customerName(order)} ordered ${order.items.length === 1 ? "1 item" : `${order.items.length} items`} for ${total}, ${paidHow(order)}.`,
    ],
  };
}

/** The email to the store's order address: what happened, who, what, where to, and a link to the order. */
export function shopEmail(event: ShopEvent, order: ShopOrder, primaryColor: string): EmailContent {
  const { subject, heading, lines } = wording(event, order);
  const a = order.address;
  const deliverTo = [
    [a.companyName, a.gstNumber && `GSTIN ${a.gstNumber}`].filter(Boolean).join(", "),
    [a.address, a.apartment, a.landmark].filter(Boolean).join(", "),
    `${a.city}, ${a.state} ${a.pin}`,
  ].filter(Boolean);
  const contact = [`Phone ${order.phone}`, ...(order.email ? [`Email ${order.email}`] : [])];
  const itemLines = order.items.map(
    (item) =>
      `${item.quantity} × ${item.name}${item.size ? ` (${item.size})` : ""}${item.sku ? ` [${item.sku}]` : ""}: ${formatINR(item.total)}`,
  );
  const sums = [
    `Subtotal ${formatINR(order.subtotal)}`,
    ...(order.discount > 0
      ? [`Discount −${formatINR(order.discount)}${order.couponCode ? ` (${order.couponCode})` : ""}`]
      : []),
    `Shipping ${order.shipping > 0 ? formatINR(order.shipping) : "free"}`,
    `Grand total ${formatINR(order.grandTotal)}`,
  ];
  const text = [
    heading,
    "",
    ...lines,
    "",
    customerName(order),
    ...contact,
    ...deliverTo,
    "",
    ...itemLines,
    "",
    ...sums,
    "",
    `Open the order: ${order.consoleUrl}`,
  ].join("\n");
  const colour = emailColour(primaryColor);
  const html = emailPage({
    title: subject,
    colour,
    mark: storeMark(order.storeName),
    heading,
    body: [
      lines.map((line) => emailParagraph(line, 15)).join(""),
      emailBlock(customerName(order), [...contact, ...deliverTo]),
      emailBlock("Items", itemLines),
      emailBlock("Amounts", sums),
      emailButton(order.consoleUrl, "Open the order", colour),
    ].join("\n"),
  });
  return { subject, text, html };
}

/** The webhook's body (Standard Webhooks' shape: type, timestamp, data); amounts in paise. */
export function webhookBody(event: ShopEvent, order: ShopOrder, at: Date): string {
  const { storeName: _name, storeSlug, consoleUrl, ...rest } = order;
  return JSON.stringify({
    type: event,
    timestamp: at.toISOString(),
    data: { store: storeSlug, order: { ...rest, currency: "INR", consoleUrl } },
  });
}

/** The test delivery's body: a "ping" that carries no order. */
export function pingBody(at: Date): string {
  return JSON.stringify({ type: "ping", timestamp: at.toISOString(), data: {} });
}
