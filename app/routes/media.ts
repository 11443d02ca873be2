import { ImageCache, isMediaCrop, isMediaWidth, toWebp } from "../modules/media/resize.server";
import { findMedia } from "../modules/media/storage.server";
import type { Route } from "./+types/media";

const resized = new ImageCache();
const notFound = (text = "Not found", status = 404) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * Images stored in the database, as stored or, with ?w=160|320|480|640|960|1280, as WebP at that
 * width; with &crop=centre as a square of the picture's middle (thumbnails). Keys never change
 * meaning, so answers are cached for a year.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const w = url.searchParams.get("w");
  const width = w === null ? null : Number(w);
  if (width !== null && !isMediaWidth(width)) {
    return notFound("w must be one of 160, 320, 480, 640, 960 or 1280.", 400);
  }
  const cropAsked = url.searchParams.get("crop");
  const crop = cropAsked === null ? null : isMediaCrop(cropAsked) && width !== null ? cropAsked : undefined;
  if (crop === undefined) return notFound("crop must be centre, with a width.", 400);
  if (!context.store || !key) return notFound();
  const { db, store } = context;
  const headers: Record<string, string> = {
    "Cache-Control": "public, max-age=31536000, immutable",
    // An SVG opened on its own must not run scripts in the store's origin.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  if (width !== null) {
    // Resized images come from memory when they can, without reading the original again.
    const body = await resized.get(`${store.id}/${key}@${width}${crop ? `/${crop}` : ""}`, async () => {
      const file = await findMedia(db, store.id, key);
      return file?.contentType.startsWith("image/") ? toWebp(file.bytes, width, crop) : Buffer.alloc(0);
    });
    if (body.length === 0) return notFound();
    return new Response(new Uint8Array(body), {
      headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(body.length) },
    });
  }
  const file = await findMedia(db, store.id, key);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.bytes), {
    headers: { ...headers, "Content-Type": file.contentType, "Content-Length": String(file.bytes.length) },
  });
}
