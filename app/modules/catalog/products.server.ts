import { and, asc, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.server";
import { isUuid } from "../../db/ids";
import { limitAsWritten, preparedPerDatabase } from "../../db/prepared.server";
import { brands, categories, productSizes, products } from "../../db/schema";
import { type OrderUnits, orderUnits } from "../cart/packs";
import { maxPurchasable, type StockState, stockState } from "./rules";
import { type ProductSummary, type SummaryRow, toSummary } from "./summary";

export { type ProductSummary, type SummaryRow, toSummary };

export interface ProductSize {
  label: string;
  stock: StockState;
  maxQty: number;
  /** This size's own minimum and pack (issue 59), where they differ from the product's. */
  units?: OrderUnits;
}

export interface ProductDetail extends ProductSummary {
  sizes: ProductSize[];
  description: string;
  photos: { src: string; alt: string }[];
  brand: { id: string; name: string; slug: string } | null;
  category: { id: string; name: string; slug: string } | null;
  subCategory: { name: string; slug: string } | null;
  hsnCode: string | null;
  gstRate: number | null;
  updatedAt: Date;
}

/**
 * "The product is on sale", written as the column itself rather than as `active = $n`: a named
 * statement's generic plan can then use the catalogue's partial indexes (`where active`), which
 * a value it does not know would rule out (ADR 0045).
 */
export const isActive = (table: { active: AnyPgColumn }): SQL => sql`${table.active}`;

export const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  // A card shows the first photo only: reading one element spares parsing the whole arrays.
  photo: sql<string | null>`${products.photos}[1]`,
  photoAlt: sql<string | null>`${products.photoAlts}[1]`,
  mrp: products.mrp,
  salePrice1: products.salePrice1,
  salePrice2: products.salePrice2,
  salePrice3: products.salePrice3,
  saleQty2: products.saleQty2,
  saleQty3: products.saleQty3,
  minOrderQty: products.minOrderQty,
  packOf: products.packOf,
  vegType: products.vegType,
  inventory: products.inventory,
  trackInventory: products.trackInventory,
  packSizeValue: products.packSizeValue,
  packSizeUnit: products.packSizeUnit,
  sku: products.sku,
  // A scalar subquery with LIMIT 1 is probed through the primary key once per row returned;
  // EXISTS was planned as a hashed scan of every size in the store on each listing (4.7 -> 2.3 ms
  // for a page of /products at 100,000 products).
  hasSizes: sql<boolean>`coalesce((select true from ${productSizes} where ${productSizes.productId} = ${products.id} limit 1), false)`,
};

/**
 * The store's active product a page address names, by id or slug, with placeholders for the
 * store (`storeId`) and the address (`id`, `slug`: see `namedValues`): an address that is a UUID
 * may be either, any other only a slug. Ordered by id so that the product page and its related
 * products (asked for at the same time) agree on the one product even in the unlikely store
 * where one product's slug is another's id.
 */
function namedProduct(table: Record<"id" | "slug" | "storeId" | "active", AnyPgColumn>, byId: boolean) {
  const match = byId
    ? or(eq(table.id, sql.placeholder("id")), eq(table.slug, sql.placeholder("slug")))
    : eq(table.slug, sql.placeholder("slug"));
  return {
    where: and(eq(table.storeId, sql.placeholder("storeId")), isActive(table), match),
    order: asc(table.id),
  };
}

/** The values of `namedProduct`'s placeholders for an address. */
const namedValues = (storeId: string, idOrSlug: string) => ({ storeId, id: idOrSlug.toLowerCase(), slug: idOrSlug });

const detailSub = alias(categories, "sub_category");

/**
 * The product page's statements, built once per database and shape and prepared by name on
 * PostgreSQL (ADR 0026): every product page ran them, and building them with Drizzle cost about
 * as much as PostgreSQL took to answer. Each finds rows by unique keys, so PostgreSQL's generic
 * plan for them is the plan it would make for any one address.
 */
