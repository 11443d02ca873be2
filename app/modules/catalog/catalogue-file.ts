import { parse } from "csv-parse/sync";
import {
  type BrandInput,
  type CatalogueInput,
  CatalogueValidationError,
  type CategoryInput,
  type PACK_UNITS,
  type ProductInput,
  type RowError,
  type ValidCatalogue,
  validateCatalogue,
} from "./catalogue-input";

/**
 * Reading a shop's catalogue files. CSV files are written the way a shop keeps its price list:
 * one product a row, prices in rupees, lists separated by '|'. The columns are documented in
 * docs/catalogue-import.md. Every problem is reported with its line; nothing is imported when
 * any row is wrong.
 */

type Cell = string | undefined;
type Row = Record<string, Cell>;

/** Header names compared without case, spaces, dashes or underscores: 'Sale Price 2' = salePrice2. */
function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const PRODUCT_COLUMNS: Record<string, string> = {
  name: "name",
  slug: "slug",
  description: "description",
  category: "category",
  subcategory: "subCategory",
  brand: "brand",
  brandname: "brand",
  sku: "sku",
  productid: "sku",
  mrp: "mrp",
  price: "salePrice1",
  saleprice: "salePrice1",
  saleprice1: "salePrice1",
  saleprice2: "salePrice2",
  saleqty2: "saleQty2",
  saleprice3: "salePrice3",
  saleqty3: "saleQty3",
  minorderqty: "minOrderQty",
  moq: "minOrderQty",
  packof: "packOf",
  packmultiple: "packOf",
  casepack: "packOf",
  vegtype: "vegType",
  packsize: "packSize",
  inventory: "inventory",
  stock: "inventory",
  trackinventory: "trackInventory",
  sizes: "sizes",
  photos: "photos",
  images: "photos",
  photoalts: "photoAlts",
  hsn: "hsnCode",
  hsncode: "hsnCode",
  gst: "gstRate",
  gstrate: "gstRate",
  active: "active",
  activestatus: "active",
};

const CATEGORY_COLUMNS: Record<string, string> = {
  name: "name",
  slug: "slug",
  parent: "parent",
  parentcategory: "parent",
  logo: "logo",
  image: "logo",
  position: "position",
  hsn: "hsnCode",
  hsncode: "hsnCode",
  gst: "gstRate",
  gstrate: "gstRate",
};

const BRAND_COLUMNS: Record<string, string> = { name: "name", slug: "slug", logo: "logo", image: "logo" };

class CellError extends Error {}

const blank = (v: Cell): v is undefined | "" => v === undefined || v.trim() === "";

/** '₹1,250.50' -> 125050 paise. */
export function parseRupees(v: Cell): number | null {
  if (blank(v)) return null;
  const cleaned = v.replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) throw new CellError(`"${v}" is not an amount in rupees (e.g. 450 or 450.50)`);
  const [whole = "0", fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function parseWhole(v: Cell): number | null {
  if (blank(v)) return null;
  const cleaned = v.replace(/[,\s]/g, "");
  if (!/^-?\d+$/.test(cleaned)) throw new CellError(`"${v}" is not a whole number`);
  return Number(cleaned);
}

function parseNumber(v: Cell): number | null {
  if (blank(v)) return null;
  const cleaned = v.replace(/[%\s]/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) throw new CellError(`"${v}" is not a number`);
  return Number(cleaned);
}

export function parseBoolean(v: Cell, fallback: boolean): boolean {
  if (blank(v)) return fallback;
  const t = v.trim().toLowerCase();
  if (["true", "yes", "y", "1"].includes(t)) return true;
  if (["false", "no", "n", "0"].includes(t)) return false;
  throw new CellError(`"${v}" is not yes or no`);
}

const UNIT_ALIASES: Record<string, (typeof PACK_UNITS)[number]> = {
  g: "g",
  gm: "g",
  gms: "g",
  gram: "g",
  grams: "g",
  kg: "kg",
  kgs: "kg",
  ml: "ml",
  l: "L",
  ltr: "L",
  litre: "L",
  liter: "L",
  pc: "pc",
  pcs: "pc",
  piece: "pc",
  pieces: "pc",
  nos: "pc",
  m: "m",
  mtr: "m",
};

/** '500 g', '1.5L', '12 pcs' -> { value, unit }. */
export function parsePackSize(v: Cell): { value: number; unit: (typeof PACK_UNITS)[number] } | null {
  if (blank(v)) return null;
  const match = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]+)$/.exec(v.trim());
  const unit = match?.[2] ? UNIT_ALIASES[match[2].toLowerCase()] : undefined;
  if (!match || !unit) throw new CellError(`"${v}" is not a pack size like 500 g, 1 kg, 1 L or 12 pc`);
  return { value: Number(match[1]), unit };
}

