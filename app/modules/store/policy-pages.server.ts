import { and, eq } from "drizzle-orm";
import { micromark } from "micromark";
import type { Db } from "../../db/client.server";
import { storePages } from "../../db/schema";
import type { PolicySlug } from "./policy-pages";

/**
 * A policy page's own text (issue 56), written in Markdown by the store's owner and turned into
 * HTML on the server. micromark is safe by default: HTML typed into the text is shown as text,
 * never run, and a link to anything but http(s), mailto or tel loses its address.
 */
export function policyHtml(markdown: string): string {
  return micromark(markdown);
}

export async function readPolicyText(
  db: Db,
  storeId: string,
  slug: PolicySlug,
): Promise<{ body: string; updatedAt: Date } | null> {
  const [row] = await db
    .select({ body: storePages.body, updatedAt: storePages.updatedAt })
    .from(storePages)
    .where(and(eq(storePages.storeId, storeId), eq(storePages.slug, slug)));
  return row ?? null;
}
