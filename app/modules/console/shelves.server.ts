import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { isUniqueViolation, transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { brands, categories, products } from "../../db/schema";
import { slugify } from "../catalog/catalogue-input";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * The store's categories, sub-categories and brands in the console (issue 56): created, renamed,
 * put in order, given a logo or photo, and deleted only when no product is left on them (or after
 * moving their products to another). A rename reaches the store's search at once: the database
 * rewrites its products' search text (migration 0003).
 */

export type Shelf = "category" | "brand";

export interface CategoryEntry {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  products: number;
  subCategories: { id: string; name: string; slug: string; logo: string | null; products: number }[];
}

export async function listCategoryTree(db: Db, storeId: string): Promise<CategoryEntry[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      logo: categories.logo,
      parentId: categories.parentId,
      // Qualified by hand: in a one-table select, Drizzle writes the outer row's id as a bare "id".
      products: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id" or p.sub_category_id = "categories"."id")`,
    })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows
    .filter((row) => row.parentId === null)
    .map((top) => ({
      ...top,
      subCategories: rows.filter((row) => row.parentId === top.id).map(({ parentId: _parent, ...sub }) => sub),
    }));
}

export async function listBrands(db: Db, storeId: string) {
  return db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      logo: brands.logo,
      products: sql<number>`(select count(*)::int from products p where p.brand_id = "brands"."id")`,
    })
    .from(brands)
    .where(eq(brands.storeId, storeId))
    .orderBy(sql`lower(${brands.name})`);
}

export type ShelfOutcome = { ok: true; id: string } | { ok: false; error: string; field?: string };

const NAME_PROBLEM = "Enter a name of 1 to 100 characters.";