function parseList(v: Cell): string[] {
  if (blank(v)) return [];
  return v
    .split("|")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * '250 ml:40|500 ml:25' -> sizes with stock; a size without ':n' has unknown stock. A size sold
 * in its own minimum or pack says so after it: '1 L:40 (min 12, packs of 6)|20 L:5 (packs of 1)'.
 */
export function parseSizes(
  v: Cell,
): { label: string; inventory: number | null; minOrderQty: number | null; packOf: number | null }[] {
  return parseList(v).map((typed) => {
    let entry = typed;
    let minOrderQty: number | null = null;
    let packOf: number | null = null;
    const units = /\s*\(([^()]*)\)\s*$/.exec(entry);
    if (units?.[1] !== undefined) {
      for (const part of units[1].split(",").map((p) => p.trim().toLowerCase())) {
        const min = /^min(?:imum)?\s+(\d+)$/.exec(part);
        const pack = /^packs?\s+of\s+(\d+)$/.exec(part);
        if (min?.[1] && Number(min[1]) >= 1) minOrderQty = Number(min[1]);
        else if (pack?.[1] && Number(pack[1]) >= 1) packOf = Number(pack[1]);
        else throw new CellError(`size "${typed}" should end like "(min 12, packs of 6)"`);
      }
      entry = entry.slice(0, units.index).trim();
    }
    const cut = entry.lastIndexOf(":");
    if (cut === -1) return { label: entry, inventory: null, minOrderQty, packOf };
    const count = entry.slice(cut + 1).trim();
    if (!/^\d+$/.test(count)) throw new CellError(`size "${typed}" should look like "500 ml:25"`);
    return { label: entry.slice(0, cut).trim(), inventory: Number(count), minOrderQty, packOf };
  });
}

/** A size as the sizes column writes it: '1 L:40 (min 12, packs of 6)'. */
export function sizeCell(size: {
  label: string;
  inventory: number | null;
  minOrderQty: number | null;
  packOf: number | null;
}): string {
  const units = [
    size.minOrderQty !== null ? `min ${size.minOrderQty}` : "",
    size.packOf !== null ? `packs of ${size.packOf}` : "",
  ].filter(Boolean);
  return `${size.label}${size.inventory !== null ? `:${size.inventory}` : ""}${units.length > 0 ? ` (${units.join(", ")})` : ""}`;
}

function text(v: Cell): string {
  return v?.trim() ?? "";
}

function productFromRow(row: Row): ProductInput {
  const sizes = parseSizes(row.sizes);
  const inventory = parseWhole(row.inventory);
  const sizeStock = sizes.every((s) => s.inventory !== null) && sizes.length > 0;
  return {
    name: text(row.name),
    slug: blank(row.slug) ? undefined : text(row.slug),
    description: text(row.description),
    photos: parseList(row.photos),
    photoAlts: parseList(row.photoAlts),
    mrp: parseRupees(row.mrp),
    salePrice1: parseRupees(row.salePrice1),
    salePrice2: parseRupees(row.salePrice2),
    saleQty2: parseWhole(row.saleQty2),
    salePrice3: parseRupees(row.salePrice3),
    saleQty3: parseWhole(row.saleQty3),
    minOrderQty: parseWhole(row.minOrderQty) ?? 1,
    packOf: parseWhole(row.packOf) ?? 1,
    vegType: text(row.vegType),
    packSize: parsePackSize(row.packSize),
    // With stock per size, the product's stock is their sum.
    inventory: sizeStock ? sizes.reduce((sum, s) => sum + (s.inventory ?? 0), 0) : inventory,
    trackInventory: parseBoolean(row.trackInventory, inventory !== null || sizeStock),
    sizes,
    category: text(row.category),
    subCategory: text(row.subCategory),
    brand: text(row.brand),
    sku: text(row.sku),
    hsnCode: text(row.hsnCode),
    gstRate: parseNumber(row.gstRate),
    active: parseBoolean(row.active, true),
  };
}

interface ParsedCsv {
  rows: Row[];
  lines: number[];
}

/** Parses CSV text into rows keyed by canonical column names, remembering each row's line. */
function readCsv(textContent: string, columns: Record<string, string>, file: string, errors: RowError[]): ParsedCsv {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(textContent, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const e = error as Error & { lines?: number };
    errors.push({ where: `${file} line ${e.lines ?? "?"}`, message: `cannot be read as CSV: ${e.message}` });
    return { rows: [], lines: [] };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], lines: [] };
  const keys = header.record.map((h) => columns[headerKey(h)]);
  header.record.forEach((h, i) => {
    if (keys[i] === undefined && h.trim() !== "") {
      errors.push({
        where: `${file} line 1`,
        message: `unknown column "${h}" (known columns: ${[...new Set(Object.values(columns))].join(", ")})`,
      });
    }
  });
  if (!keys.includes("name")) errors.push({ where: `${file} line 1`, message: 'needs a "name" column' });
  const rows: Row[] = [];
  const lines: number[] = [];
  for (const { record, info } of body) {
    const row: Row = {};
    keys.forEach((key, i) => {
      if (key) row[key] = record[i];
    });
    rows.push(row);
    lines.push(info.lines);
  }
  return { rows, lines };
}

