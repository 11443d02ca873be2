import { findMedia } from "../modules/catalog/products.server";
import type { Route } from "./+types/media";

/** Images stored in the database. Keys never change meaning, so answers are cached for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const file = context.store && key ? await findMedia(context.db, context.store.id, key) : null;
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      // An SVG opened on its own must not run scripts in the store's origin.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
