import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { customisationSchema, type StoreCustomisation } from "../../db/json-columns";
import { stores } from "../../db/schema";
import { type Actor, writeAudit } from "./fulfilment.server";

/** The store's branding as stored, read through its schema so an older document is complete. */
export async function readBranding(db: Db, storeId: string): Promise<StoreCustomisation> {
  const row = await db.query.stores.findFirst({
    where: (s, { eq }) => eq(s.id, storeId),
    columns: { customisation: true },
  });
  return customisationSchema.parse(row?.customisation ?? {});
}

/**
 * Saves the store's branding (issue 56, owners) with its before and after in the audit log.
 * The database announces the change as it commits (migration 0012), so every process drops its
 * copy of the store and its kept pages at once: the store's face changes everywhere.
 */
export async function saveBranding(db: Db, actor: Actor, customisation: StoreCustomisation): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ customisation: stores.customisation })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    const after = customisationSchema.parse(customisation);
    await tx
      .update(stores)
      .set({ customisation: after, updatedAt: new Date() })
      .where(eq(stores.id, actor.member.storeId));
    await writeAudit(tx, actor, {
      action: "settings.branding",
      entity: "setting",
      entityId: "branding",
      before: row?.customisation ?? null,
      after,
    });
  });
}