function convertRows<T>(
  parsed: ParsedCsv,
  convert: (row: Row) => T,
  file: string,
  errors: RowError[],
): { items: T[]; lines: number[] } {
  const items: T[] = [];
  const lines: number[] = [];
  parsed.rows.forEach((row, i) => {
    try {
      items.push(convert(row));
      lines.push(parsed.lines[i] ?? 0);
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      errors.push({ where: `${file} line ${parsed.lines[i]}`, message: error.message });
    }
  });
  return { items, lines };
}

export interface CatalogueFiles {
  products?: { name: string; text: string };
  categories?: { name: string; text: string };
  brands?: { name: string; text: string };
}

/** Reads CSV files into a validated catalogue, or throws every problem found. */
export function readCatalogueCsv(files: CatalogueFiles): ValidCatalogue {
  const errors: RowError[] = [];
  const read = <T>(
    file: { name: string; text: string } | undefined,
    columns: Record<string, string>,
    convert: (row: Row) => T,
  ) =>
    file
      ? convertRows(readCsv(file.text, columns, file.name, errors), convert, file.name, errors)
      : { items: [], lines: [] };

  const products = read(files.products, PRODUCT_COLUMNS, productFromRow);
  const categories = read(
    files.categories,
    CATEGORY_COLUMNS,
    (row): CategoryInput => ({
      name: text(row.name),
      slug: blank(row.slug) ? undefined : text(row.slug),
      parent: text(row.parent),
      logo: blank(row.logo) ? null : text(row.logo),
      position: parseWhole(row.position) ?? 0,
      hsnCode: text(row.hsnCode),
      gstRate: parseNumber(row.gstRate),
    }),
  );
  const brands = read(
    files.brands,
    BRAND_COLUMNS,
    (row): BrandInput => ({
      name: text(row.name),
      slug: blank(row.slug) ? undefined : text(row.slug),
      logo: blank(row.logo) ? null : text(row.logo),
    }),
  );

  let valid: ValidCatalogue | undefined;
  try {
    valid = validateCatalogue(
      { products: products.items, categories: categories.items, brands: brands.items },
      {
        product: (i) => `${files.products?.name} line ${products.lines[i]}`,
        category: (i) => `${files.categories?.name} line ${categories.lines[i]}`,
        brand: (i) => `${files.brands?.name} line ${brands.lines[i]}`,
      },
    );
  } catch (error) {
    if (!(error instanceof CatalogueValidationError)) throw error;
    errors.push(...error.errors);
  }
  if (errors.length > 0 || !valid) throw new CatalogueValidationError(errors);
  return valid;
}

/**
 * Reads a JSON catalogue: { categories?, brands?, products } with the field names of
 * catalogue-input.ts, except that prices are in rupees as in the CSV files.
 */
export function readCatalogueJson(name: string, textContent: string): ValidCatalogue {
  let data: unknown;
  try {
    data = JSON.parse(textContent);
  } catch (error) {
    throw new CatalogueValidationError([{ where: name, message: `is not valid JSON: ${(error as Error).message}` }]);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new CatalogueValidationError([{ where: name, message: "must hold an object with a products list" }]);
  }
  const doc = data as { products?: unknown; categories?: unknown; brands?: unknown };
  const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v : []);
  const rupeeFields = ["mrp", "salePrice1", "salePrice2", "salePrice3"] as const;
  const errors: RowError[] = [];
  const products = list(doc.products).map((p, i) => {
    const out: Record<string, unknown> = { ...p };
    for (const field of rupeeFields) {
      const v = p[field];
      if (typeof v === "number") out[field] = Math.round(v * 100);
      else if (typeof v === "string") {
        try {
          out[field] = parseRupees(v);
        } catch (error) {
          errors.push({ where: `${name} products[${i}]`, message: `${field} ${(error as Error).message}` });
        }
      }
    }
    if (typeof p.packSize === "string") {
      try {
        out.packSize = parsePackSize(p.packSize);
      } catch (error) {
        errors.push({ where: `${name} products[${i}]`, message: `packSize ${(error as Error).message}` });
      }
    }
    return out as ProductInput;
  });
  let valid: ValidCatalogue | undefined;
  try {
    valid = validateCatalogue(
      {
        products,
        categories: list(doc.categories) as CategoryInput[],
        brands: list(doc.brands) as BrandInput[],
      },
      {
        product: (i) => `${name} products[${i}]`,
        category: (i) => `${name} categories[${i}]`,
        brand: (i) => `${name} brands[${i}]`,
      },
    );
  } catch (error) {
    if (!(error instanceof CatalogueValidationError)) throw error;
    errors.push(...error.errors);
  }
  if (errors.length > 0 || !valid) throw new CatalogueValidationError(errors);
  return valid;
}

export type { CatalogueInput };
