import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { installationUpdates } from "../../db/schema";

/**
 * The installation's news (/updates, issue 60): the operator adds, lists and removes them with
 * `npm run updates`; every store's /updates page, and the page an unknown host is sent to,
 * shows them newest first.
 */

export const updateSchema = z.object({
  title: z.string().trim().min(1, "Give the update a title.").max(120, "Keep the title to 120 characters."),
  body: z.string().trim().max(4000, "Keep the text to 4000 characters.").default(""),
});

export interface InstallationUpdate {
  id: string;
  title: string;
  body: string;
  publishedAt: string;
}

/** How many the page shows: the newest. */
export const UPDATES_SHOWN = 50;

export async function listUpdates(db: Db, limit = UPDATES_SHOWN): Promise<InstallationUpdate[]> {
  const rows = await db
    .select()
    .from(installationUpdates)
    .orderBy(desc(installationUpdates.publishedAt), desc(installationUpdates.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
  }));
}

export async function addUpdate(db: Db, input: z.input<typeof updateSchema>): Promise<InstallationUpdate> {
  const update = updateSchema.parse(input);
  const [row] = await db.insert(installationUpdates).values(update).returning();
  if (!row) throw new Error("The update was not saved.");
  return { id: row.id, title: row.title, body: row.body, publishedAt: row.publishedAt.toISOString() };
}

/** Removes one update; false when there is none with that id. */
export async function removeUpdate(db: Db, id: string): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  const removed = await db
    .delete(installationUpdates)
    .where(eq(installationUpdates.id, id))
    .returning({ id: installationUpdates.id });
  return removed.length > 0;
}
