import type { OrderUnits } from "../cart/packs";
import type { NewCartLine } from "../cart/rules";
import type { Paise } from "../money/types";
import type { Tier } from "../pricing/rules";

/** What a product card or page knows about a product, enough to put it in the cart. */
export interface CartableProduct {
  id: string;
  name: string;
  photo: string | null;
  price: Paise;
  tiers: Tier[];
  sku: string | null;
  /** A minimum and a pack (issue 59); absent when sold singly from 1. */
  units?: OrderUnits;
}

/** The cart line for a product (in a size, for one sold in sizes): its tiers become the line's price breaks. */
export function cartItemFor(p: CartableProduct, size: string | null = null): NewCartLine {
  const [second, third] = p.tiers;
  return {
    name: p.name,
    photo: p.photo,
    sku: p.sku,
    size,
    isSet: false,
    setSizes: [],
    meta: {
      productId: p.id,
      baseUnitPrice: p.price,
      salePrice2: second?.unitPrice ?? null,
      saleQty2: second?.minQty ?? null,
      salePrice3: third?.unitPrice ?? null,
      saleQty3: third?.minQty ?? null,
      ...(p.units && (p.units.minQty > 1 || p.units.packOf > 1)
        ? { minQty: p.units.minQty, packOf: p.units.packOf }
        : {}),
    },
  };
}
