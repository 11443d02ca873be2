import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { brands, categories, productSizes, products } from "../../db/schema";
import { sizeCell } from "../catalog/catalogue-file";
import { BOM, csvRow, rupees } from "./csv";

/**
 * The store's catalogue as the products CSV the import reads (issue 56, docs/catalogue-import.md):
 * exported, changed in a spreadsheet and imported again, every product comes back as it was
 * (matched by SKU, else by slug). Streamed 1,000 products at a time, so any size exports.
 */

export const EXPORT_COLUMNS = [
  "name",
  "slug",
  "description",
  "category",
  "sub_category",
  "brand",
  "sku",
  "mrp",
  "sale_price1",
  "sale_price2",
  "sale_qty2",
  "sale_price3",
  "sale_qty3",
  "min_order_qty",
  "pack_of",
  "pack_size",
  "inventory",
  "track_inventory",
  "sizes",
  "veg_type",
  "photos",
  "photo_alts",
  "hsn_code",
  "gst_rate",
  "active",
] as const;

const BATCH = 1000;
const money = (paise: number | null) => (paise === null ? "" : rupees(paise));
const yesNo = (value: boolean) => (value ? "yes" : "no");

export function exportCatalogue(db: Db, storeId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const sub = alias(categories, "sub_category");
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvRow(EXPORT_COLUMNS)));
      }
      const rows = await db
        .select({
          product: products,
          category: categories.name,
          subCategory: sub.name,
          brand: brands.name,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(sub, eq(sub.id, products.subCategoryId))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(products.storeId, storeId), after ? gt(products.id, after) : undefined))
        .orderBy(asc(products.id))
        .limit(BATCH);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = rows[rows.length - 1]?.product.id ?? null;
      const sizes = await db
        .select()
        .from(productSizes)
        .where(
          inArray(
            productSizes.productId,
            rows.map((row) => row.product.id),
          ),
        )
        .orderBy(asc(productSizes.productId), asc(productSizes.position));
      const sizesOf = new Map<string, string[]>();
      for (const size of sizes) {
        const list = sizesOf.get(size.productId) ?? [];
        list.push(sizeCell(size));
        sizesOf.set(size.productId, list);
      }
      let chunk = "";
      for (const { product: p, category, subCategory, brand } of rows) {
        const sized = sizes.some((size) => size.productId === p.id && size.inventory !== null);
        chunk += csvRow([
          p.name,
          p.slug,
          p.description,
          category,
          subCategory,
          brand,
          p.sku,
          money(p.mrp),
          money(p.salePrice1),
          money(p.salePrice2),
          p.saleQty2,
          money(p.salePrice3),
          p.saleQty3,
          p.minOrderQty,
          p.packOf,
          p.packSizeValue !== null && p.packSizeUnit ? `${p.packSizeValue} ${p.packSizeUnit}` : "",
          // A product counted by size has the sum of its sizes, which the import makes again.
          sized ? "" : p.inventory,
          yesNo(p.trackInventory),
          (sizesOf.get(p.id) ?? []).join("|"),
          p.vegType,
          p.photos.join("|"),
          p.photoAlts.join("|"),
          p.hsnCode,
          p.gstRate,
          yesNo(p.active),
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}
