import { z } from "zod";
import { tierQuantityProblem } from "../cart/packs";
import { ratePercentProblem } from "../invoices/tax";
import { formatINR } from "../money/format";

/**
 * The catalogue as it enters the store: from the demo factories, a shop's CSV or JSON file.
 * Money is in paise here; files are written in rupees and converted when parsed.
 * One validation for every source, so the demo seed can never hold what an import refuses.
 */

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
}

const name = z.string().trim().min(1, "is required").max(200, "is longer than 200 characters");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `is longer than ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);
const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case letters, digits and dashes, e.g. amul-butter-500-g")
  .max(120, "is longer than 120 characters");
const paise = z.number().int("must be whole paise").min(0, "cannot be negative").max(10_000_000_00, "is too large");
const quantity = z.number().int("must be a whole number").min(1, "must be at least 1").max(100_000, "is too large");
const url = z
  .string()
  .trim()
  .max(2000, "is longer than 2000 characters")
  .refine((v) => /^(https?:\/\/|\/)/.test(v), "must be an http(s) URL or a path starting with /");

export const PACK_UNITS = ["g", "kg", "ml", "L", "pc", "m"] as const;

/** A product's HSN code, or its category's default for its products (issue 58). */
const hsnCode = z
  .string()
  .trim()
  .regex(/^(\d{4}|\d{6}|\d{8})?$/, "must be 4, 6 or 8 digits")
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .default(null);
/** A GST rate in percent; the store's own list of rates is checked when it is written. */
const gstRate = z
  .number()
  .refine((r) => ratePercentProblem(r) === null, "must be a percentage from 0 to 100, like 5 or 0.25")
  .nullable()
  .default(null);

export const categoryInputSchema = z.object({
  name,
  slug: slug.optional(),
  /** Name or slug of the parent category, for a sub-category. */
  parent: optionalText(200),
  logo: url.nullable().default(null),
  position: z.number().int().min(0).default(0),
  /** The HSN code and GST rate of its products that name none. */
  hsnCode,
  gstRate,
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const brandInputSchema = z.object({
  name,
  slug: slug.optional(),
  logo: url.nullable().default(null),
});
export type BrandInput = z.input<typeof brandInputSchema>;

export const productInputSchema = z
  .object({
    name,
    slug: slug.optional(),
    description: z.string().trim().max(10_000, "is longer than 10,000 characters").default(""),
    photos: z.array(url).max(12, "has more than 12 photos").default([]),
    photoAlts: z.array(z.string().trim().max(300)).default([]),
    mrp: paise.nullable().default(null),
    salePrice1: paise.nullable().default(null),
    salePrice2: paise.nullable().default(null),
    saleQty2: quantity.nullable().default(null),
    salePrice3: paise.nullable().default(null),
    saleQty3: quantity.nullable().default(null),
    /** The fewest units one order line may have, and the pack units are sold in (issue 59). */
    minOrderQty: quantity.default(1),
    packOf: quantity.default(1),
    vegType: optionalText(40),
    packSize: z
      .object({ value: z.number().positive("must be above 0").max(100_000), unit: z.enum(PACK_UNITS) })
      .nullable()
      .default(null),
    inventory: z
      .number()
      .int("must be a whole number")
      .min(0, "cannot be negative")
      .max(10_000_000)
      .nullable()
      .default(null),
    trackInventory: z.boolean().default(false),
    sizes: z
      .array(
        z.object({
          label: z.string().trim().min(1, "needs a label").max(60),
          inventory: z.number().int().min(0).nullable().default(null),
          /** This size's own minimum and pack (a case of 6 litres, a single 20 litre can); null: the product's. */
          minOrderQty: quantity.nullable().default(null),
          packOf: quantity.nullable().default(null),
        }),
      )
      .max(30)
      .default([]),
    /** Category and sub-category by name or slug; created when missing. */
    category: optionalText(200),
    subCategory: optionalText(200),
    /** Brand by name or slug; created when missing. */
    brand: optionalText(200),
    sku: optionalText(64),
    hsnCode,
    gstRate,
    active: z.boolean().default(true),
    createdAt: z.date().optional(),
  })
  .superRefine((p, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (p.mrp === null && p.salePrice1 === null) problem("mrp", "needs a value (or give sale_price1)");
    const cap = p.mrp;
    if (cap !== null) {
      // Selling above the printed MRP is not allowed in India (Legal Metrology rules).
      for (const key of ["salePrice1", "salePrice2", "salePrice3"] as const) {
        const price = p[key];
        if (price !== null && price > cap) {
          problem(key, `(${formatINR(price)}) is above the MRP (${formatINR(cap)})`);
        }
      }
    }
    if ((p.salePrice2 === null) !== (p.saleQty2 === null)) {
      problem("saleQty2", "and salePrice2 go together: give both or neither");
    }
    if ((p.salePrice3 === null) !== (p.saleQty3 === null)) {
      problem("saleQty3", "and salePrice3 go together: give both or neither");
    }
    if (p.saleQty2 !== null && p.saleQty3 !== null && p.saleQty3 <= p.saleQty2) {
      problem("saleQty3", "must be more than saleQty2");
    }
    for (const key of ["saleQty2", "saleQty3"] as const) {
      const tier = p[key];
      const unreachable = tier === null ? null : tierQuantityProblem(tier, { minQty: p.minOrderQty, packOf: p.packOf });
      if (unreachable) problem(key, unreachable);
      // A size sold in packs of its own must reach the tier too.
      for (const size of p.sizes) {
        if (tier === null || (size.minOrderQty === null && size.packOf === null)) continue;
        const units = { minQty: size.minOrderQty ?? p.minOrderQty, packOf: size.packOf ?? p.packOf };
        const sized = tierQuantityProblem(tier, units);
        if (sized) problem(key, `${sized} for size ${size.label}`);
      }
    }
    if (p.subCategory !== null && p.category === null) problem("subCategory", "needs a category");
    const labels = new Set<string>();
    for (const size of p.sizes) {
      const key = size.label.toLowerCase();
      if (labels.has(key)) problem("sizes", `lists "${size.label}" twice`);
      labels.add(key);
    }
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ValidProduct = z.output<typeof productInputSchema>;

export interface CatalogueInput {
  categories?: CategoryInput[];
  brands?: BrandInput[];
  products: ProductInput[];
}

export interface ValidCatalogue {
  categories: z.output<typeof categoryInputSchema>[];
  brands: z.output<typeof brandInputSchema>[];
  products: ValidProduct[];
}

/** One problem in an imported file, located by its line (CSV) or its position (JSON). */
export interface RowError {
  where: string;
  message: string;
}

export class CatalogueValidationError extends Error {
  override name = "CatalogueValidationError";
  constructor(readonly errors: RowError[]) {
    super(
      `${errors.length} problem${errors.length === 1 ? "" : "s"} in the catalogue:\n${errors.map((e) => `  ${e.where}: ${e.message}`).join("\n")}`,
    );
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => {
    const field = i.path.join(".");
    let message = i.message;
    if (i.code === "invalid_type") {
      // Zod's own words ("Invalid input: expected string") read badly to a shop owner.
      message =
        i.input === undefined || i.input === null
          ? "is required"
          : `must be ${i.expected === "array" ? "a list" : `a ${i.expected}`}`;
    }
    return field ? `${field} ${message}` : message;
  });
}

/**
 * Validates a whole catalogue. `where` names an entry for messages (a CSV line number, a
 * JSON path). Checks every row and returns every problem; nothing is written on error.
 */
export function validateCatalogue(
  input: CatalogueInput,
  where: {
    category?: (index: number) => string;
    brand?: (index: number) => string;
    product?: (index: number) => string;
  } = {},
): ValidCatalogue {
  const errors: RowError[] = [];
  const at = (kind: "category" | "brand" | "product", i: number) => where[kind]?.(i) ?? `${kind} ${i + 1}`;
  const out: ValidCatalogue = { categories: [], brands: [], products: [] };

  (input.categories ?? []).forEach((c, i) => {
    const r = categoryInputSchema.safeParse(c);
    if (r.success) out.categories.push(r.data);
    else for (const m of describeIssues(r.error)) errors.push({ where: at("category", i), message: m });
  });
  (input.brands ?? []).forEach((b, i) => {
    const r = brandInputSchema.safeParse(b);
    if (r.success) out.brands.push(r.data);
    else for (const m of describeIssues(r.error)) errors.push({ where: at("brand", i), message: m });
  });

  const seenSlugs = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  input.products.forEach((p, i) => {
    const r = productInputSchema.safeParse(p);
    if (!r.success) {
      for (const m of describeIssues(r.error)) errors.push({ where: at("product", i), message: m });
      return;
    }
    const product = r.data;
    const productSlug = product.slug ?? slugify(product.name);
    const firstSlug = seenSlugs.get(productSlug);
    if (firstSlug !== undefined) {
      errors.push({
        where: at("product", i),
        message: `slug "${productSlug}" is already used by ${at("product", firstSlug)}`,
      });
    } else seenSlugs.set(productSlug, i);
    if (product.sku !== null) {
      const firstSku = seenSkus.get(product.sku);
      if (firstSku !== undefined) {
        errors.push({
          where: at("product", i),
          message: `sku "${product.sku}" is already used by ${at("product", firstSku)}`,
        });
      } else seenSkus.set(product.sku, i);
    }
    out.products.push({ ...product, slug: productSlug });
  });

  if (input.products.length === 0 && (input.categories ?? []).length === 0 && (input.brands ?? []).length === 0) {
    errors.push({ where: "file", message: "holds no products, categories or brands" });
  }
  if (errors.length > 0) throw new CatalogueValidationError(errors);
  return out;
}
