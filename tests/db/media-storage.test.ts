import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { media } from "../../app/db/schema";
import { s3ObjectStore } from "../../app/modules/media/s3.server";
import { findMedia, MediaStorageError, saveMedia, setObjectStore } from "../../app/modules/media/storage.server";
import { storePhoto } from "../../app/modules/media/upload.server";
import { createOrderFixture, type OrderFixture } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * Photos kept in S3-compatible object storage (issue 56, ADR 0066), against s3rver: a local
 * server that speaks S3's HTTP API and keeps objects as files, as MinIO would.
 */
describe.each(databaseKinds)("media in object storage on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let server: S3rver;
  let folder: string;
  let objects: Awaited<ReturnType<typeof s3ObjectStore>>;

  const jpeg = async () =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#c58b2a" } })
            .jpeg()
            .withMetadata({ exif: { IFD0: { Make: "PhoneMaker", Model: "Phone 12" } } })
            .toBuffer(),
        ),
      ],
      "paneer.jpg",
      { type: "image/jpeg" },
    );

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `media-s3-${kind}`);
    folder = mkdtempSync(path.join(tmpdir(), "mandi-s3-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: folder,
      configureBuckets: [{ name: "mandi-media", configs: [] }],
    });
    const { port } = await server.run();
    objects = await s3ObjectStore({
      bucket: "mandi-media",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix: "shop/",
    });
    await objects.check();
    setObjectStore(objects);
  });
  afterAll(async () => {
    setObjectStore(null);
    await server.close();
    rmSync(folder, { recursive: true, force: true });
    await database.close();
  });

  it("keeps an upload's bytes in the bucket and its key, type and size in the database", async () => {
    const stored = await storePhoto(database.db, fx.store.id, await jpeg(), "products");
    if (!stored.ok) throw new Error(stored.error);
    expect(stored).toMatchObject({ width: 2000, height: 1333 });
    const key = stored.url.slice("/media/".length);

    const [row] = await database.db
      .select()
      .from(media)
      .where(and(eq(media.storeId, fx.store.id), eq(media.key, key)));
    expect(row).toMatchObject({ location: "s3", contentType: "image/webp", width: 2000, height: 1333 });
    expect(row?.bytes.length).toBe(0);
    // s3rver keeps each object as a file under the bucket's folder, by its whole name.
    const object = path.join(folder, "mandi-media", "shop", fx.store.id, `${key}._S3rver_object`);
    expect(existsSync(object)).toBe(true);

    const file = await findMedia(database.db, fx.store.id, key);
    expect(file?.contentType).toBe("image/webp");
    expect(file?.bytes.equals(readFileSync(object))).toBe(true);
    const meta = await sharp(file?.bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 2000, height: 1333 });
    expect(meta.exif).toBeUndefined();
  });

  it("still reads a file saved in the database before the switch, and finds no file that is not there", async () => {
    setObjectStore(null);
    await saveMedia(database.db, {
      storeId: fx.store.id,
      key: `demo/${kind}-logo.svg`,
      contentType: "image/svg+xml",
      bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      width: null,
      height: null,
    });
    setObjectStore(objects);
    expect((await findMedia(database.db, fx.store.id, `demo/${kind}-logo.svg`))?.contentType).toBe("image/svg+xml");
    expect(await findMedia(database.db, fx.store.id, "products/none.webp")).toBeNull();
  });

  it("says plainly when a file is in object storage and the store is not set to read it", async () => {
    const [row] = await database.db
      .select({ key: media.key })
      .from(media)
      .where(and(eq(media.storeId, fx.store.id), eq(media.location, "s3")));
    setObjectStore(null);
    await expect(findMedia(database.db, fx.store.id, row?.key ?? "")).rejects.toThrow(MediaStorageError);
  });
});
