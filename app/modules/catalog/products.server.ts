import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { brands, categories, media, products } from "../../db/schema";
import type { Paise } from "../money/types";
import { baseUnitPrice, type PriceFields, percentOff, quantityTiers, type Tier } from "../pricing/rules";
import { type StockState, stockState, type VegMarker, vegMarker } from "./rules";

/** Products as pages use them: plain objects, shaped here and nowhere else. */
export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  photoAlt: string;
  mrp: Paise | null;
  price: Paise;
  percentOff: number;
  tiers: Tier[];
  veg: VegMarker | null;
  stock: StockState;
  packSize: string | null;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  photos: { src: string; alt: string }[];
  brand: string | null;
  category: string | null;
  sku: string | null;
}

export const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  photos: products.photos,
  photoAlts: products.photoAlts,
  mrp: products.mrp,
  salePrice1: products.salePrice1,
  salePrice2: products.salePrice2,
  salePrice3: products.salePrice3,
  saleQty2: products.saleQty2,
  saleQty3: products.saleQty3,
  vegType: products.vegType,
  inventory: products.inventory,
  trackInventory: products.trackInventory,
  packSizeValue: products.packSizeValue,
  packSizeUnit: products.packSizeUnit,
};

export interface SummaryRow extends PriceFields {
  id: string;
  slug: string;
  name: string;
  photos: string[];
  photoAlts: string[];
  vegType: string | null;
  inventory: number | null;
  trackInventory: boolean;
  packSizeValue: number | null;
  packSizeUnit: string | null;
}

export function toSummary(row: SummaryRow): ProductSummary {
  const price = baseUnitPrice(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    photo: row.photos[0] ?? null,
    photoAlt: row.photoAlts[0] ?? row.name,
    mrp: row.mrp,
    price,
    percentOff: percentOff(row.mrp, price),
    tiers: quantityTiers(row),
    veg: vegMarker(row.vegType),
    stock: stockState(row.inventory, row.trackInventory),
    packSize: row.packSizeValue !== null && row.packSizeUnit ? `${row.packSizeValue} ${row.packSizeUnit}` : null,
  };
}

export async function listNewestProducts(db: Db, storeId: string, limit = 24): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.active, true)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active product by id or slug; null when missing or switched off. */
export async function findProduct(db: Db, storeId: string, idOrSlug: string): Promise<ProductDetail | null> {
  const match = UUID.test(idOrSlug)
    ? or(eq(products.id, idOrSlug), eq(products.slug, idOrSlug))
    : eq(products.slug, idOrSlug);
  const [row] = await db
    .select({
      ...summaryColumns,
      description: products.description,
      sku: products.sku,
      brand: brands.name,
      category: categories.name,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.storeId, storeId), eq(products.active, true), match))
    .limit(1);
  if (!row) return null;
  return {
    ...toSummary(row),
    description: row.description,
    photos: row.photos.map((src, i) => ({ src, alt: row.photoAlts[i] ?? row.name })),
    brand: row.brand,
    category: row.category,
    sku: row.sku,
  };
}

export interface CategoryTile {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
}

export async function listTopCategories(db: Db, storeId: string): Promise<CategoryTile[]> {
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, logo: categories.logo })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), isNull(categories.parentId)))
    .orderBy(asc(categories.position), asc(categories.name));
}

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
}

export async function findMedia(db: Db, storeId: string, key: string): Promise<MediaFile | null> {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(and(eq(media.storeId, storeId), eq(media.key, key)))
    .limit(1);
  return row ?? null;
}