/** A slug not yet taken in the store's categories or brands. */
async function freeSlug(tx: Tx, shelf: Shelf, storeId: string, name: string, prefix: string | null): Promise<string> {
  const table = shelf === "category" ? categories : brands;
  const taken = new Set(
    (await tx.select({ slug: table.slug }).from(table).where(eq(table.storeId, storeId))).map((row) => row.slug),
  );
  let slug = slugify(name) || shelf;
  if (taken.has(slug) && prefix) slug = slugify(`${prefix}-${slug}`);
  const base = slug;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Creates a category (`parentId` for a sub-category) or a brand; the slug is made from the name. */
export async function createShelf(
  db: Db,
  actor: Actor,
  shelf: Shelf,
  name: string,
  parentId: string | null,
): Promise<ShelfOutcome> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) return { ok: false, error: NAME_PROBLEM, field: "name" };
  const storeId = actor.member.storeId;
  try {
    return await transactionWithRetry(db, async (tx) => {
      if (shelf === "brand") {
        const [same] = await tx
          .select({ id: brands.id })
          .from(brands)
          .where(and(eq(brands.storeId, storeId), sql`lower(${brands.name}) = ${trimmed.toLowerCase()}`));
        if (same) return { ok: false as const, error: `There is a brand named "${trimmed}" already.`, field: "name" };
        const slug = await freeSlug(tx, "brand", storeId, trimmed, null);
        const [row] = await tx.insert(brands).values({ storeId, name: trimmed, slug }).returning({ id: brands.id });
        if (!row) throw new Error("brand not written");
        await writeAudit(tx, actor, {
          action: "brand.create",
          entity: "setting",
          entityId: row.id,
          before: null,
          after: { name: trimmed },
        });
        return { ok: true as const, id: row.id };
      }
      let parent: { id: string; slug: string } | undefined;
      if (parentId) {
        [parent] = isUuid(parentId)
          ? await tx
              .select({ id: categories.id, slug: categories.slug })
              .from(categories)
              .where(and(eq(categories.storeId, storeId), eq(categories.id, parentId), isNull(categories.parentId)))
          : [];
        if (!parent) return { ok: false as const, error: "Choose a category of this store.", field: "parentId" };
      }
      const [same] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(
            eq(categories.storeId, storeId),
            parent ? eq(categories.parentId, parent.id) : isNull(categories.parentId),
            sql`lower(${categories.name}) = ${trimmed.toLowerCase()}`,
          ),
        );
      if (same) return { ok: false as const, error: `"${trimmed}" is there already.`, field: "name" };
      const slug = await freeSlug(tx, "category", storeId, trimmed, parent?.slug ?? null);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${categories.position}), -1)::int` })
        .from(categories)
        .where(
          and(
            eq(categories.storeId, storeId),
            parent ? eq(categories.parentId, parent.id) : isNull(categories.parentId),
          ),
        );
      const [row] = await tx
        .insert(categories)
        .values({ storeId, name: trimmed, slug, parentId: parent?.id ?? null, position: (last?.position ?? -1) + 1 })
        .returning({ id: categories.id });
      if (!row) throw new Error("category not written");
      await writeAudit(tx, actor, {
        action: "category.create",
        entity: "setting",
        entityId: row.id,
        before: null,
        after: { name: trimmed, parentId: parent?.id ?? null },
      });
      return { ok: true as const, id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      return { ok: false, error: "That name's address is taken: choose another name.", field: "name" };
    throw error;
  }
}

/** Renames a category or brand; its address (slug) stays, so links to it keep working. */
export async function renameShelf(db: Db, actor: Actor, shelf: Shelf, id: string, name: string): Promise<ShelfOutcome> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) return { ok: false, error: NAME_PROBLEM, field: "name" };
  if (!isUuid(id)) return { ok: false, error: "That is not in this store." };
  const table = shelf === "category" ? categories : brands;
  return transactionWithRetry(db, async (tx) => {
    const [before] = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.storeId, actor.member.storeId), eq(table.id, id)))
      .for("update");
    if (!before) return { ok: false as const, error: "That is not in this store." };
    await tx.update(table).set({ name: trimmed }).where(eq(table.id, id));
    await writeAudit(tx, actor, {
      action: `${shelf}.rename`,
      entity: "setting",
      entityId: id,
      before,
      after: { name: trimmed },
    });
    return { ok: true as const, id };
  });
}

/** Moves a category one place up or down among its siblings (the order the store's menus show). */
export async function moveCategory(db: Db, actor: Actor, id: string, direction: "up" | "down"): Promise<ShelfOutcome> {
  if (!isUuid(id)) return { ok: false, error: "That is not in this store." };
  const storeId = actor.member.storeId;
  return transactionWithRetry(db, async (tx) => {
    const [category] = await tx
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(and(eq(categories.storeId, storeId), eq(categories.id, id)));
    if (!category) return { ok: false as const, error: "That is not in this store." };
    const siblings = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.storeId, storeId),
          category.parentId ? eq(categories.parentId, category.parentId) : isNull(categories.parentId),
        ),
      )
      .orderBy(asc(categories.position), asc(categories.name))
      .for("update");
    const order = siblings.map((row) => row.id);
    const from = order.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return { ok: true as const, id };
    order.splice(from, 1);
    order.splice(to, 0, id);
    // Positions are rewritten 0, 1, 2... so that ties from an import are settled once.
    for (const [position, siblingId] of order.entries()) {
      await tx.update(categories).set({ position }).where(eq(categories.id, siblingId));
    }
    await writeAudit(tx, actor, { action: "category.move", entity: "setting", entityId: id, before: from, after: to });
    return { ok: true as const, id };
  });
}

/** Sets a category's or brand's picture (an uploaded file's address), or clears it. */
export async function setShelfLogo(
  db: Db,
  actor: Actor,
  shelf: Shelf,
  id: string,
  logo: string | null,
): Promise<ShelfOutcome> {
  if (!isUuid(id)) return { ok: false, error: "That is not in this store." };
  const table = shelf === "category" ? categories : brands;
  const changed = await db
    .update(table)
    .set({ logo })
    .where(and(eq(table.storeId, actor.member.storeId), eq(table.id, id)))
    .returning({ id: table.id });
  return changed.length ? { ok: true, id } : { ok: false, error: "That is not in this store." };
}

/**
 * Deletes a category or brand. While products are on it, it is refused, unless `moveTo` names
 * another of the store's categories (a sub-category: into it and its parent) or brands to move
 * them to first. A category with sub-categories is refused: they are deleted or moved first.
 */
export async function deleteShelf(
  db: Db,
  actor: Actor,
  shelf: Shelf,
  id: string,
  moveTo: string | null,
): Promise<ShelfOutcome> {
  if (!isUuid(id)) return { ok: false, error: "That is not in this store." };
  const storeId = actor.member.storeId;
  return transactionWithRetry(db, async (tx) => {
    if (shelf === "brand") {
      const [brand] = await tx
        .select({ id: brands.id, name: brands.name })
        .from(brands)
        .where(and(eq(brands.storeId, storeId), eq(brands.id, id)))
        .for("update");
      if (!brand) return { ok: false as const, error: "That is not in this store." };
      const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.brandId, id));
      if ((used?.n ?? 0) > 0) {
        const [target] =
          moveTo && isUuid(moveTo) && moveTo !== id
            ? await tx
                .select({ id: brands.id })
                .from(brands)
                .where(and(eq(brands.storeId, storeId), eq(brands.id, moveTo)))
            : [];
        if (!target) {
          return {
            ok: false as const,
            error: `${used?.n} products are of "${brand.name}": choose a brand to move them to first.`,
          };
        }
        await tx.update(products).set({ brandId: target.id, updatedAt: sql`now()` }).where(eq(products.brandId, id));
      }
      await tx.delete(brands).where(eq(brands.id, id));
      await writeAudit(tx, actor, {
        action: "brand.delete",
        entity: "setting",
        entityId: id,
        before: brand,
        after: { movedTo: moveTo },
      });
      return { ok: true as const, id };
    }
    const [category] = await tx
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(and(eq(categories.storeId, storeId), eq(categories.id, id)))
      .for("update");
    if (!category) return { ok: false as const, error: "That is not in this store." };
    const [children] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(categories)
      .where(eq(categories.parentId, id));
    if ((children?.n ?? 0) > 0) {
      return { ok: false as const, error: `"${category.name}" has sub-categories: delete or empty them first.` };
    }
    const onIt = or(eq(products.categoryId, id), eq(products.subCategoryId, id));
    const [used] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(onIt);
    if ((used?.n ?? 0) > 0) {
      const [target] =
        moveTo && isUuid(moveTo) && moveTo !== id
          ? await tx
              .select({ id: categories.id, parentId: categories.parentId })
              .from(categories)
              .where(and(eq(categories.storeId, storeId), eq(categories.id, moveTo), ne(categories.id, id)))
          : [];
      if (!target) {
        return {
          ok: false as const,
          error: `${used?.n} products are in "${category.name}": choose a category to move them to first.`,
        };
      }
      await tx
        .update(products)
        .set(
          target.parentId
            ? { categoryId: target.parentId, subCategoryId: target.id, updatedAt: sql`now()` }
            : { categoryId: target.id, subCategoryId: null, updatedAt: sql`now()` },
        )
        .where(onIt);
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await writeAudit(tx, actor, {
      action: "category.delete",
      entity: "setting",
      entityId: id,
      before: category,
      after: { movedTo: moveTo },
    });
    return { ok: true as const, id };
  });
}
