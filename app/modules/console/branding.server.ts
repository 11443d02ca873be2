import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { customisationSchema, type StoreCustomisation } from "../../db/json-columns";
import { stores } from "../../db/schema";
import { brandingFields, type PostedBranding } from "./branding-form";
import { type Actor, writeAudit } from "./fulfilment.server";

/** The store's branding as stored, read through its schema so an older document is complete. */
export async function readBranding(db: Db, storeId: string): Promise<StoreCustomisation> {
  const row = await db.query.stores.findFirst({
    where: (s, { eq }) => eq(s.id, storeId),
    columns: { customisation: true },
  });
  return customisationSchema.parse(row?.customisation ?? {});
}

/** A short fingerprint of stored branding: the form carries the one it was opened with. */
export function brandingVersion(customisation: StoreCustomisation): string {
  return createHash("sha256").update(JSON.stringify(customisation)).digest("base64url").slice(0, 16);
}

/** The form's fields for stored branding, with its version. */
export function storedBrandingFields(customisation: StoreCustomisation): PostedBranding {
  return { ...brandingFields(customisation), version: brandingVersion(customisation) };
}

export const SAVED_MEANWHILE =
  "Someone else saved the branding while you were editing it. Your changes are below, not saved: open the page again to see theirs, then make yours.";

/**
 * Saves the store's branding (issue 56, owners) with its before and after in the audit log,
 * unless it changed since the form was opened (`version`): then nothing is written and the
 * answer is null; else it is the branding as stored. The database announces the change as it commits (migration 0012), so every
 * process drops its copy of the store and its kept pages at once: the store's face changes
 * everywhere.
 */
export async function saveBranding(
  db: Db,
  actor: Actor,
  customisation: StoreCustomisation,
  version: string,
): Promise<StoreCustomisation | null> {
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ customisation: stores.customisation })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    if (brandingVersion(customisationSchema.parse(row?.customisation ?? {})) !== version) return null;
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
    return after;
  });
}
