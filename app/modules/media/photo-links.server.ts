import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.server";
import { isUniqueViolation } from "../../db/errors.server";
import { brands, categories, media, products } from "../../db/schema";
import { PermanentJobError } from "../jobs/backoff";
import { completeJob, type NewJob } from "../jobs/queue.server";
import type { JobHandler } from "../jobs/worker.server";
import { downloadPhoto } from "./fetch.server";
import { cleanPhoto, keepPhoto } from "./upload.server";

/**
 * Photos that an import names by link (issue 56, ADR 0065). The import writes the catalogue at
 * once; a link fetched before is written as the store's own copy straight away, and each new
 * link becomes one `media.fetch` job. The job downloads the photo, cleans it as an upload is
 * cleaned, keeps it with the link it came from (so a link is fetched once per store, however
 * often it is imported), and puts the copy in place of the link in every product, category and
 * brand that names it. Until then the store shows the photo from its link.
 */

export const PHOTO_FETCH_JOB = "media.fetch";

/** An address on another site, as opposed to the store's own `/media/...` files. */
export const isPhotoLink = (value: string) => /^https?:\/\//i.test(value);

/** The store's own copy of each link that was fetched before, as `/media/{key}`. */
export async function fetchedCopies(db: Db | Tx, storeId: string, links: string[]): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  const wanted = [...new Set(links)];
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await db
      .select({ sourceUrl: media.sourceUrl, key: media.key })
      .from(media)
      .where(and(eq(media.storeId, storeId), inArray(media.sourceUrl, wanted.slice(start, start + 1000))));
    for (const row of rows) if (row.sourceUrl) copies.set(row.sourceUrl, `/media/${row.key}`);
  }
  return copies;
}

/** One job per link; a link whose job already waits is not asked twice. */
export function photoFetchJobs(storeId: string, links: string[]): NewJob[] {
  return [...new Set(links)].map((link) => ({
    kind: PHOTO_FETCH_JOB,
    storeId,
    payload: { link },
    uniqueKey: `${PHOTO_FETCH_JOB}:${storeId}:${createHash("sha256").update(link).digest("base64url")}`,
    maxAttempts: 5,
  }));
}

const payloadSchema = z.object({ link: z.string().min(1).max(2000) });

export const fetchPhotoLink: JobHandler = async (job, { db, log, signal }) => {
  const storeId = job.storeId;
  const parsed = payloadSchema.safeParse(job.payload);
  if (!storeId || !parsed.success) throw new PermanentJobError("The job names no store or no photo link.");
  const { link } = parsed.data;
  let copy = (await fetchedCopies(db, storeId, [link])).get(link);
  if (!copy) {
    const bytes = await downloadPhoto(link, signal);
    const photo = await cleanPhoto(bytes, link.length > 80 ? `${link.slice(0, 79)}…` : link);
    if (!photo.ok) throw new PermanentJobError(photo.error);
    try {
      const key = await keepPhoto(db, storeId, "imported", photo, link);
      copy = `/media/${key}`;
    } catch (error) {
      // Fetched meanwhile by a job of an earlier import: that copy serves.
      if (!isUniqueViolation(error)) throw error;
      copy = (await fetchedCopies(db, storeId, [link])).get(link);
      if (!copy) throw error;
    }
  }
  const replaced = copy;
  const changed = await db.transaction(async (tx) => {
    const count = await putCopyInPlace(tx, storeId, link, replaced);
    await completeJob(tx, job);
    return count;
  });
  log.info("photo link fetched", { storeId, rows: changed });
};

/** Puts the copy where the link was: product photos, category and brand logos. How many rows changed. */
export async function putCopyInPlace(tx: Tx, storeId: string, link: string, copy: string): Promise<number> {
  const productRows = await tx
    .update(products)
    .set({ photos: sql`array_replace(${products.photos}, ${link}, ${copy})`, updatedAt: sql`now()` })
    .where(and(eq(products.storeId, storeId), sql`${products.photos} @> array[${link}]::text[]`))
    .returning({ id: products.id });
  const categoryRows = await tx
    .update(categories)
    .set({ logo: copy })
    .where(and(eq(categories.storeId, storeId), eq(categories.logo, link)))
    .returning({ id: categories.id });
  const brandRows = await tx
    .update(brands)
    .set({ logo: copy })
    .where(and(eq(brands.storeId, storeId), eq(brands.logo, link)))
    .returning({ id: brands.id });
  return productRows.length + categoryRows.length + brandRows.length;
}
