import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "../../db/client.server";
import { customisationSchema } from "../../db/json-columns";
import { stores } from "../../db/schema";
import { findMedia } from "../media/storage.server";
import type { InvoiceLook } from "./pdf.server";

/**
 * The store's logo on its invoices (issue 58), from the store's own media: PDFKit draws PNG and
 * JPEG, and a store's logo is often SVG or WebP, so it is rendered once to a PNG of at most
 * 420 x 120 pixels (three times the 140 x 40 points it is printed at) and kept per process.
 * A logo hot-linked from another site is left off: an invoice is never made to wait on it.
 */

const MAX_KEPT = 64;
const kept = new Map<string, Promise<Buffer | null>>();

/** A logo's bytes as a PNG that fits the invoice's heading; null when they are not an image sharp reads. */
export async function logoPng(bytes: Buffer): Promise<Buffer | null> {
  try {
    const meta = await sharp(bytes).metadata();
    const density =
      meta.format === "svg" && meta.width ? Math.min(1200, Math.ceil((72 * 420) / meta.width)) : undefined;
    return await sharp(bytes, density ? { density } : {})
      .resize({ width: 420, height: 120, fit: "inside", withoutEnlargement: meta.format !== "svg" })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  } catch {
    return null;
  }
}

export async function invoiceLook(db: Db, storeId: string): Promise<InvoiceLook> {
  const [row] = await db.select({ customisation: stores.customisation }).from(stores).where(eq(stores.id, storeId));
  const logo = customisationSchema.parse(row?.customisation ?? {}).logo;
  if (!logo.startsWith("/media/")) return { logo: null };
  // The key names the logo's path: a store that uploads a new logo stores it under a new key.
  const key = `${storeId}\n${logo}`;
  let png = kept.get(key);
  if (!png) {
    png = findMedia(db, storeId, decodeURIComponent(logo.slice("/media/".length))).then(
      (file) => (file?.contentType.startsWith("image/") ? logoPng(file.bytes) : null),
      () => {
        // Not kept: the next invoice asks the database again.
        kept.delete(key);
        return null;
      },
    );
    kept.set(key, png);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value ?? "");
  }
  return { logo: await png };
}
