import hind from "../../styles/fonts/hind.css?url";
import inter from "../../styles/fonts/inter.css?url";
import lato from "../../styles/fonts/lato.css?url";
import montserrat from "../../styles/fonts/montserrat.css?url";
import mukta from "../../styles/fonts/mukta.css?url";
import nunito from "../../styles/fonts/nunito.css?url";
import openSans from "../../styles/fonts/open-sans.css?url";
import poppins from "../../styles/fonts/poppins.css?url";
import roboto from "../../styles/fonts/roboto.css?url";
import { readCookie } from "../security/csrf";

/**
 * The fonts a store can choose (store settings' `font`), self-hosted from @fontsource packages:
 * the page never asks a public font service. Mukta and Hind also carry Devanagari. A name not
 * in this list falls back to Inter, the default.
 */
export const STORE_FONTS = {
  Inter: inter,
  Poppins: poppins,
  Roboto: roboto,
  "Open Sans": openSans,
  Lato: lato,
  Montserrat: montserrat,
  Nunito: nunito,
  Mukta: mukta,
  Hind: hind,
} as const;

export type StoreFont = keyof typeof STORE_FONTS;
export const DEFAULT_FONT: StoreFont = "Inter";

/** The known font for a setting, matched without case or extra spaces; Inter otherwise. */
export function storeFont(name: string): StoreFont {
  const wanted = name.trim().replace(/\s+/g, " ").toLowerCase();
  return (Object.keys(STORE_FONTS) as StoreFont[]).find((f) => f.toLowerCase() === wanted) ?? DEFAULT_FONT;
}

export function fontStylesheet(name: string): string {
  return STORE_FONTS[storeFont(name)];
}

/**
 * The store font waits for the page's first paint (ADR 0016): its stylesheet's link is sent
 * inert (`rel="mandi-stylesheet"`) with this attribute, so neither the stylesheet nor the font
 * files take a slow connection from the page's own stylesheet and first pictures. Once the page
 * is painted its first script reads the stylesheet without applying it and loads the font's
 * Latin files for the pages after this one, which keeps the system font (ADR 0034).
 */
export const FONT_AFTER_PAINT = "data-font-after-paint";

/**
 * Set by the page once the store font has loaded, to the stylesheet's address: the browser has
 * the files, so the next page uses the font from its first paint, with no change of font.
 */
export const FONT_COOKIE = "mandi_font";

/** Whether the browser told us it already has this font stylesheet's files. */
export function fontIsCached(cookieHeader: string | null | undefined, stylesheet: string): boolean {
  return readCookie(cookieHeader, FONT_COOKIE) === stylesheet;
}