const productStatement = preparedPerDatabase((db, byId: boolean) => {
  const named = namedProduct(products, byId);
  return db
    .select({
      ...summaryColumns,
      photos: products.photos,
      photoAlts: products.photoAlts,
      description: products.description,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      updatedAt: products.updatedAt,
      brandId: brands.id,
      brandName: brands.name,
      brandSlug: brands.slug,
      categoryId: categories.id,
      categoryName: categories.name,
      categorySlug: categories.slug,
      subName: detailSub.name,
      subSlug: detailSub.slug,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(detailSub, eq(detailSub.id, products.subCategoryId))
    .where(named.where)
    .orderBy(named.order)
    .limit(limitAsWritten(1))
    .prepare(byId ? "mandi_product_by_id" : "mandi_product_by_slug");
});

const sizesStatement = preparedPerDatabase((db) =>
  db
    .select({
      label: productSizes.label,
      inventory: productSizes.inventory,
      minOrderQty: productSizes.minOrderQty,
      packOf: productSizes.packOf,
    })
    .from(productSizes)
    .where(eq(productSizes.productId, sql.placeholder("productId")))
    .orderBy(asc(productSizes.position))
    .prepare("mandi_product_sizes"),
);

const namedSelf = alias(products, "named_product");

/** How many related products a product page shows (spec section 2). */
const RELATED_PRODUCTS = 8;

const relatedStatement = preparedPerDatabase((db, byId: boolean) => {
  const named = namedProduct(namedSelf, byId);
  // Each a one-row lookup PostgreSQL runs once, before it walks the category's newest products.
  const namedOne = (column: AnyPgColumn) =>
    db.select({ value: column }).from(namedSelf).where(named.where).orderBy(named.order).limit(limitAsWritten(1));
  const categoryId = namedOne(namedSelf.categoryId);
  const id = namedOne(namedSelf.id);
  return db
    .select(summaryColumns)
    .from(products)
    .where(
      and(
        eq(products.storeId, sql.placeholder("storeId")),
        isActive(products),
        eq(products.categoryId, sql`(${categoryId})`),
        ne(products.id, sql`(${id})`),
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limitAsWritten(RELATED_PRODUCTS))
    .prepare(byId ? "mandi_related_by_id" : "mandi_related_by_slug");
});

/** An active product by id or slug; null when missing or switched off. */
export async function findProduct(db: Db, storeId: string, idOrSlug: string): Promise<ProductDetail | null> {
  const [row] = await productStatement(db, isUuid(idOrSlug)).execute(namedValues(storeId, idOrSlug));
  if (!row) return null;
  const sizes = row.hasSizes ? await sizesStatement(db).execute({ productId: row.id }) : [];
  return {
    ...toSummary(row),
    sizes: sizes.map((s) => {
      // A size without its own count falls back to the product's.
      const inventory = s.inventory ?? row.inventory;
      const own =
        s.minOrderQty !== null || s.packOf !== null
          ? { units: orderUnits({ minQty: s.minOrderQty ?? row.minOrderQty, packOf: s.packOf ?? row.packOf }) }
          : {};
      return {
        label: s.label,
        stock: stockState(inventory, row.trackInventory),
        maxQty: maxPurchasable(inventory, row.trackInventory),
        ...own,
      };
    }),
    description: row.description,
    photos: row.photos.map((src, i) => ({ src, alt: row.photoAlts[i] ?? row.name })),
    brand:
      row.brandId && row.brandName && row.brandSlug
        ? { id: row.brandId, name: row.brandName, slug: row.brandSlug }
        : null,
    category:
      row.categoryId && row.categoryName && row.categorySlug
        ? { id: row.categoryId, name: row.categoryName, slug: row.categorySlug }
        : null,
    subCategory: row.subName && row.subSlug ? { name: row.subName, slug: row.subSlug } : null,
    hsnCode: row.hsnCode,
    gstRate: row.gstRate,
    updatedAt: row.updatedAt,
  };
}

/**
 * Up to 8 active products of the same category as the product the address names (by id or
 * slug, as `findProduct`), newest first, never the product itself; none when it is missing or has
 * no category. It names the product rather than taking it so that the product page asks for both
 * at once: its related products are then ready with it, and the page goes out whole.
 */
export async function listRelatedProducts(db: Db, storeId: string, idOrSlug: string): Promise<ProductSummary[]> {
  const rows = await relatedStatement(db, isUuid(idOrSlug)).execute(namedValues(storeId, idOrSlug));
  return rows.map(toSummary);
}
