/**
 * npm run bench:invoices [-- --count 200 --lines 20 --out invoice.pdf]
 *
 * How many tax-invoice PDFs one process makes a second (issue 58: at least 50 on this machine),
 * from a stored document of `--lines` goods lines with a coupon and shipping, and the size of
 * each. Nothing else runs: the PDF is drawn from the invoice's document alone.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { demoCatalogue } from "../app/demo/factories";
import type { InvoiceDocument } from "../app/modules/invoices/document";
import { invoiceFigures } from "../app/modules/invoices/figures";
import { logoPng } from "../app/modules/invoices/logo.server";
import { invoicePdf } from "../app/modules/invoices/pdf.server";
import { supplyBetween } from "../app/modules/invoices/tax";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "200" },
    lines: { type: "string", default: "20" },
    /** Writes the first PDF to this file, to look at. */
    out: { type: "string" },
  },
});
const count = Number(values.count);
const lineCount = Number(values.lines);

const lines = Array.from({ length: lineCount }, (_, index) => ({
  description:
    index % 5 === 1 ? "बासमती चावल (Basmati Rice) 25 kg" : `Sona Masoori Rice ${index + 1} kg, premium sortex`,
  hsn: index % 2 ? "1006" : "0405",
  quantity: (index % 4) + 1,
  unit: "NOS",
  rateBasisPoints: [0, 500, 1800, 25][index % 4] ?? 0,
  total: 1_000_00 + index * 137_00,
}));
const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
const supply = supplyBetween("27", "27");
const document: InvoiceDocument = {
  kind: "invoice",
  number: "ANN/26-27/000123",
  issuedAt: new Date().toISOString(),
  supplier: {
    name: "Annapurna Foodservice Private Limited",
    tradeName: "Annapurna HoReCa Supplies",
    address: "Unit 14, APMC Market Phase II, Sector 19, Vashi, Navi Mumbai, Maharashtra 400703",
    gstin: "27AAPFU0939F1ZV",
    state: { name: "Maharashtra", code: "27" },
    phone: "+91 98200 45123",
    email: "orders@annapurna-horeca.in",
  },
  recipient: {
    name: "Asha Rao",
    company: "Spice Route Caterers",
    gstin: "27AAPFU0939F1ZV",
    phone: "9820012345",
    billingAddress: "12 MG Road, Shop 4\nNavi Mumbai, Maharashtra 400703",
    shippingAddress: "12 MG Road, Shop 4\nNavi Mumbai, Maharashtra 400703",
  },
  placeOfSupply: { name: "Maharashtra", code: "27" },
  supply,
  reverseCharge: "No",
  order: { number: "261206ABCD1234", placedAt: new Date().toISOString(), paymentMethod: "COD" },
  figures: invoiceFigures({
    lines,
    discount: 100_00,
    shipping: { amount: 199_00, sac: "9965", rateBasisPoints: 1800 },
    supply,
    grandTotal: subtotal - 100_00 + 199_00,
  }),
};

// With the demo store's logo, as its invoices are printed.
const logoFile = demoCatalogue({ products: 0 }).media.find((file) => file.key === "demo/logo.svg");
const look = { logo: logoFile ? await logoPng(Buffer.from(logoFile.body)) : null };
const first = await invoicePdf(document, look);
if (values.out) writeFileSync(values.out, first);
const started = performance.now();
for (let made = 0; made < count; made++) await invoicePdf(document, look);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${count} invoices of ${lineCount} lines: ${(count / seconds).toFixed(1)} a second, ${((seconds / count) * 1000).toFixed(1)} ms each, ${first.length} bytes each\n`,
);
