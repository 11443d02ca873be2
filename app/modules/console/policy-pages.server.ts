import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { storePages } from "../../db/schema";
import type { PolicySlug } from "../store/policy-pages";
import { type Actor, writeAudit } from "./fulfilment.server";

/** Saves a page's text, or (`body` null) goes back to the built-in text. */
export async function savePolicyText(db: Db, actor: Actor, slug: PolicySlug, body: string | null): Promise<void> {
  const storeId = actor.member.storeId;
  await transactionWithRetry(db, async (tx) => {
    const [before] = await tx
      .select({ body: storePages.body })
      .from(storePages)
      .where(and(eq(storePages.storeId, storeId), eq(storePages.slug, slug)))
      .for("update");
    if (body === null) {
      await tx.delete(storePages).where(and(eq(storePages.storeId, storeId), eq(storePages.slug, slug)));
    } else {
      await tx
        .insert(storePages)
        .values({ storeId, slug, body })
        .onConflictDoUpdate({ target: [storePages.storeId, storePages.slug], set: { body, updatedAt: new Date() } });
    }
    await writeAudit(tx, actor, {
      action: body === null ? "page.reset" : "page.save",
      entity: "setting",
      entityId: slug,
      before: before?.body ?? null,
      after: body,
    });
  });
}
