import { describe, expect, it } from "vitest";
import { FONT_COOKIE, fontIsCached, fontStylesheet, STORE_FONTS, storeFont } from "./fonts";
import { customisationSchema } from "./settings";
import { themeStyle } from "./theme";

describe("store theme", () => {
  it("turns the customisation settings into CSS custom properties", () => {
    const style = themeStyle(
      customisationSchema.parse({
        primaryColor: "#0f766e",
        secondaryColor: "#b45309",
        font: "Poppins",
        headingSize: 32,
        bodySize: 17,
        roundedButtons: false,
      }),
    );
    expect(style).toEqual({
      "--color-primary": "#0f766e",
      "--color-secondary": "#b45309",
      "--font-body": `"Poppins", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
      "--size-heading": "32px",
      "--size-body": "17px",
      "--radius-button": "0",
    });
  });

  it("defaults to Inter, 8 px rounded buttons and the brand colours", () => {
    const style = themeStyle(customisationSchema.parse({}));
    expect(style["--font-body"]).toMatch(/^"Inter"/);
    expect(style["--radius-button"]).toBe("8px");
    expect(style["--color-primary"]).toBe("#1a7f37");
  });

  it("offers the common fonts, self-hosted, and falls back to Inter for any other name", () => {
    expect(Object.keys(STORE_FONTS)).toEqual(
      expect.arrayContaining([
        "Inter",
        "Poppins",
        "Roboto",
        "Open Sans",
        "Lato",
        "Montserrat",
        "Nunito",
        "Mukta",
        "Hind",
      ]),
    );
    expect(storeFont("open  sans")).toBe("Open Sans");
    expect(storeFont("Comic Sans MS")).toBe("Inter");
    expect(storeFont("")).toBe("Inter");
    expect(fontStylesheet("Comic Sans MS")).toBe(STORE_FONTS.Inter);
    for (const href of Object.values(STORE_FONTS)) expect(href).not.toMatch(/^https?:/);
    // A font name cannot break out of the CSS value.
    expect(themeStyle(customisationSchema.parse({ font: '"; } body { display: none' }))["--font-body"]).toMatch(
      /^"Inter"/,
    );
  });

  it("links the font at once only for a browser that said it has this very stylesheet", () => {
    const inter = "/assets/inter-DCEQWoEL.css";
    const cookie = (value: string) => `mandi_csrf=abc; ${FONT_COOKIE}=${encodeURIComponent(value)}; other=1`;
    expect(fontIsCached(cookie(inter), inter)).toBe(true);
    // Another build's stylesheet, another font, no cookie: the font waits for the first paint.
    expect(fontIsCached(cookie("/assets/inter-OLDHASH.css"), inter)).toBe(false);
    expect(fontIsCached(cookie(inter), "/assets/poppins-B2xk9QaL.css")).toBe(false);
    expect(fontIsCached(null, inter)).toBe(false);
    expect(fontIsCached("mandi_csrf=abc", inter)).toBe(false);
  });
});
