import { requireStore } from "../modules/store/require-store.server";
import { storeView } from "../modules/store/settings";
import { webAppManifest } from "../modules/store/web-app";
import type { Route } from "./+types/manifest";

/** /manifest.webmanifest — makes the store installable, in its own name and colours. */
export function loader({ context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const view = storeView(store.title, store.customisation, store.profile);
  return new Response(JSON.stringify(webAppManifest(view.title, view.tagline, store.customisation)), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
