import { z } from "zod";
import { tierQuantityProblem } from "../cart/packs";
import { PACK_UNITS, productInputSchema, slugify, type ValidProduct } from "../catalog/catalogue-input";
import { formatINR } from "../money/format";
import { optionalCount, optionalRupees, optionalStock, plainNumber, type Read, readValue } from "./typed-values";

/**
 * The console's product form (issue 56) as posted: every field read, every mistake named at its
 * field in a sentence, and nothing saved until the whole form is right. What passes is checked
 * once more by the catalogue's own schema, so a product saved here is one an import would take.
 */

export const MAX_PHOTOS = 12;
export const MAX_SIZES = 30;

const text = (max: number) => z.string().max(max, `is longer than ${max} characters`).default("");
const list = z.array(z.string().max(2000, "is longer than 2000 characters")).max(60, "has too many rows").default([]);

/**
 * The form's fields as the browser posts them, at the server's boundary: strings of a sane
 * length, one each, or a list for photos and sizes. What they mean is read by parseProductForm.
 */
export const postedProductSchema = z.object({
  name: text(1000),
  slug: text(1000),
  description: text(20_000),
  mrp: text(40),
  salePrice1: text(40),
  salePrice2: text(40),
  saleQty2: text(40),
  salePrice3: text(40),
  saleQty3: text(40),
  minOrderQty: text(40),
  packOf: text(40),
  vegType: text(40),
  packSizeValue: text(40),
  packSizeUnit: text(10),
  categoryId: text(60),
  subCategoryId: text(60),
  brandId: text(60),
  sku: text(200),
  hsnCode: text(40),
  gstRate: text(10),
  trackInventory: text(10),
  inventory: text(40),
  active: text(10),
  photo: list,
  photoAlt: list,
  sizeLabel: list,
  sizeStock: list,
  sizeMin: list,
  sizePack: list,
});
export type PostedProduct = z.output<typeof postedProductSchema>;

const LIST_FIELDS: ReadonlySet<string> = new Set([
  "photo",
  "photoAlt",
  "sizeLabel",
  "sizeStock",
  "sizeMin",
  "sizePack",
]);

/** A posted form as an object the schema reads: the first value of a field, every value of a list. */
export function postedFields(form: { get(name: string): unknown; getAll(name: string): unknown[] }) {
  const posted: Record<string, unknown> = {};
  for (const key of Object.keys(postedProductSchema.shape)) {
    posted[key] = LIST_FIELDS.has(key) ? form.getAll(key) : (form.get(key) ?? undefined);
  }
  return posted;
}

/** A new product's form: active, everything else empty. */
export const EMPTY_PRODUCT: PostedProduct = { ...postedProductSchema.parse({}), active: "on" };

