import type { CSSProperties } from "react";
import { toSummary } from "../../modules/catalog/summary";
import type { PostedBranding } from "../../modules/console/branding-form";
import { fontStylesheet } from "../../modules/store/fonts";
import { customisationSchema } from "../../modules/store/settings";
import { themeStyle } from "../../modules/store/theme";
import { ProductCard } from "../product-card";
import { imageAt } from "../ui/product-image";

const DEFAULTS = customisationSchema.parse({});
const colour = (typed: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(typed.trim()) ? typed.trim() : fallback);
const size = (typed: string, min: number, max: number, fallback: number) => {
  const value = Number(typed.trim());
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
};

/** A product every kitchen buys, to show the card in the store's colours. */
const SAMPLE = toSummary({
  id: "preview",
  slug: "preview",
  name: "Basmati Rice Premium 5 kg",
  photo: null,
  photoAlt: "",
  mrp: 650_00,
  salePrice1: 560_00,
  salePrice2: 540_00,
  salePrice3: null,
  saleQty2: 5,
  saleQty3: null,
  minOrderQty: 1,
  packOf: 1,
  vegType: "green",
  inventory: 40,
  trackInventory: true,
  packSizeValue: 5,
  packSizeUnit: "kg",
  sku: null,
  hasSizes: false,
});

/**
 * The store's face as the branding form stands, before it is saved: its header with logo and
 * tagline, the first banner, a heading, text and a product card in the chosen colours, font,
 * sizes and button corners. The store's own styles draw it, from the same custom properties the
 * store's pages set. It is inert: a picture, not a way into the shop.
 */
export function BrandingPreview({ fields, title }: { fields: PostedBranding; title: string }) {
  const look = customisationSchema.parse({
    primaryColor: colour(fields.primaryColor, DEFAULTS.primaryColor),
    secondaryColor: colour(fields.secondaryColor, DEFAULTS.secondaryColor),
    font: fields.font,
    headingSize: size(fields.headingSize, 12, 64, DEFAULTS.headingSize),
    bodySize: size(fields.bodySize, 12, 24, DEFAULTS.bodySize),
    roundedButtons: fields.roundedButtons === "on",
  });
  const banner = fields.bannerImage[0];
  return (
    <aside className="console-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <p className="muted">The store's header, first banner and a product card, as the form stands.</p>
      <link rel="stylesheet" href={fontStylesheet(look.font)} />
      <div className="brand-preview" style={themeStyle(look) as CSSProperties} inert>
        <div className="brand-preview__header">
          {fields.logo ? <img src={imageAt(fields.logo, 160)} alt="" height="32" /> : null}
          <span>
            <strong>{title}</strong>
            {fields.tagline.trim() ? <small>{fields.tagline.trim()}</small> : null}
          </span>
        </div>
        {banner ? (
          <figure className="brand-preview__banner">
            <img src={imageAt(banner, 640)} alt={fields.bannerAlt[0] ?? ""} width="1600" height="600" />
            {fields.bannerHeading[0] ? <figcaption>{fields.bannerHeading[0]}</figcaption> : null}
          </figure>
        ) : null}
        <p className="brand-preview__heading">Rice and grains</p>
        <p className="brand-preview__text">Prices include GST. Order by 6 pm for delivery tomorrow.</p>
        <p>
          <span className="button">Shop now</span> <span className="brand-preview__accent">Offer</span>
        </p>
        <div className="console-preview__card">
          <ProductCard product={SAMPLE} headingLevel={3} />
        </div>
      </div>
    </aside>
  );
}
