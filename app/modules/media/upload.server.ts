import { randomUUID } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Db } from "../../db/client.server";
import { saveMedia } from "./storage.server";

/**
 * Photos uploaded in the console (issue 56). A file is judged by its content, never by its name
 * or the type the browser claims: sharp must read it as JPEG, PNG, WebP or HEIF/AVIF, within a
 * size and a pixel count. It is turned upright, stripped of its metadata (a phone's EXIF carries
 * where the photo was taken), made at most 2000 px on its longer side and kept as WebP in the
 * store's media, which the media route serves at every width the store asks for.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** About a 40-megapixel photo: larger is a mistake or an attack on the server's memory. */
export const MAX_UPLOAD_PIXELS = 40_000_000;
const LONGEST_SIDE = 2000;
const READABLE = new Set(["jpeg", "png", "webp", "heif"]);

export const UPLOAD_MESSAGES = {
  tooLarge: (name: string) => `"${name}" is larger than 10 MB: make it smaller and upload it again.`,
  notPhoto: (name: string) =>
    `"${name}" is not a photo the store can read: upload a JPEG, PNG or WebP (an iPhone's HEIC photo: share it as JPEG).`,
  tooManyPixels: (name: string) => `"${name}" has more than 40 megapixels: make it smaller and upload it again.`,
} as const;

export type Upload = { ok: true; url: string; width: number; height: number } | { ok: false; error: string };

/** A photo read and cleaned: upright, without metadata, at most 2000 px, as WebP. */
export type CleanPhoto = { ok: true; bytes: Buffer; width: number; height: number } | { ok: false; error: string };

/**
 * Judges bytes by their content and cleans them; `name` is how a message names the file.
 * Shared by uploads and by photos an import names by link (fetch.server.ts).
 */
export async function cleanPhoto(bytes: Buffer, name: string): Promise<CleanPhoto> {
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, error: UPLOAD_MESSAGES.tooLarge(name) };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, error: UPLOAD_MESSAGES.notPhoto(name) };
  }
  if (!meta.format || !READABLE.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, error: UPLOAD_MESSAGES.notPhoto(name) };
  }
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) return { ok: false, error: UPLOAD_MESSAGES.tooManyPixels(name) };
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS })
      .rotate()
      .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, error: UPLOAD_MESSAGES.notPhoto(name) };
  }
  return { ok: true, bytes: output.data, width: output.info.width, height: output.info.height };
}

/** Keeps a cleaned photo in the store's media under `folder`, with the link it came from if any; its key. */
export async function keepPhoto(
  db: Db,
  storeId: string,
  folder: string,
  photo: { bytes: Buffer; width: number; height: number },
  sourceUrl?: string,
): Promise<string> {
  const key = `${folder}/${randomUUID()}.webp`;
  await saveMedia(db, {
    storeId,
    key,
    contentType: "image/webp",
    bytes: photo.bytes,
    width: photo.width,
    height: photo.height,
    ...(sourceUrl ? { sourceUrl } : {}),
  });
  return key;
}

/** Reads, cleans and stores one uploaded photo under `folder` ("products", "brands"). */
export async function storePhoto(db: Db, storeId: string, file: File, folder: string): Promise<Upload> {
  const name = file.name.slice(0, 80) || "The file";
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: UPLOAD_MESSAGES.tooLarge(name) };
  const photo = await cleanPhoto(Buffer.from(await file.arrayBuffer()), name);
  if (!photo.ok) return photo;
  const key = await keepPhoto(db, storeId, folder, photo);
  return { ok: true, url: `/media/${key}`, width: photo.width, height: photo.height };
}
