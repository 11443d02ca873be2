import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { media } from "../../db/schema";

/**
 * Where the store's media bytes live (issue 56, ADR 0066). By default in the database's `media`
 * table: every process sees a file the moment it is saved and every backup holds it. With
 * MEDIA_STORAGE=s3 the bytes of new uploads go to S3-compatible object storage while the row
 * keeps the file's key, type and size, so the store still finds every file by its key; files
 * saved before the switch (the demo's, earlier uploads) are still read from the database.
 */

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
}

export interface NewMedia {
  storeId: string;
  key: string;
  contentType: string;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  /** The link it was fetched from, for a photo an import named. */
  sourceUrl?: string;
}

/** Object storage as the media need it: a file's bytes put and read back by its name. */
export interface ObjectStore {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no object of that name. */
  get(name: string): Promise<Buffer | null>;
}

/** Set once at start-up from the environment (server/app.ts); null keeps bytes in the database. */
let objects: ObjectStore | null = null;

export function setObjectStore(store: ObjectStore | null): void {
  objects = store;
}

const objectName = (storeId: string, key: string) => `${storeId}/${key}`;

/** Saves a new file: its bytes where the store keeps them, its row in the database. */
export async function saveMedia(db: Db, file: NewMedia): Promise<void> {
  if (!objects) {
    await db.insert(media).values({ ...file, location: "database" });
    return;
  }
  // The object first: a row is never written for bytes that are not there.
  await objects.put(objectName(file.storeId, file.key), file.bytes, file.contentType);
  await db.insert(media).values({ ...file, bytes: Buffer.alloc(0), location: "s3" });
}

export class MediaStorageError extends Error {
  override name = "MediaStorageError";
}

/** A file by its key, wherever its bytes are; null when the store has no such file. */
export async function findMedia(db: Db, storeId: string, key: string): Promise<MediaFile | null> {
  const [row] = await db
    .select({ contentType: media.contentType, bytes: media.bytes, location: media.location })
    .from(media)
    .where(and(eq(media.storeId, storeId), eq(media.key, key)))
    .limit(1);
  if (!row) return null;
  if (row.location === "database") return { contentType: row.contentType, bytes: row.bytes };
  if (!objects) {
    throw new MediaStorageError(`media ${key} is in object storage, and MEDIA_STORAGE is not s3`);
  }
  const bytes = await objects.get(objectName(storeId, key));
  return bytes ? { contentType: row.contentType, bytes } : null;
}
