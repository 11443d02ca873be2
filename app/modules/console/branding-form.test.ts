import { describe, expect, it } from "vitest";
import { customisationSchema } from "../../db/json-columns";
import {
  addBanner,
  BRANDING_MESSAGES,
  brandingFields,
  brandingStep,
  MAX_BANNERS,
  type PostedBranding,
  parseBrandingForm,
  postedBrandingFields,
  postedBrandingSchema,
} from "./branding-form";

const stored = customisationSchema.parse({
  logo: "/media/demo/logo.svg",
  tagline: "Wholesale for kitchens",
  banners: [
    { image: "/media/banners/a.webp", alt: "Stock up", href: "/products" },
    { image: "/media/banners/b.webp", alt: "Dairy", href: "/products?category=dairy", from: "2026-12-01" },
  ],
});
const fields = (): PostedBranding => brandingFields(stored);

describe("the branding form", () => {
  it("reads the stored settings back unchanged", () => {
    expect(parseBrandingForm(fields())).toEqual({ ok: true, value: stored });
  });

  it("reads a posted form, every banner field as a list", () => {
    const form = new FormData();
    form.set("tagline", "Fresh every morning");
    form.append("bannerImage", "/media/banners/a.webp");
    form.append("bannerImage", "/media/banners/b.webp");
    form.append("bannerAlt", "First");
    const posted = postedBrandingSchema.parse(postedBrandingFields(form));
    expect(posted.tagline).toBe("Fresh every morning");
    expect(posted.bannerImage).toEqual(["/media/banners/a.webp", "/media/banners/b.webp"]);
    expect(posted.bannerAlt).toEqual(["First"]);
  });

  it("names each mistake at its field and keeps nothing", () => {
    const form = fields();
    form.primaryColor = "green";
    form.font = "Comic Sans";
    form.headingSize = "80";
    form.bodySize = "11";
    form.tagline = "x".repeat(121);
    form.logo = "javascript:alert(1)";
    form.bannerAlt = ["", "Dairy"];
    form.bannerHref = ["//elsewhere.example", "/products"];
    form.bannerFrom = ["2026-02-30", "2026-12-10"];
    form.bannerTo = ["", "2026-12-01"];
    expect(parseBrandingForm(form)).toEqual({
      ok: false,
      fields: {
        logo: BRANDING_MESSAGES.picture,
        tagline: "Keep the tagline to 120 characters.",
        primaryColor: "Choose a colour, like #1a7f37.",
        font: "Choose one of the fonts listed.",
        headingSize: "Enter a size from 12 to 64 pixels.",
        bodySize: "Enter a size from 12 to 24 pixels.",
        "bannerAlt-0": 'Describe the picture for shoppers who cannot see it, like "Diwali sweets, 10% off".',
        "bannerHref-0":
          "Link to a page of this store, like /products?category=dairy, or paste a link that starts with https://.",
        "bannerFrom-0": "Enter a date, like 2026-12-01.",
        "bannerTo-1": "The last day is before the first day.",
      },
    });
  });

  it("takes a colour in capitals as the same colour, and an https link for a banner", () => {
    const form = fields();
    form.primaryColor = "#1A7F37";
    form.bannerHref = ["https://wa.me/919820012345", "/products"];
    const read = parseBrandingForm(form);
    expect(read.ok && read.value.primaryColor).toBe("#1a7f37");
    expect(read.ok && read.value.banners[0]?.href).toBe("https://wa.me/919820012345");
  });

  it("keeps a banner's heading, text and button words, and names a button too long", () => {
    const form = fields();
    form.bannerHeading = ["Stock up for the season", ""];
    form.bannerText = ["10% off with code SAVE10", ""];
    form.bannerButton = ["  Shop   the offer ", ""];
    const read = parseBrandingForm(form);
    expect(read.ok && read.value.banners[0]).toMatchObject({
      heading: "Stock up for the season",
      text: "10% off with code SAVE10",
      button: "Shop the offer",
    });
    expect(read.ok && read.value.banners[1]?.button).toBe("");
    form.bannerButton = ["Shop every offer of the season", ""];
    expect(parseBrandingForm(form)).toEqual({
      ok: false,
      fields: { "bannerButton-0": "Keep the button's words to 24 characters." },
    });
  });

  it("refuses a picture address outside the store's media", () => {
    const form = fields();
    form.bannerImage = ["/media/../admin", "/elsewhere/b.webp"];
    const read = parseBrandingForm(form);
    expect(read.ok ? {} : read.fields).toEqual({
      "bannerImage-0": BRANDING_MESSAGES.picture,
      "bannerImage-1": BRANDING_MESSAGES.picture,
    });
  });

  it(`shows at most ${MAX_BANNERS} banners`, () => {
    const form = fields();
    for (let i = 0; i < MAX_BANNERS - 1; i++) addBanner(form, `/media/banners/${i}.webp`);
    form.bannerAlt = form.bannerAlt.map(() => "A banner");
    expect(parseBrandingForm(form).ok).toBe(false);
    brandingStep(form, "banner-remove:0");
    expect(parseBrandingForm(form).ok).toBe(true);
  });

  it("moves a banner with its own fields, and removes one", () => {
    const form = fields();
    brandingStep(form, "banner-down:0");
    expect(form.bannerImage).toEqual(["/media/banners/b.webp", "/media/banners/a.webp"]);
    expect(form.bannerFrom).toEqual(["2026-12-01", ""]);
    brandingStep(form, "banner-up:0");
    expect(form.bannerImage).toEqual(["/media/banners/b.webp", "/media/banners/a.webp"]);
    brandingStep(form, "banner-remove:0");
    expect(form.bannerImage).toEqual(["/media/banners/a.webp"]);
    expect(form.bannerAlt).toEqual(["Stock up"]);
    brandingStep(form, "logo-remove");
    expect(form.logo).toBe("");
  });
});
