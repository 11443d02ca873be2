import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.server";
import { isUniqueViolation, transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { brands, categories, productSizes, products } from "../../db/schema";
import { productRow } from "../catalog/catalogue-writer.server";
import { importMovements } from "../catalog/import-movements";
import { enqueue } from "../jobs/queue.server";
import { fetchedCopies, isPhotoLink, photoFetchJobs } from "../media/photo-links.server";
import { recordMovements } from "../orders/stock.server";
import { type Actor, writeAudit } from "./fulfilment.server";
import { EMPTY_PRODUCT, type PostedProduct, type ProductToSave } from "./product-form";
import { type Counts, mergeStock, OWN_COUNT } from "./product-stock";

/**
 * A product saved from the console's form (issue 56), in one transaction: its shelves checked
 * to be the store's, its slug and SKU unique, its sizes replaced, the stock it changed a row of
 * the ledger, and the change in the audit log. The store's pages hear of it on every process
 * (migration 0012's announcement).
 */

type ProductRecord = typeof products.$inferSelect;

const rupees = (paise: number | null) => (paise === null ? "" : String(paise / 100));
const counted = (value: number | null) => (value === null ? "" : String(value));

/** A stored product as its form shows it. */
export function productFields(
  row: ProductRecord,
  sizes: { label: string; inventory: number | null; minOrderQty?: number | null; packOf?: number | null }[],
): PostedProduct {
  return {
    ...EMPTY_PRODUCT,
    name: row.name,
    slug: row.slug,
    description: row.description,
    mrp: rupees(row.mrp),
    salePrice1: rupees(row.salePrice1),
    salePrice2: rupees(row.salePrice2),
    saleQty2: counted(row.saleQty2),
    salePrice3: rupees(row.salePrice3),
    saleQty3: counted(row.saleQty3),
    minOrderQty: row.minOrderQty > 1 ? String(row.minOrderQty) : "",
    packOf: row.packOf > 1 ? String(row.packOf) : "",
    vegType: row.vegType?.toLowerCase().includes("green")
      ? "green"
      : row.vegType?.toLowerCase().match(/brown|red/)
        ? "brown"
        : "",
    packSizeValue: row.packSizeValue === null ? "" : String(row.packSizeValue),
    packSizeUnit: row.packSizeUnit ?? "",
    categoryId: row.categoryId ?? "",
    subCategoryId: row.subCategoryId ?? "",
    brandId: row.brandId ?? "",
    sku: row.sku ?? "",
    hsnCode: row.hsnCode ?? "",
    gstRate: row.gstRate === null ? "" : String(row.gstRate),
    trackInventory: row.trackInventory ? "on" : "",
    inventory: counted(row.inventory),
    active: row.active ? "on" : "",
    photo: row.photos,
    photoAlt: row.photos.map((_, index) => row.photoAlts[index] ?? ""),
    sizeLabel: sizes.map((size) => size.label),
    sizeStock: sizes.map((size) => counted(size.inventory)),
    sizeMin: sizes.map((size) => counted(size.minOrderQty ?? null)),
    sizePack: sizes.map((size) => counted(size.packOf ?? null)),
  };
}

/**
 * What a form showed of everything but stock, as a short hash: a save whose version is not the
 * stored product's was made over a colleague's change, and is refused rather than undoing it.
 */
export function formVersion(fields: PostedProduct): string {
  const { inventory: _inventory, sizeStock: _sizeStock, ...rest } = fields;
  return createHash("sha256").update(JSON.stringify(rest)).digest("base64url").slice(0, 16);
}

/** The counts a form showed: the product's own under "", else by size. */
export function shownCounts(fields: PostedProduct): Counts {
  const counts: Record<string, number | null> = {
    [OWN_COUNT]: fields.inventory === "" ? null : Number(fields.inventory),
  };
  fields.sizeLabel.forEach((label, index) => {
    const value = fields.sizeStock[index] ?? "";
    counts[label] = value === "" ? null : Number(value);
  });
  return counts;
}

/** The counts posted back with a form, at the server's boundary. */
export const shownCountsSchema = z
  .string()
  .max(4000)
  .transform((text, context) => {
    const parsed = z.record(z.string().max(60), z.number().int().min(0).max(10_000_000).nullable()).safeParse(
      (() => {
        try {
          return JSON.parse(text);
        } catch {
          return null;
        }
      })(),
    );
    if (!parsed.success) {
      context.addIssue({ code: "custom", message: "The form is damaged: open the product again." });
      return z.NEVER;
    }
    return parsed.data;
  });

export interface ProductForEditing {
  id: string;
  name: string;
  slug: string;
  active: boolean;
  fields: PostedProduct;
  version: string;
  shown: Counts;
}

async function readSizes(db: Db | Tx, productId: string) {
  return db
    .select({
      label: productSizes.label,
      inventory: productSizes.inventory,
      minOrderQty: productSizes.minOrderQty,
      packOf: productSizes.packOf,
    })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .orderBy(asc(productSizes.position));
}

export async function readProductForEditing(db: Db, storeId: string, id: string): Promise<ProductForEditing | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, id.toLowerCase())));
  if (!row) return null;
  const fields = productFields(row, await readSizes(db, row.id));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    active: row.active,
    fields,
    version: formVersion(fields),
    shown: shownCounts(fields),
  };
}

