import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { gstSettingsSchema } from "../../db/json-columns";
import { brands, categories, productSizes, products, stores } from "../../db/schema";
import { enqueue } from "../jobs/queue.server";
import { fetchedCopies, isPhotoLink, photoFetchJobs } from "../media/photo-links.server";
import { recordMovements } from "../orders/stock.server";
import { slugify, type ValidCatalogue, type ValidProduct } from "./catalogue-input";
import { importMovements } from "./import-movements";

/**
 * Writes a validated catalogue into a store in one transaction: categories, sub-categories and
 * brands are created when missing (matched by name or slug, without case); products are
 * matched by SKU, else by slug, and updated in place, else created. All or nothing. Photos it
 * names by link are the store's own copies where the link was fetched before, and are fetched
 * by a job otherwise (media/photo-links.server.ts).
 */

export interface WriteSummary {
  categoriesCreated: number;
  brandsCreated: number;
  productsCreated: number;
  productsUpdated: number;
  /** Photo links the store has no copy of yet: each is fetched by a job. */
  photosToFetch: number;
}

const BATCH = 1000;

interface NamedRow {
  id: string;
  name: string;
  slug: string;
}

/** Rows found by name (without case) or slug. */
class Directory<T extends NamedRow> {
  private byKey = new Map<string, T>();
  add(row: T) {
    this.byKey.set(row.name.toLowerCase(), row);
    this.byKey.set(row.slug, row);
  }
  find(nameOrSlug: string): T | undefined {
    return this.byKey.get(nameOrSlug.toLowerCase()) ?? this.byKey.get(slugify(nameOrSlug));
  }
}

/**
 * Takes a slug that is not yet in `taken`: the one asked for, else one made from the name,
 * prefixed (a sub-category "Cups" under "Disposables" becomes disposables-cups) and numbered.
 */
