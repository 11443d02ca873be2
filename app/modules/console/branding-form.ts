import { z } from "zod";
import { type Banner, customisationSchema, type StoreCustomisation } from "../../db/json-columns";
import { isCalendarDate } from "../india/dates";
import { STORE_FONTS, type StoreFont } from "../store/fonts";

/**
 * The console's branding form (issue 56, owners): the store's logo, favicon, tagline, colours,
 * font, sizes, button corners and banners, as posted. Every mistake is named at its field and
 * nothing is saved until the whole form is right; the banners are moved and removed by steps
 * that change only the form, so an unsaved change is never lost.
 */

export const MAX_BANNERS = 8;

const text = (max: number) => z.string().max(max, `is longer than ${max} characters`).default("");
const list = z.array(z.string().max(2000, "is longer than 2000 characters")).max(40, "has too many rows").default([]);

/** The form's fields at the server's boundary: strings of a sane length, a list per banner field. */
export const postedBrandingSchema = z.object({
  logo: text(2000),
  favicon: text(2000),
  tagline: text(1000),
  primaryColor: text(20),
  secondaryColor: text(20),
  font: text(60),
  headingSize: text(10),
  bodySize: text(10),
  roundedButtons: text(10),
  bannerImage: list,
  bannerAlt: list,
  bannerHeading: list,
  bannerText: list,
  bannerButton: list,
  bannerHref: list,
  bannerFrom: list,
  bannerTo: list,
  /** The stored branding the form was opened with (branding.server.ts): a colleague's save is not undone. */
  version: text(40),
});
export type PostedBranding = z.output<typeof postedBrandingSchema>;

const BANNER_FIELDS = [
  "bannerImage",
  "bannerAlt",
  "bannerHeading",
  "bannerText",
  "bannerButton",
  "bannerHref",
  "bannerFrom",
  "bannerTo",
] as const;
type BannerField = (typeof BANNER_FIELDS)[number];
const LIST_FIELDS: ReadonlySet<string> = new Set(BANNER_FIELDS);

/** A posted form as an object the schema reads: the first value of a field, every value of a list. */
export function postedBrandingFields(form: { get(name: string): unknown; getAll(name: string): unknown[] }) {
  const posted: Record<string, unknown> = {};
  for (const key of Object.keys(postedBrandingSchema.shape)) {
    posted[key] = LIST_FIELDS.has(key) ? form.getAll(key) : (form.get(key) ?? undefined);
  }
  return posted;
}

/** The form as the stored settings fill it. */
export function brandingFields(customisation: StoreCustomisation): PostedBranding {
  const banners = customisation.banners;
  return {
    logo: customisation.logo,
    favicon: customisation.favicon,
    tagline: customisation.tagline,
    primaryColor: customisation.primaryColor,
    secondaryColor: customisation.secondaryColor,
    font: customisation.font,
    headingSize: String(customisation.headingSize),
    bodySize: String(customisation.bodySize),
    roundedButtons: customisation.roundedButtons ? "on" : "",
    bannerImage: banners.map((b) => b.image),
    bannerAlt: banners.map((b) => b.alt),
    bannerHeading: banners.map((b) => b.heading),
    bannerText: banners.map((b) => b.text),
    bannerButton: banners.map((b) => b.button),
    bannerHref: banners.map((b) => b.href),
    bannerFrom: banners.map((b) => b.from),
    bannerTo: banners.map((b) => b.to),
    version: "",
  };
}

/** Adds a banner for a picture just uploaded, leading to the products until the owner says where. */
export function addBanner(fields: PostedBranding, image: string): void {
  const count = fields.bannerImage.length;
  for (const name of BANNER_FIELDS) fields[name] = fields[name].slice(0, count);
  fields.bannerImage.push(image);
  fields.bannerAlt.push("");
  fields.bannerHeading.push("");
  fields.bannerText.push("");
  fields.bannerButton.push("");
  fields.bannerHref.push("/products");
  fields.bannerFrom.push("");
  fields.bannerTo.push("");
}

/**
 * Applies a posted step to the form in place: "banner-up:2", "banner-down:0", "banner-remove:1",
 * "logo-remove" or "favicon-remove". Other intents change nothing.
 */
export function brandingStep(fields: PostedBranding, intent: string): void {
  if (intent === "logo-remove") fields.logo = "";
  if (intent === "favicon-remove") fields.favicon = "";
  const match = /^banner-(up|down|remove):(\d{1,2})$/.exec(intent);
  if (!match) return;
  const index = Number(match[2]);
  const count = fields.bannerImage.length;
  if (index >= count) return;
  const to = match[1] === "up" ? index - 1 : index + 1;
  for (const name of BANNER_FIELDS) {
    const values = Array.from({ length: count }, (_, i) => fields[name][i] ?? "");
    if (match[1] === "remove") values.splice(index, 1);
    else if (to >= 0 && to < count) {
      const [taken] = values.splice(index, 1);
      values.splice(to, 0, taken ?? "");
    }
    fields[name] = values;
  }
}