export type SaveProductOutcome =
  | { ok: true; id: string; slug: string }
  | { ok: false; status: 404 | 409 | 422; error: string; fields?: Record<string, string> };

/** Refuses the save from inside its transaction, so nothing of it is written. */
class Refused extends Error {
  constructor(readonly outcome: Extract<SaveProductOutcome, { ok: false }>) {
    super(outcome.error);
  }
}

const FIX_FIELDS = "Check the fields marked below: nothing is saved yet.";
const refuse = (field: string, error: string): never => {
  throw new Refused({ ok: false, status: 422, error: FIX_FIELDS, fields: { [field]: error } });
};

/** The shelves a product names must be the store's: a category, its own sub-category, a brand. */
async function checkShelves(tx: Tx, storeId: string, save: ProductToSave): Promise<void> {
  const ids = [save.categoryId, save.subCategoryId].filter((id): id is string => id !== null);
  const found = ids.length
    ? await tx
        .select({ id: categories.id, parentId: categories.parentId })
        .from(categories)
        .where(and(eq(categories.storeId, storeId), or(...ids.map((id) => eq(categories.id, id)))))
    : [];
  const category = found.find((row) => row.id === save.categoryId);
  if (save.categoryId && (!category || category.parentId !== null))
    refuse("categoryId", "Choose a category from the list.");
  const sub = found.find((row) => row.id === save.subCategoryId);
  if (save.subCategoryId && (!sub || sub.parentId !== save.categoryId)) {
    refuse("subCategoryId", "Choose a sub-category of the chosen category.");
  }
  if (save.brandId) {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.storeId, storeId), eq(brands.id, save.brandId)));
    if (!brand) refuse("brandId", "Choose a brand from the list.");
  }
}

/** A slug or SKU another product of the store has. */
async function checkUnique(tx: Tx, storeId: string, id: string | null, save: ProductToSave): Promise<void> {
  const { slug, sku } = save.product;
  const others = await tx
    .select({ name: products.name, slug: products.slug, sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        id ? ne(products.id, id) : undefined,
        sku ? or(eq(products.slug, slug), eq(products.sku, sku)) : eq(products.slug, slug),
      ),
    )
    .limit(2);
  const sameSlug = others.find((other) => other.slug === slug);
  if (sameSlug) refuse("slug", `"${sameSlug.name}" has this slug already: choose another.`);
  const sameSku = others.find((other) => sku && other.sku === sku);
  if (sameSku) refuse("sku", `"${sameSku.name}" has this SKU already.`);
}

/**
 * Creates (`id` null) or changes a product. `version` and `shown` are what the form was opened
 * with: a change a colleague saved meanwhile is not undone, a count an order moved not overwritten.
 */
