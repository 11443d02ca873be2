import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";
import PDFDocument from "pdfkit";
import { documentFacts, type InvoiceDocument } from "./document";
import { invoiceAmount } from "./money";
import { rateLabel } from "./tax";

/**
 * An issued invoice as an A4 PDF (issue 58, ADR 0062), made with PDFKit from the invoice's
 * stored document and nothing else. The text is Noto Sans Devanagari, which carries Latin, the
 * rupee sign and Devanagari (product names in Hindi or Marathi), shaped by PDFKit's fontkit and
 * embedded as a subset, so the text stays selectable and the file small.
 */

const require = createRequire(import.meta.url);
const FONT_PACKAGE = "@expo-google-fonts/noto-sans-devanagari";
let fonts: { regular: Font; bold: Font } | null = null;

function openFont(file: string): Font {
  const font = create(readFileSync(require.resolve(`${FONT_PACKAGE}/${file}`)));
  if (!("layout" in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/**
 * The two faces, parsed once per process and handed to every document: parsing them for each
 * one (what PDFKit does with a file or bytes) was 22 of a document's 26 ms.
 */
function loadFonts() {
  fonts ??= {
    regular: openFont("400Regular/NotoSansDevanagari_400Regular.ttf"),
    bold: openFont("700Bold/NotoSansDevanagari_700Bold.ttf"),
  };
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89, margin: 36 };
const INNER = PAGE.width - 2 * PAGE.margin;
const GREY = "#4a4f57";
const RULE = "#c9ccd1";

interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

export interface InvoiceLook {
  /** A PNG or JPEG of the store's logo, or null for its name alone. */
  logo: Buffer | null;
}

export async function invoicePdf(document: InvoiceDocument, look: InvoiceLook = { logo: null }): Promise<Buffer> {
  const faces = loadFonts();
  const credit = document.kind === "credit-note";
  const name = credit ? "credit note" : "invoice";
  const pdf = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: {
      Title: `${credit ? "Credit note" : "Tax invoice"} ${document.number}`,
      Author: document.supplier.name,
      Subject: `Order ${document.order.number}`,
    },
    compress: true,
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });
  // PDFKit takes a parsed fontkit font as well as bytes (PDFFontFactory.open); its types list only bytes.
  pdf.registerFont("regular", faces.regular as unknown as Buffer);
  pdf.registerFont("bold", faces.bold as unknown as Buffer);

  const text = (
    value: string,
    x: number,
    y: number,
    width: number,
    options: { bold?: boolean; size?: number; align?: "left" | "right" | "center"; colour?: string } = {},
  ) => {
    pdf
      .font(options.bold ? "bold" : "regular")
      .fontSize(options.size ?? 8.5)
      .fillColor(options.colour ?? "#1d1d1b")
      .text(value, x, y, { width, align: options.align ?? "left", lineGap: 1 });
    return pdf.y;
  };
  const heightOf = (value: string, width: number, bold = false, size = 8.5) =>
    pdf
      .font(bold ? "bold" : "regular")
      .fontSize(size)
      .heightOfString(value, { width, lineGap: 1 });
  const lineHeight = heightOf("0", 100);
  const rule = (y: number) => {
    pdf
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  };

  // Heading: the supplier on the left, the invoice's facts on the right.
  let y = PAGE.margin;
  const half = INNER / 2 - 8;
  let left = y;
  if (look.logo) {
    try {
      pdf.image(look.logo, PAGE.margin, y, { fit: [140, 40] });
      left += 46;
    } catch {
      // A logo PDFKit cannot read: the name alone, as without one.
    }
  }
  const s = document.supplier;
  left = text(s.name, PAGE.margin, left, half, { bold: true, size: 11 });
  if (s.tradeName && s.tradeName !== s.name) left = text(`Trading as ${s.tradeName}`, PAGE.margin, left, half);
  left = text(s.address, PAGE.margin, left, half);
  left = text(`GSTIN ${s.gstin}`, PAGE.margin, left, half, { bold: true });
  left = text(`State: ${s.state.name} (${s.state.code})`, PAGE.margin, left, half);
  const contact = [s.phone, s.email].filter(Boolean).join(" · ");
  if (contact) left = text(contact, PAGE.margin, left, half);

  const rightX = PAGE.margin + INNER / 2 + 8;
  let right = text(credit ? "CREDIT NOTE" : "TAX INVOICE", rightX, y, half, { bold: true, size: 14, align: "right" });
  const facts = documentFacts(document);
  for (const [label, value] of facts) right = text(`${label}: ${value}`, rightX, right, half, { align: "right" });
  y = Math.max(left, right) + 8;
  rule(y);
  y += 8;

  // The recipient: billed to and shipped to.
  const r = document.recipient;
  const billTo = [r.company, r.name].filter(Boolean).join("\n");
  const billed = text("Bill to", PAGE.margin, y, half, { bold: true, colour: GREY });
  let leftEnd = text(billTo || r.name, PAGE.margin, billed, half, { bold: true });
  leftEnd = text(r.billingAddress, PAGE.margin, leftEnd, half);
  leftEnd = text(`GSTIN: ${r.gstin ?? "Unregistered"}`, PAGE.margin, leftEnd, half, { bold: true });
  leftEnd = text(`Phone +91 ${r.phone}`, PAGE.margin, leftEnd, half);
  const shipped = text("Ship to", rightX, y, half, { bold: true, colour: GREY });
  let rightEnd = text(r.name || r.company, rightX, shipped, half, { bold: true });
  rightEnd = text(r.shippingAddress, rightX, rightEnd, half);
  y = Math.max(leftEnd, rightEnd) + 10;

  // The lines. Intra-state: CGST and SGST (or UTGST) columns; inter-state: IGST.
  const intra = document.supply.kind === "intra";
  const stateShare = document.supply.kind === "intra" ? document.supply.stateShare : "SGST";
  const columns: Column[] = [
    { title: "#", width: 16, align: "left" },
    { title: "Description", width: intra ? 150 : 188, align: "left" },
    { title: "HSN/SAC", width: 46, align: "left" },
    { title: "Qty", width: 30, align: "right" },
    { title: "Rate", width: 34, align: "right" },
    { title: "Taxable value", width: 62, align: "right" },
    ...(intra
      ? [
          { title: "CGST", width: 50, align: "right" as const },
          { title: stateShare, width: 50, align: "right" as const },
        ]
      : [{ title: "IGST", width: 62, align: "right" as const }]),
    { title: "Amount", width: 0, align: "right" },
  ];
  const used = columns.reduce((sum, column) => sum + column.width, 0);
  const last = columns[columns.length - 1];
  if (last) last.width = INNER - used;

  const row = (cells: string[], bold = false) => {
    // Only the description (and a heading) can wrap; the figures are one line each.
    const wraps = (index: number) => bold || index === 1;
    const height = Math.max(
      ...cells.map((cell, index) =>
        wraps(index) ? heightOf(cell, (columns[index]?.width ?? 0) - 4, bold) : lineHeight,
      ),
    );
    if (y + height > PAGE.height - PAGE.margin - 40) {
      pdf.addPage();
      y = PAGE.margin;
      header();
    }
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      text(cell, x + 2, y, column.width - 4, { bold, align: column.align });
      x += column.width;
    });
    y += height + 4;
  };
  const header = () => {
    rule(y);
    y += 3;
    row(
      columns.map((column) => column.title),
      true,
    );
    rule(y - 1);
    y += 2;
  };
  header();
  const f = document.figures;
  f.lines.forEach((line, index) => {
    const description =
      line.kind === "goods" && line.discount > 0
        ? `${line.description}\nDiscount ${invoiceAmount(line.discount)} on ${invoiceAmount(line.total)}`
        : line.description;
    row([
      String(index + 1),
      description,
      line.code,
      line.quantity > 0 ? `${line.quantity} ${line.unit}` : "—",
      rateLabel(line.rateBasisPoints),
      invoiceAmount(line.taxable),
      ...(intra ? [invoiceAmount(line.cgst), invoiceAmount(line.sgst)] : [invoiceAmount(line.igst)]),
      invoiceAmount(line.amount),
    ]);
  });
  rule(y);
  y += 8;

  // The summary by HSN and rate, then the totals.
  const need = 60 + f.summary.length * 12;
  if (y + need > PAGE.height - PAGE.margin) {
    pdf.addPage();
    y = PAGE.margin;
  }
  const summaryTop = y;
  let sy = text("Summary by HSN/SAC and rate", PAGE.margin, y, half, { bold: true, colour: GREY });
  for (const entry of f.summary) {
    const tax = intra
      ? `CGST ${invoiceAmount(entry.cgst)} + ${stateShare} ${invoiceAmount(entry.sgst)}`
      : `IGST ${invoiceAmount(entry.igst)}`;
    sy = text(
      `${entry.code || "—"} at ${rateLabel(entry.rateBasisPoints)}: taxable ${invoiceAmount(entry.taxable)}, ${tax}`,
      PAGE.margin,
      sy,
      half,
    );
  }
  let ty = summaryTop;
  const totals: Array<[string, string, boolean]> = [
    ["Total taxable value", invoiceAmount(f.totals.taxable), false],
    ...(intra
      ? ([
          ["CGST", invoiceAmount(f.totals.cgst), false],
          [stateShare, invoiceAmount(f.totals.sgst), false],
        ] as Array<[string, string, boolean]>)
      : ([["IGST", invoiceAmount(f.totals.igst), false]] as Array<[string, string, boolean]>)),
    ["Total tax", invoiceAmount(f.totals.tax), false],
    [credit ? "Credit note total (₹)" : "Invoice total (₹)", invoiceAmount(f.totals.total), true],
  ];
  for (const [label, value, bold] of totals) {
    text(label, rightX, ty, half - 80, { bold, size: bold ? 10 : 8.5 });
    ty = text(value, rightX + half - 80, ty, 80, { bold, align: "right", size: bold ? 10 : 8.5 });
  }
  y = Math.max(sy, ty) + 6;
  y = text(`Amount in words: ${f.words}`, PAGE.margin, y, INNER, { bold: true }) + 4;
  y = text("Prices include GST; the tax above is the part of each price that is tax.", PAGE.margin, y, INNER, {
    colour: GREY,
  });

  // The signature block, kept together at the foot of the last page.
  if (y + 60 > PAGE.height - PAGE.margin) {
    pdf.addPage();
    y = PAGE.margin;
  }
  y += 24;
  text(`For ${s.name}`, rightX, y, half, { bold: true, align: "right" });
  text("Authorised signatory", rightX, y + 30, half, { align: "right" });
  text(`This is a computer-generated ${name}.`, PAGE.margin, y + 30, half, { colour: GREY });

  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