export const BRANDING_MESSAGES = {
  picture: "This picture is not one the store keeps: upload it again.",
  tagline: "Keep the tagline to 120 characters.",
  colour: "Choose a colour, like #1a7f37.",
  font: "Choose one of the fonts listed.",
  headingSize: "Enter a size from 12 to 64 pixels.",
  bodySize: "Enter a size from 12 to 24 pixels.",
  bannerAlt: 'Describe the picture for shoppers who cannot see it, like "Diwali sweets, 10% off".',
  bannerAltLong: "Keep the description to 200 characters.",
  bannerHeading: "Keep the heading to 80 characters.",
  bannerText: "Keep the text to 160 characters.",
  bannerButton: "Keep the button's words to 24 characters.",
  bannerHref: "Link to a page of this store, like /products?category=dairy, or paste a link that starts with https://.",
  date: "Enter a date, like 2026-12-01.",
  dateOrder: "The last day is before the first day.",
  tooMany: `A store shows at most ${MAX_BANNERS} banners: remove one first.`,
} as const;

/** A picture the store serves itself, or an https link (a demo's or an import's). */
const isPicture = (value: string) =>
  /^\/media\/[A-Za-z0-9/_.-]{1,300}$/.test(value) && !value.includes("..")
    ? true
    : /^https:\/\/[^\s"<>]{1,1990}$/.test(value);
/** A page of this store ("/products?category=dairy", never "//elsewhere") or an https link. */
const isLink = (value: string) =>
  value.length <= 300 && (/^\/(?![/\\])[^\s"<>]*$/.test(value) || /^https:\/\/[^\s"<>]+\.[^\s"<>]+$/.test(value));
const isColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

export type BrandingOutcome = { ok: true; value: StoreCustomisation } | { ok: false; fields: Record<string, string> };

/** The whole form read into the store's settings, or every field's message. */
export function parseBrandingForm(fields: PostedBranding): BrandingOutcome {
  const problems: Record<string, string> = {};
  const problem = (field: string, message: string) => {
    problems[field] ??= message;
  };
  const picture = (field: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed !== "" && !isPicture(trimmed)) problem(field, BRANDING_MESSAGES.picture);
    return trimmed;
  };

  const logo = picture("logo", fields.logo);
  const favicon = picture("favicon", fields.favicon);
  const tagline = fields.tagline.trim().replace(/\s+/g, " ");
  if (tagline.length > 120) problem("tagline", BRANDING_MESSAGES.tagline);
  const colour = (field: "primaryColor" | "secondaryColor") => {
    const value = fields[field].trim().toLowerCase();
    if (!isColour(value)) problem(field, BRANDING_MESSAGES.colour);
    return value;
  };
  const primaryColor = colour("primaryColor");
  const secondaryColor = colour("secondaryColor");
  const font = (Object.keys(STORE_FONTS) as StoreFont[]).find((name) => name === fields.font.trim());
  if (!font) problem("font", BRANDING_MESSAGES.font);
  const size = (field: "headingSize" | "bodySize", min: number, max: number) => {
    const typed = fields[field].trim();
    const value = Number(typed);
    if (!/^\d{1,2}$/.test(typed) || value < min || value > max) problem(field, BRANDING_MESSAGES[field]);
    return value;
  };
  const headingSize = size("headingSize", 12, 64);
  const bodySize = size("bodySize", 12, 24);

  const count = fields.bannerImage.length;
  if (count > MAX_BANNERS) problem("bannerUpload", BRANDING_MESSAGES.tooMany);
  const banners: Banner[] = [];
  for (let index = 0; index < count; index++) {
    const at = (name: BannerField) => (fields[name][index] ?? "").trim();
    const key = (name: BannerField) => `${name}-${index}`;
    const image = at("bannerImage");
    if (!isPicture(image)) problem(key("bannerImage"), BRANDING_MESSAGES.picture);
    const alt = at("bannerAlt").replace(/\s+/g, " ");
    if (alt === "") problem(key("bannerAlt"), BRANDING_MESSAGES.bannerAlt);
    else if (alt.length > 200) problem(key("bannerAlt"), BRANDING_MESSAGES.bannerAltLong);
    const heading = at("bannerHeading");
    if (heading.length > 80) problem(key("bannerHeading"), BRANDING_MESSAGES.bannerHeading);
    const bannerText = at("bannerText");
    if (bannerText.length > 160) problem(key("bannerText"), BRANDING_MESSAGES.bannerText);
    const button = at("bannerButton").replace(/\s+/g, " ");
    if (button.length > 24) problem(key("bannerButton"), BRANDING_MESSAGES.bannerButton);
    const href = at("bannerHref") || "/products";
    if (!isLink(href)) problem(key("bannerHref"), BRANDING_MESSAGES.bannerHref);
    const from = at("bannerFrom");
    const to = at("bannerTo");
    if (from !== "" && !isCalendarDate(from)) problem(key("bannerFrom"), BRANDING_MESSAGES.date);
    if (to !== "" && !isCalendarDate(to)) problem(key("bannerTo"), BRANDING_MESSAGES.date);
    else if (from !== "" && to !== "" && to < from) problem(key("bannerTo"), BRANDING_MESSAGES.dateOrder);
    banners.push({ image, alt, heading, text: bannerText, button, href, from, to });
  }

  if (Object.keys(problems).length > 0) return { ok: false, fields: problems };
  return {
    ok: true,
    value: customisationSchema.parse({
      logo,
      favicon,
      tagline,
      primaryColor,
      secondaryColor,
      font,
      headingSize,
      bodySize,
      roundedButtons: fields.roundedButtons === "on",
      banners,
    }),
  };
}