export async function saveProduct(
  db: Db,
  actor: Actor,
  id: string | null,
  save: ProductToSave,
  opened: { version: string; shown: Counts } | null,
): Promise<SaveProductOutcome> {
  const storeId = actor.member.storeId;
  try {
    return await transactionWithRetry(db, async (tx) => {
      let before: ProductRecord | undefined;
      let beforeSizes: { label: string; inventory: number | null }[] = [];
      if (id !== null) {
        [before] = isUuid(id)
          ? await tx
              .select()
              .from(products)
              .where(and(eq(products.storeId, storeId), eq(products.id, id.toLowerCase())))
              .for("update")
          : [];
        if (!before) throw new Refused({ ok: false, status: 404, error: "That product is not in this store." });
        beforeSizes = await readSizes(tx, before.id);
        if (opened && formVersion(productFields(before, beforeSizes)) !== opened.version) {
          throw new Refused({
            ok: false,
            status: 409,
            error:
              "Someone else saved this product while you were editing it. Your changes are below, not saved: open the product again to see theirs, then make yours.",
          });
        }
      }
      await checkShelves(tx, storeId, save);
      await checkUnique(tx, storeId, before?.id ?? null, save);

      // Stock: a count left as shown keeps the database's, a count typed over one that moved is refused.
      const { product } = save;
      const typed: Record<string, number | null> = product.sizes.some((size) => size.inventory !== null)
        ? Object.fromEntries(product.sizes.map((size) => [size.label, size.inventory]))
        : { [OWN_COUNT]: product.inventory };
      const current: Record<string, number | null> = { [OWN_COUNT]: before?.inventory ?? null };
      for (const size of beforeSizes) current[size.label] = size.inventory;
      const merged = mergeStock(typed, opened?.shown ?? {}, before ? current : {});
      if (!merged.ok) refuse(merged.field, merged.error);
      const counts = merged.ok ? merged.counts : {};
      const sizes = product.sizes.map((size) => ({
        ...size,
        inventory: size.inventory === null ? null : (counts[size.label] ?? size.inventory),
      }));
      const sizedCounts = sizes.filter((size) => size.inventory !== null);
      const inventory = !product.trackInventory
        ? null
        : sizedCounts.length > 0
          ? sizedCounts.reduce((sum, size) => sum + (size.inventory ?? 0), 0)
          : (counts[OWN_COUNT] ?? product.inventory);

      // A photo given by its link becomes the store's own copy: now when the link was fetched
      // before, else by a job that puts the copy in its place (media/photo-links.server.ts).
      const links = product.photos.filter(isPhotoLink);
      const copies = await fetchedCopies(tx, storeId, links);
      const photos = product.photos.map((photo) => copies.get(photo) ?? photo);
      await enqueue(
        tx,
        ...photoFetchJobs(
          storeId,
          links.filter((link) => !copies.has(link)),
        ),
      );

      const productId = before?.id ?? randomUUID();
      const values = productRow(
        { ...product, photos, inventory, sizes },
        {
          id: productId,
          storeId,
          slug: product.slug,
          categoryId: save.categoryId,
          subCategoryId: save.subCategoryId,
          brandId: save.brandId,
        },
      );
      if (before) {
        const { id: _id, storeId: _store, ...changes } = values;
        await tx
          .update(products)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(products.id, productId));
        await tx.delete(productSizes).where(eq(productSizes.productId, productId));
      } else {
        await tx.insert(products).values(values);
      }
      if (sizes.length > 0) {
        await tx.insert(productSizes).values(sizes.map((size, position) => ({ productId, ...size, position })));
      }
      const moved = importMovements(
        before
          ? { productId, trackInventory: before.trackInventory, inventory: before.inventory, sizes: beforeSizes }
          : undefined,
        { productId, trackInventory: product.trackInventory, inventory, sizes },
      );
      await recordMovements(tx, storeId, moved, {
        reason: "count",
        note: before ? "Product form" : "New product",
        staffEmail: actor.member.email,
      });
      await writeAudit(tx, actor, {
        action: before ? "product.update" : "product.create",
        entity: "product",
        entityId: productId,
        before: before ? { ...productFields(before, beforeSizes) } : null,
        after: { ...values, sizes },
      });
      return { ok: true as const, id: productId, slug: product.slug };
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (isUniqueViolation(error)) {
      return { ok: false, status: 422, error: FIX_FIELDS, fields: { slug: "Another product has this slug or SKU." } };
    }
    throw error;
  }
}