function takeSlug(taken: Set<string>, asked: string | undefined, name: string, prefix: string): string {
  let slug = asked && !taken.has(asked) ? asked : slugify(name);
  if (taken.has(slug)) slug = slugify(`${prefix}-${slug}`);
  const base = slug;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

export class CatalogueConflictError extends Error {
  override name = "CatalogueConflictError";
}

/** Every rate the catalogue names must be in the store's list of rates (its GST page). */
async function checkRates(tx: Tx, storeId: string, catalogue: ValidCatalogue): Promise<void> {
  const [store] = await tx.select({ gst: stores.gst }).from(stores).where(eq(stores.id, storeId));
  const { rates } = gstSettingsSchema.parse(store?.gst ?? {});
  const wrong = [
    ...catalogue.categories.map((c) => ({ what: `category "${c.name}"`, rate: c.gstRate })),
    ...catalogue.products.map((p) => ({ what: `"${p.name}"`, rate: p.gstRate })),
  ].filter((entry) => entry.rate !== null && !rates.includes(entry.rate));
  if (wrong.length === 0) return;
  const named = wrong.slice(0, 5).map((entry) => `${entry.what} at ${entry.rate}%`);
  throw new CatalogueConflictError(
    `${named.join(", ")}${wrong.length > 5 ? ` and ${wrong.length - 5} more` : ""}: the store's GST rates are ${rates.join(", ")} percent (change them on the console's GST page).`,
  );
}

export async function writeCatalogue(db: Db, storeId: string, catalogue: ValidCatalogue): Promise<WriteSummary> {
  const summary = await db.transaction((tx) => writeInTransaction(tx, storeId, catalogue));
  if (summary.productsCreated + summary.productsUpdated >= TIDY_AFTER_ROWS) await tidyCatalogueTables(db);
  return summary;
}

const TIDY_AFTER_ROWS = 1000;

/**
 * After a large write of the catalogue (an import, the search index rebuilt), readies its tables
 * for shoppers at once rather than when autovacuum comes round (a minute or more, or never where
 * it is turned off, as on this project's CI machine):
 * - ANALYZE: with stale statistics the planner may scan the table instead of using the listing
 *   indexes, and the postings of migration 0017 grew with the catalogue;
 * - VACUUM: until it marks the new rows' pages all-visible, an index-only scan of the words'
 *   lists (a sorted or filtered search, ADR 0032) reads every row it passes in the table as
 *   well: 3,000-5,000 extra reads on one search at 100,000 products. An update leaves the old
 *   rows behind until it clears them, too.
 * VACUUM cannot run in a transaction: the write's own has ended.
 */
export async function tidyCatalogueTables(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) products, search_postings, search_words`);
}

/** Every photo and logo of the catalogue given by a link to another site. */
function photoLinks(catalogue: ValidCatalogue): string[] {
  const named = [
    ...catalogue.products.flatMap((p) => p.photos),
    ...catalogue.categories.map((c) => c.logo),
    ...catalogue.brands.map((b) => b.logo),
  ];
  return [...new Set(named.filter((value): value is string => value !== null && isPhotoLink(value)))];
}

/** The catalogue with each link the store has a copy of replaced by that copy. */
function withCopies(catalogue: ValidCatalogue, copies: Map<string, string>): ValidCatalogue {
  if (copies.size === 0) return catalogue;
  const own = <T extends string | null>(value: T) => (value === null ? value : (copies.get(value) ?? value));
  return {
    products: catalogue.products.map((p) => ({ ...p, photos: p.photos.map(own) })),
    categories: catalogue.categories.map((c) => ({ ...c, logo: own(c.logo) })),
    brands: catalogue.brands.map((b) => ({ ...b, logo: own(b.logo) })),
  };
}

async function writeInTransaction(tx: Tx, storeId: string, named: ValidCatalogue): Promise<WriteSummary> {
  const summary: WriteSummary = {
    categoriesCreated: 0,
    brandsCreated: 0,
    productsCreated: 0,
    productsUpdated: 0,
    photosToFetch: 0,
  };
  await checkRates(tx, storeId, named);
  const links = photoLinks(named);
  const copies = await fetchedCopies(tx, storeId, links);
  const catalogue = withCopies(named, copies);
  const toFetch = links.filter((link) => !copies.has(link));
  await enqueue(tx, ...photoFetchJobs(storeId, toFetch));
  summary.photosToFetch = toFetch.length;

  // Categories: every category is a top-level one or the child of one.
  const tops = new Directory<NamedRow & { parentId: string | null }>();
  const subsByParent = new Map<string, Directory<NamedRow & { parentId: string | null }>>();
  const allCategorySlugs = new Set<string>();
  const existing = await tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.storeId, storeId));
  const subsOf = (parentId: string) => {
    let dir = subsByParent.get(parentId);
    if (!dir) {
      dir = new Directory();
      subsByParent.set(parentId, dir);
    }
    return dir;
  };
  for (const c of existing) {
    allCategorySlugs.add(c.slug);
    if (c.parentId === null) tops.add(c);
    else subsOf(c.parentId).add(c);
  }
  const ensureCategory = async (
    name: string,
    parent: (NamedRow & { parentId: string | null }) | null,
    extra: { slug?: string; logo?: string | null; position?: number } = {},
  ) => {
    const dir = parent ? subsOf(parent.id) : tops;
    const found = dir.find(name);
    if (found) return found;
    const slug = takeSlug(allCategorySlugs, extra.slug, name, parent?.slug ?? "category");
    const [row] = await tx
      .insert(categories)
      .values({
        storeId,
        name,
        slug,
        parentId: parent?.id ?? null,
        logo: extra.logo ?? null,
        position: extra.position ?? 0,
      })
      .returning({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId });
    if (!row) throw new Error("category insert returned nothing");
    dir.add(row);
    summary.categoriesCreated++;
    return row;
  };

  // Explicit categories first (parents before children), then those products name.
  const explicit = [...catalogue.categories].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
  for (const c of explicit) {
    const parent = c.parent ? await ensureCategory(c.parent, null) : null;
    const row = await ensureCategory(c.name, parent, { slug: c.slug, logo: c.logo, position: c.position });
    // A category's tax defaults are set by the file that names them, on a new or an existing category.
    if (c.hsnCode !== null || c.gstRate !== null) {
      await tx
        .update(categories)
        .set({
          ...(c.hsnCode !== null ? { hsnCode: c.hsnCode } : {}),
          ...(c.gstRate !== null ? { gstRate: c.gstRate } : {}),
        })
        .where(eq(categories.id, row.id));
    }
  }

  // Brands.
  const brandDir = new Directory<NamedRow>();
  const brandSlugs = new Set<string>();
  for (const b of await tx
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(eq(brands.storeId, storeId))) {
    brandDir.add(b);
    brandSlugs.add(b.slug);
  }
  const ensureBrand = async (name: string, extra: { slug?: string; logo?: string | null } = {}) => {
    const found = brandDir.find(name);
    if (found) return found;
    const slug = takeSlug(brandSlugs, extra.slug, name, "brand");
    const [row] = await tx
      .insert(brands)
      .values({ storeId, name, slug, logo: extra.logo ?? null })
      .returning({ id: brands.id, name: brands.name, slug: brands.slug });
    if (!row) throw new Error("brand insert returned nothing");
    brandDir.add(row);
    summary.brandsCreated++;
    return row;
  };
  for (const b of catalogue.brands) await ensureBrand(b.name, { slug: b.slug, logo: b.logo });

  // Products, in batches.
  for (let start = 0; start < catalogue.products.length; start += BATCH) {
    const batch = catalogue.products.slice(start, start + BATCH);
    const rows = [];
    for (const p of batch) {
      const category = p.category ? await ensureCategory(p.category, null) : null;
      const sub = p.subCategory && category ? await ensureCategory(p.subCategory, category) : null;
      const brand = p.brand ? await ensureBrand(p.brand) : null;
      rows.push({ p, categoryId: category?.id ?? null, subCategoryId: sub?.id ?? null, brandId: brand?.id ?? null });
    }
    const slugs = batch.map((p) => p.slug ?? slugify(p.name));
    const skus = batch.flatMap((p) => (p.sku ? [p.sku] : []));
    const matches = await tx
      .select({
        id: products.id,
        slug: products.slug,
        sku: products.sku,
        inventory: products.inventory,
        trackInventory: products.trackInventory,
      })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          skus.length > 0
            ? or(inArray(products.slug, slugs), inArray(products.sku, skus))
            : inArray(products.slug, slugs),
        ),
      );
    const bySku = new Map(matches.filter((m) => m.sku).map((m) => [m.sku, m.id]));
    const bySlug = new Map(matches.map((m) => [m.slug, m]));

    const values = rows.map(({ p, categoryId, subCategoryId, brandId }, i) => {
      const slug = slugs[i] ?? "";
      let matched = p.sku ? bySku.get(p.sku) : undefined;
      if (!matched) {
        const sameSlug = bySlug.get(slug);
        // A product with another SKU is another product: never overwrite its SKU silently.
        if (sameSlug && p.sku && sameSlug.sku && sameSlug.sku !== p.sku) {
          throw new CatalogueConflictError(
            `"${p.name}" (SKU ${p.sku}) has the slug "${slug}", which belongs to the product with SKU ${sameSlug.sku}. Give it another slug, or use SKU ${sameSlug.sku} to update that product.`,
          );
        }
        matched = sameSlug?.id;
      }
      if (matched) summary.productsUpdated++;
      else summary.productsCreated++;
      return productRow(p, { id: matched ?? randomUUID(), storeId, slug, categoryId, subCategoryId, brandId });
    });
    try {
      await tx
        .insert(products)
        .values(values)
        .onConflictDoUpdate({
          target: products.id,
          set: {
            slug: sql`excluded.slug`,
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            photos: sql`excluded.photos`,
            photoAlts: sql`excluded.photo_alts`,
            mrp: sql`excluded.mrp`,
            salePrice1: sql`excluded.sale_price1`,
            salePrice2: sql`excluded.sale_price2`,
            salePrice3: sql`excluded.sale_price3`,
            saleQty2: sql`excluded.sale_qty2`,
            saleQty3: sql`excluded.sale_qty3`,
            minOrderQty: sql`excluded.min_order_qty`,
            packOf: sql`excluded.pack_of`,
            vegType: sql`excluded.veg_type`,
            packSizeValue: sql`excluded.pack_size_value`,
            packSizeUnit: sql`excluded.pack_size_unit`,
            inventory: sql`excluded.inventory`,
            trackInventory: sql`excluded.track_inventory`,
            categoryId: sql`excluded.category_id`,
            subCategoryId: sql`excluded.sub_category_id`,
            brandId: sql`excluded.brand_id`,
            sku: sql`excluded.sku`,
            hsnCode: sql`excluded.hsn_code`,
            gstRate: sql`excluded.gst_rate`,
            active: sql`excluded.active`,
            updatedAt: sql`now()`,
          },
        });
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code === "23505") {
        throw new CatalogueConflictError(
          "A product's slug or SKU is already used by another product in the store. Give the row its existing SKU, or a different slug.",
        );
      }
      throw error;
    }

    const ids = values.map((v) => v.id);
    const oldSizes = matches.length
      ? await tx
          .select({ productId: productSizes.productId, label: productSizes.label, inventory: productSizes.inventory })
          .from(productSizes)
          .where(
            inArray(
              productSizes.productId,
              matches.map((m) => m.id),
            ),
          )
      : [];
    await tx.delete(productSizes).where(inArray(productSizes.productId, ids));
    const sizeRows = rows.flatMap(({ p }, i) =>
      p.sizes.map((s, position) => ({
        productId: values[i]?.id ?? "",
        label: s.label,
        inventory: s.inventory,
        position,
        minOrderQty: s.minOrderQty,
        packOf: s.packOf,
      })),
    );
    for (let s = 0; s < sizeRows.length; s += BATCH) {
      await tx.insert(productSizes).values(sizeRows.slice(s, s + BATCH));
    }
    const byId = new Map(matches.map((m) => [m.id, { ...m, productId: m.id, sizes: [] as typeof oldSizes }]));
    for (const size of oldSizes) byId.get(size.productId)?.sizes.push(size);
    const moved = rows.flatMap(({ p }, i) => {
      const id = values[i]?.id ?? "";
      return importMovements(byId.get(id), {
        productId: id,
        trackInventory: p.trackInventory,
        inventory: p.inventory,
        sizes: p.sizes,
      });
    });
    for (let s = 0; s < moved.length; s += BATCH) {
      await recordMovements(tx, storeId, moved.slice(s, s + BATCH), { reason: "import" });
    }
  }
  return summary;
}

export function productRow(
  p: ValidProduct,
  keys: {
    id: string;
    storeId: string;
    slug: string;
    categoryId: string | null;
    subCategoryId: string | null;
    brandId: string | null;
  },
) {
  return {
    ...keys,
    name: p.name,
    description: p.description,
    photos: p.photos,
    photoAlts: p.photoAlts,
    mrp: p.mrp,
    salePrice1: p.salePrice1,
    salePrice2: p.salePrice2,
    salePrice3: p.salePrice3,
    saleQty2: p.saleQty2,
    saleQty3: p.saleQty3,
    minOrderQty: p.minOrderQty,
    packOf: p.packOf,
    vegType: p.vegType,
    packSizeValue: p.packSize?.value ?? null,
    packSizeUnit: p.packSize?.unit ?? null,
    inventory: p.inventory,
    trackInventory: p.trackInventory,
    sku: p.sku,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    active: p.active,
    ...(p.createdAt ? { createdAt: p.createdAt, updatedAt: p.createdAt } : {}),
  };
}
