import { escapeXml } from "../http/xml";
import type { StoreCustomisation } from "./settings";

/**
 * The web app manifest (installing the store on a phone's home screen): name, colours and
 * icons from the store's settings.
 */
export function webAppManifest(title: string, tagline: string, customisation: StoreCustomisation) {
  return {
    id: "/",
    name: title,
    short_name: shortName(title),
    description: tagline || `${title}: wholesale grocery and kitchen supplies, ordered online.`,
    lang: "en-IN",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: customisation.primaryColor,
    icons: [
      { src: "/icons/192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: "Shop", url: "/products" },
      { name: "Cart", url: "/cart" },
      { name: "My Account", url: "/account" },
    ],
  };
}

/** At most 12 characters for the home-screen label: the first words that fit, else a cut. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/);
  let out = "";
  for (const word of words) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > 12) break;
    out = next;
  }
  return out || name.trim().slice(0, 12);
}

export const ICON_SIZES = { "192": 192, "512": 512, "maskable-512": 512 } as const;
export type IconName = keyof typeof ICON_SIZES;

/** The app icon as SVG: the store's initial on its primary colour (maskable: inside the safe zone). */
export function appIconSvg(title: string, primaryColor: string, name: IconName): string {
  const size = ICON_SIZES[name];
  const maskable = name.startsWith("maskable");
  const letter = escapeXml((title.trim().charAt(0) || "M").toUpperCase());
  const colour = /^#[0-9a-fA-F]{6}$/.test(primaryColor) ? primaryColor : "#1a7f37";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${maskable ? 0 : Math.round(size * 0.22)}" fill="${colour}"/><text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${Math.round(size * (maskable ? 0.42 : 0.56))}" fill="#ffffff">${letter}</text></svg>`;
}
