import { toSummary } from "../../modules/catalog/summary";
import type { PostedProduct } from "../../modules/console/product-form";
import { ProductCard } from "../product-card";

/** Rupees as typed, in paise, or null while they are not a price yet. */
function paise(typed: string): number | null {
  const text = typed.replace(/[₹,\s]/g, "");
  return /^\d{1,7}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : null;
}

function count(typed: string): number | null {
  return /^\d{1,7}$/.test(typed.trim()) ? Number(typed.trim()) : null;
}

/** The card a shopper would see for the form as it stands, before it is saved. */
export function previewProduct(fields: PostedProduct) {
  const sizes = fields.sizeLabel.filter((label) => label.trim() !== "");
  const sized = fields.sizeStock.slice(0, fields.sizeLabel.length).filter((_, i) => fields.sizeLabel[i]?.trim());
  const track = fields.trackInventory === "on";
  const inventory = sized.some((s) => s.trim() !== "")
    ? sized.reduce((sum, s) => sum + (count(s) ?? 0), 0)
    : count(fields.inventory);
  return toSummary({
    id: "preview",
    slug: fields.slug || "preview",
    name: fields.name.trim() || "Product name",
    photo: fields.photo[0] ?? null,
    photoAlt: fields.photoAlt[0] || fields.name,
    mrp: paise(fields.mrp),
    salePrice1: paise(fields.salePrice1),
    salePrice2: paise(fields.salePrice2),
    salePrice3: paise(fields.salePrice3),
    saleQty2: count(fields.saleQty2),
    saleQty3: count(fields.saleQty3),
    minOrderQty: count(fields.minOrderQty) ?? 1,
    packOf: count(fields.packOf) ?? 1,
    vegType: fields.vegType || null,
    inventory,
    trackInventory: track,
    packSizeValue: count(fields.packSizeValue) ?? (Number(fields.packSizeValue) || null),
    packSizeUnit: fields.packSizeUnit || null,
    sku: fields.sku || null,
    hasSizes: sizes.length > 0,
  });
}

/**
 * The product card as the store draws it, with the store's own component and styles. It is
 * inert: its link and ADD button are a picture here, not a way into the shop.
 */
export function ProductPreview({ fields }: { fields: PostedProduct }) {
  return (
    <aside className="console-preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <p className="muted">The card shoppers see in lists, as the form stands.</p>
      <div className="console-preview__card" inert>
        <ProductCard product={previewProduct(fields)} eager headingLevel={3} />
      </div>
    </aside>
  );
}
