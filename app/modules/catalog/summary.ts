import { type OrderUnits, orderUnits } from "../cart/packs";
import type { Paise } from "../money/types";
import { baseUnitPrice, type PriceFields, percentOff, quantityTiers, type Tier } from "../pricing/rules";
import { maxPurchasable, type StockState, stockState, type VegMarker, vegMarker } from "./rules";

/** Products as pages use them: plain objects, shaped here and nowhere else. */
export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  photoAlt: string;
  mrp: Paise | null;
  price: Paise;
  percentOff: number;
  tiers: Tier[];
  veg: VegMarker | null;
  stock: StockState;
  /** The most a shopper may buy: the inventory, or 9999 when it is not counted. */
  maxQty: number;
  packSize: string | null;
  sku: string | null;
  /** Sold in sizes: the shopper picks one on the product page. */
  hasSizes: boolean;
  /** A minimum or a pack (issue 59); absent when sold singly from 1, which keeps pages small. */
  units?: OrderUnits;
}

export interface SummaryRow extends PriceFields {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  photoAlt: string | null;
  vegType: string | null;
  inventory: number | null;
  trackInventory: boolean;
  packSizeValue: number | null;
  packSizeUnit: string | null;
  sku: string | null;
  hasSizes: boolean;
  minOrderQty: number;
  packOf: number;
}

export function toSummary(row: SummaryRow): ProductSummary {
  const price = baseUnitPrice(row);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    photo: row.photo ?? null,
    photoAlt: row.photoAlt ?? row.name,
    mrp: row.mrp,
    price,
    percentOff: percentOff(row.mrp, price),
    tiers: quantityTiers(row),
    veg: vegMarker(row.vegType),
    stock: stockState(row.inventory, row.trackInventory),
    maxQty: maxPurchasable(row.inventory, row.trackInventory),
    packSize: row.packSizeValue !== null && row.packSizeUnit ? `${row.packSizeValue} ${row.packSizeUnit}` : null,
    sku: row.sku,
    hasSizes: Boolean(row.hasSizes),
    ...(row.minOrderQty > 1 || row.packOf > 1
      ? { units: orderUnits({ minQty: row.minOrderQty, packOf: row.packOf }) }
      : {}),
  };
}