/** The veg marks a shop chooses from (spec: vegType holds green, brown or red). */
export const VEG_TYPES = [
  { value: "", label: "Not food, or not marked" },
  { value: "green", label: "Vegetarian (green)" },
  { value: "brown", label: "Non-vegetarian (brown)" },
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PHOTO = /^(https:\/\/|\/media\/)[^\s"<>]{1,1990}$/;

/** A product ready to be written, with the shelves it is on by id. */
export interface ProductToSave {
  product: ValidProduct & { slug: string };
  categoryId: string | null;
  subCategoryId: string | null;
  brandId: string | null;
}

export type ParsedProduct = { ok: true; value: ProductToSave } | { ok: false; fields: Record<string, string> };

/** The message a catalogue rule gives a field, for a rule this form does not say first itself. */
const FIELD_OF_PATH: Record<string, string> = { packSize: "packSizeValue", sizes: "sizeLabel", photos: "photo" };

function optionalId(typed: string, problem: string): Read<string | null> {
  const text = typed.trim();
  if (text === "") return { value: null };
  return UUID.test(text) ? { value: text.toLowerCase() } : { problem };
}

/**
 * Reads a posted product form. `rates` are the store's GST rates in force (its GST page): a
 * product's rate is one of them, or empty for its category's default.
 */
export function parseProductForm(form: PostedProduct, rates: readonly number[]): ParsedProduct {
  const fields: Record<string, string> = {};
  const problem = (field: string, message: string) => {
    fields[field] ??= message;
  };
  const read = <T>(field: string, outcome: Read<T>): T | null => {
    if ("problem" in outcome) problem(field, outcome.problem);
    return readValue(outcome);
  };

  const name = form.name.trim();
  if (name === "") problem("name", "Enter the product's name.");
  else if (name.length > 200) problem("name", "Keep the name to 200 characters.");
  const typedSlug = form.slug.trim().toLowerCase();
  const slug = typedSlug === "" ? slugify(name) : typedSlug;
  if (typedSlug !== "" && (!SLUG.test(typedSlug) || typedSlug.length > 120)) {
    problem("slug", "Use lower-case letters, digits and dashes, like amul-butter-500-g.");
  } else if (slug === "" && name !== "") {
    problem("slug", "The name has no letters or digits to make a slug from: type one.");
  }
  const description = form.description.trim();
  if (description.length > 10_000) problem("description", "Keep the description to 10,000 characters.");

  const mrp = read("mrp", optionalRupees(form.mrp, "Enter the MRP in rupees, like 250 or 99.50."));
  const price1 = read("salePrice1", optionalRupees(form.salePrice1, "Enter the price in rupees, like 240."));
  const price2 = read("salePrice2", optionalRupees(form.salePrice2, "Enter tier 2's price in rupees, like 230."));
  const qty2 = read("saleQty2", optionalCount(form.saleQty2, "Enter the quantity tier 2 starts at, like 6."));
  const price3 = read("salePrice3", optionalRupees(form.salePrice3, "Enter tier 3's price in rupees, like 220."));
  const qty3 = read("saleQty3", optionalCount(form.saleQty3, "Enter the quantity tier 3 starts at, like 12."));
  if (mrp === null && price1 === null && !fields.mrp && !fields.salePrice1) {
    problem("mrp", "Enter the MRP or the price: a product needs one to be sold.");
  }
  // Selling above the printed MRP is not allowed in India (Legal Metrology rules).
  for (const [field, price] of [
    ["salePrice1", price1],
    ["salePrice2", price2],
    ["salePrice3", price3],
  ] as const) {
    if (mrp !== null && price !== null && price > mrp) {
      problem(field, `${formatINR(price)} is above the MRP (${formatINR(mrp)}): a shop may not sell above it.`);
    }
  }
  // Tiers: each starts at a larger quantity than the one before, at a lower price.
  const unitPrice = price1 ?? mrp;
  if ((price2 === null) !== (qty2 === null) && !fields.salePrice2 && !fields.saleQty2) {
    problem(price2 === null ? "salePrice2" : "saleQty2", "Give tier 2 both a price and a quantity, or neither.");
  }
  if ((price3 === null) !== (qty3 === null) && !fields.salePrice3 && !fields.saleQty3) {
    problem(price3 === null ? "salePrice3" : "saleQty3", "Give tier 3 both a price and a quantity, or neither.");
  }
  if (qty2 !== null && qty2 < 2) problem("saleQty2", "Tier 2 starts at 2 or more: one unit sells at the price.");
  if (price2 !== null && unitPrice !== null && price2 >= unitPrice) {
    problem("salePrice2", `Tier 2's price must be below ${formatINR(unitPrice)}, the price of one.`);
  }
  if ((price3 !== null || qty3 !== null) && price2 === null && qty2 === null) {
    problem("salePrice3", "Fill tier 2 before tier 3.");
  }
  if (qty3 !== null && qty2 !== null && qty3 <= qty2) {
    problem("saleQty3", `Tier 3 starts at more than tier 2's quantity (${qty2}).`);
  }
  if (price3 !== null && price2 !== null && price3 >= price2) {
    problem("salePrice3", `Tier 3's price must be below tier 2's (${formatINR(price2)}).`);
  }
  // Minimum and packs (issue 59): a tier must start at a quantity whole packs reach.
  const minOrderQty =
    read("minOrderQty", optionalCount(form.minOrderQty, "Enter the fewest units one order may take, like 5.")) ?? 1;
  const packOf = read("packOf", optionalCount(form.packOf, "Enter how many units are in a pack, like 12.")) ?? 1;
  for (const [field, tierQty, tier] of [
    ["saleQty2", qty2, "Tier 2"],
    ["saleQty3", qty3, "Tier 3"],
  ] as const) {
    const unreachable = tierQty === null ? null : tierQuantityProblem(tierQty, { minQty: minOrderQty, packOf });
    if (unreachable) problem(field, `${tier} ${unreachable}.`);
  }

  const vegType = form.vegType.trim();
  if (!VEG_TYPES.some((veg) => veg.value === vegType)) problem("vegType", "Choose a veg mark from the list.");

  let packSize: { value: number; unit: (typeof PACK_UNITS)[number] } | null = null;
  const packText = plainNumber(form.packSizeValue);
  if (packText !== "") {
    const value = /^\d{1,6}(\.\d{1,3})?$/.test(packText) ? Number(packText) : Number.NaN;
    const unit = PACK_UNITS.find((u) => u === form.packSizeUnit);
    if (!(value > 0 && value <= 100_000)) problem("packSizeValue", "Enter the pack size as a number, like 500 or 1.5.");
    else if (!unit) problem("packSizeUnit", "Choose the pack size's unit.");
    else packSize = { value, unit };
  }

  const categoryId = read("categoryId", optionalId(form.categoryId, "Choose a category from the list."));
  const subCategoryId = read("subCategoryId", optionalId(form.subCategoryId, "Choose a sub-category from the list."));
  const brandId = read("brandId", optionalId(form.brandId, "Choose a brand from the list."));
  if (subCategoryId !== null && categoryId === null) problem("subCategoryId", "Choose its category first.");

  const sku = form.sku.trim();
  if (sku.length > 64) problem("sku", "Keep the SKU to 64 characters.");
  else if (/\s/.test(sku)) problem("sku", "A SKU has no spaces: use dashes, like AMUL-BUT-500.");
  const hsnCode = form.hsnCode.trim();
  if (hsnCode !== "" && !/^(\d{4}|\d{6}|\d{8})$/.test(hsnCode)) {
    problem("hsnCode", "Enter the HSN code as 4, 6 or 8 digits, like 0405.");
  }
  let gstRate: number | null = null;
  if (form.gstRate.trim() !== "") {
    gstRate = Number(form.gstRate);
    if (!rates.includes(gstRate))
      problem("gstRate", `Choose one of the store's GST rates: ${rates.join(", ")} percent.`);
  }

  const trackInventory = form.trackInventory === "on";
  const inventory = read(
    "inventory",
    optionalStock(form.inventory, "Enter the units in stock as a whole number, like 40, or leave it empty."),
  );

  const sizes: { label: string; inventory: number | null; minOrderQty: number | null; packOf: number | null }[] = [];
  const labels = new Set<string>();
  for (const [index, typed] of form.sizeLabel.entries()) {
    const label = typed.trim();
    const stockTyped = form.sizeStock[index] ?? "";
    const minTyped = form.sizeMin[index] ?? "";
    const packTyped = form.sizePack[index] ?? "";
    if (label === "" && `${stockTyped}${minTyped}${packTyped}`.trim() === "") continue; // an empty row, left unused
    const stock = readValue(optionalStock(stockTyped, ""));
    // A size's own minimum and pack (a single 20 litre can beside cases of 1 litre bottles); empty: the product's.
    const sizeMin = readValue(optionalCount(minTyped, ""));
    const sizePack = readValue(optionalCount(packTyped, ""));
    if (label === "") problem("sizeLabel", "Every size needs a label, like 250 ml.");
    else if (label.length > 60) problem("sizeLabel", `Keep the size "${label.slice(0, 20)}…" to 60 characters.`);
    else if (labels.has(label.toLowerCase())) problem("sizeLabel", `The size "${label}" is listed twice.`);
    else if (stock === null && stockTyped.trim() !== "") {
      problem("sizeStock", `Enter the stock of "${label}" as a whole number, or leave it empty.`);
    } else if ((sizeMin === null && minTyped.trim() !== "") || (sizePack === null && packTyped.trim() !== "")) {
      problem("sizeMin", `Enter the minimum and pack of "${label}" as whole numbers from 1, or leave them empty.`);
    } else {
      labels.add(label.toLowerCase());
      sizes.push({ label, inventory: trackInventory ? stock : null, minOrderQty: sizeMin, packOf: sizePack });
    }
  }
  // A size with its own pack must reach the price tiers too.
  for (const size of sizes) {
    if (size.minOrderQty === null && size.packOf === null) continue;
    const units = { minQty: size.minOrderQty ?? minOrderQty, packOf: size.packOf ?? packOf };
    for (const [field, tierQty, tier] of [
      ["saleQty2", qty2, "Tier 2"],
      ["saleQty3", qty3, "Tier 3"],
    ] as const) {
      const unreachable = tierQty === null ? null : tierQuantityProblem(tierQty, units);
      if (unreachable) problem(field, `${tier} ${unreachable} for size ${size.label}.`);
    }
  }
  if (trackInventory && inventory === null && sizes.every((size) => size.inventory === null) && !fields.inventory) {
    problem("inventory", "Enter the units in stock, or untick Count stock.");
  }
  if (sizes.length > MAX_SIZES) problem("sizeLabel", `A product has at most ${MAX_SIZES} sizes.`);

  const photos: string[] = [];
  const photoAlts: string[] = [];
  for (const [index, typed] of form.photo.entries()) {
    const photo = typed.trim();
    const alt = (form.photoAlt[index] ?? "").trim();
    if (photo === "") continue;
    if (!PHOTO.test(photo)) problem("photo", "A photo is an uploaded file or an https:// link.");
    else if (alt.length > 300) problem("photoAlt", "Keep each photo's description to 300 characters.");
    else {
      photos.push(photo);
      photoAlts.push(alt === "" ? name : alt);
    }
  }
  if (photos.length > MAX_PHOTOS) problem("photo", `A product has at most ${MAX_PHOTOS} photos.`);

  if (Object.keys(fields).length > 0) return { ok: false, fields };

  // The catalogue's own rules, as an import would apply them; the sentences above come first.
  const checked = productInputSchema.safeParse({
    name,
    slug,
    description,
    photos,
    photoAlts,
    mrp,
    salePrice1: price1,
    salePrice2: price2,
    saleQty2: qty2,
    salePrice3: price3,
    saleQty3: qty3,
    minOrderQty,
    packOf,
    vegType: vegType === "" ? null : vegType,
    packSize,
    inventory: trackInventory && sizes.every((size) => size.inventory === null) ? inventory : null,
    trackInventory,
    sizes,
    sku,
    hsnCode,
    gstRate,
    active: form.active === "on",
  });
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const path = String(issue.path[0] ?? "name");
      problem(FIELD_OF_PATH[path] ?? path, `${path} ${issue.message}`);
    }
    return { ok: false, fields };
  }
  // A product whose sizes hold the stock counts their sum as its own.
  const sizeStock = sizes.filter((size) => size.inventory !== null);
  const product = {
    ...checked.data,
    slug,
    inventory:
      trackInventory && sizeStock.length > 0
        ? sizeStock.reduce((sum, size) => sum + (size.inventory ?? 0), 0)
        : checked.data.inventory,
  };
  return { ok: true, value: { product, categoryId, subCategoryId, brandId } };
}
