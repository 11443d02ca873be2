import sharp from "sharp";
import { requireStore } from "../modules/store/require-store.server";
import { storeView } from "../modules/store/settings";
import { appIconSvg, ICON_SIZES, type IconName } from "../modules/store/web-app";
import type { Route } from "./+types/app-icon";

/** /icons/{192|512|maskable-512}.png — the installed store's icon, drawn from its settings. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const name = params.name.replace(/\.png$/, "");
  if (!(name in ICON_SIZES)) return new Response("Not found.", { status: 404 });
  const title = storeView(store.title, store.customisation, store.profile).title;
  const png = await sharp(Buffer.from(appIconSvg(title, store.customisation.primaryColor, name as IconName)))
    .png()
    .toBuffer();
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}
