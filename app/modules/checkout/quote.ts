import { type OrderUnits, orderUnits, quantityProblem } from "../cart/packs";
import { type CartLineMeta, cartLineId } from "../cart/rules";
import { formatINR } from "../money/format";
import type { Paise } from "../money/types";
import { baseUnitPrice, type PriceFields, quantityTiers, tierUnitPrice } from "../pricing/rules";
import {
  type PincodeBandRates,
  type PincodeStatus,
  pincodeStatus,
  quoteShipping,
  type ShippingQuote,
} from "../shipping/rules";
import type { StoreShipping } from "../store/settings";
import { amountAfterDiscount, applyCoupon, type CouponRule, grandTotal, type INVALID_COUPON_MESSAGE } from "./coupons";
import type { RequestedLine } from "./order-request";

/**
 * Prices a cart from the database's facts (spec sections 4, 5 and 9): tier unit prices, stock,
 * coupon, shipping and totals. Pure, so the cart page, the checkout summary and order
 * placement all reach the same numbers, and the rules are unit-tested with the spec's figures.
 */

export interface ProductFacts extends PriceFields {
  id: string;
  slug: string;
  name: string;
  photo: string | null;
  sku: string | null;
  active: boolean;
  trackInventory: boolean;
  /** Units for sale; null when not counted. */
  inventory: number | null;
  /** Each size's stock, and its own minimum and pack where they differ from the product's. */
  sizes: ReadonlyArray<{
    label: string;
    inventory: number | null;
    minOrderQty?: number | null;
    packOf?: number | null;
  }>;
  /** The fewest units a line may have, and the pack it is sold in (issue 59). */
  minOrderQty: number;
  packOf: number;
}

export type LineProblemKind =
  | "unavailable"
  | "sold-out"
  | "insufficient-stock"
  | "price-changed"
  | "choose-size"
  | "order-units";

export interface LineProblem {
  /** Index into the request's lines. */
  line: number;
  productId: string;
  kind: LineProblemKind;
  message: string;
  /** Units that can still be bought (for stock problems). */
  available?: number;
  /** The current unit price (for price changes). */
  unitPrice?: Paise;
}

export interface QuotedLine {
  /** The cart's line identity. */
  id: string;
  productId: string;
  slug: string;
  name: string;
  photo: string | null;
  sku: string | null;
  size: string | null;
  setSizes: string[];
  qty: number;
  unitPrice: Paise;
  total: Paise;
  /** What the shopper may still buy of this line; null when stock is not counted. */
  maxQty: number | null;
  /** Today's price breaks, for the browser's cart to reprice itself. */
  meta: CartLineMeta;
}

/** The minimum and pack of a line: its size's own, else the product's (issue 59). */
export function unitsOf(
  product: Pick<ProductFacts, "minOrderQty" | "packOf" | "sizes">,
  size: string | null,
): OrderUnits {
  const own = size === null ? undefined : product.sizes.find((s) => s.label === size);
  return orderUnits({ minQty: own?.minOrderQty ?? product.minOrderQty, packOf: own?.packOf ?? product.packOf });
}

/** A product's price breaks as a cart line keeps them, with the line's minimum and pack. */
export function cartMetaFor(product: ProductFacts, size: string | null = null): CartLineMeta {
  const [second, third] = quantityTiers(product);
  const units = unitsOf(product, size);
  return {
    productId: product.id,
    baseUnitPrice: baseUnitPrice(product),
    salePrice2: second?.unitPrice ?? null,
    saleQty2: second?.minQty ?? null,
    salePrice3: third?.unitPrice ?? null,
    saleQty3: third?.minQty ?? null,
    ...(units.minQty > 1 || units.packOf > 1 ? { minQty: units.minQty, packOf: units.packOf } : {}),
  };
}

export interface CartQuote {
  lines: QuotedLine[];
  problems: LineProblem[];
  subtotal: Paise;
  coupon: { code: string; discount: Paise } | null;
  /** Set when a coupon was entered and does not apply. */
  couponError: typeof INVALID_COUPON_MESSAGE | null;
  discount: Paise;
  shipping: ShippingQuote;
  grandTotal: Paise;
  pincodeStatus: PincodeStatus;
  itemCount: number;
}

export interface QuoteInput {
  lines: readonly RequestedLine[];
  products: ReadonlyMap<string, ProductFacts>;
  coupon: string;
  /** The store's coupon of the code typed (null: it has none); not needed without a code. */
  couponRule?: CouponRule | null;
  /** The time coupons are checked at. */
  now?: Date;
  pincode: string;
  shipping: StoreShipping | null;
  rate: PincodeBandRates | null;
}

/** Units of a product (or of one of its sizes) a cart may take; null when not counted. */
export function stockLimit(product: ProductFacts, size: string | null): number | null {
  if (!product.trackInventory) return null;
  if (size !== null) {
    const entry = product.sizes.find((s) => s.label === size);
    if (entry && entry.inventory !== null) return Math.max(0, entry.inventory);
  }
  return product.inventory === null ? null : Math.max(0, product.inventory);
}

/** How a line is named in a message: 'Tea Cup (250 ml)'. */
export function lineLabel(name: string, size: string | null, setSizes: readonly string[] = []): string {
  const detail = [size, ...setSizes].filter((s): s is string => Boolean(s));
  return detail.length > 0 ? `${name} (${detail.join(", ")})` : name;
}

export const LINE_MESSAGES = {
  unavailable: (name: string) => `${name} is no longer available. Please remove it from your cart.`,
  unknown: "An item in your cart is no longer sold. Please remove it from your cart.",
  soldOut: (name: string) => `${name} is sold out. Please remove it from your cart.`,
  insufficient: (name: string, available: number) =>
    `Only ${available} of ${name} ${available === 1 ? "is" : "are"} left. Please lower the quantity.`,
  priceChanged: (name: string, was: Paise, now: Paise) =>
    `The price of ${name} has changed from ${formatINR(was)} to ${formatINR(now)} each.`,
  chooseSize: (name: string) => `Please choose a size for ${name}.`,
} as const;

/** Units a cart asks of one product: in all, and of each of its sizes. */
export interface StockDemand {
  total: number;
  sizes: Map<string, number>;
}

/** Lines of one product draw on the same stock: their quantities are summed first. */
export function stockDemand(lines: readonly Pick<RequestedLine, "productId" | "size" | "setSizes" | "qty">[]) {
  const demand = new Map<string, StockDemand>();
  for (const line of lines) {
    const entry = demand.get(line.productId) ?? { total: 0, sizes: new Map<string, number>() };
    entry.total += line.qty;
    for (const size of sizesOf(line)) entry.sizes.set(size, (entry.sizes.get(size) ?? 0) + line.qty);
    demand.set(line.productId, entry);
  }
  return demand;
}

export function quoteCart(input: QuoteInput): CartQuote {
  const lines: QuotedLine[] = [];
  const problems: LineProblem[] = [];

  const demand = stockDemand(input.lines);

  input.lines.forEach((line, index) => {
    const product = input.products.get(line.productId);
    if (!product?.active) {
      problems.push({
        line: index,
        productId: line.productId,
        kind: "unavailable",
        message: product ? LINE_MESSAGES.unavailable(product.name) : LINE_MESSAGES.unknown,
      });
      return;
    }
    const label = lineLabel(product.name, line.size, line.setSizes);
    const sizeProblem = checkSizes(product, line);
    if (sizeProblem) {
      problems.push({
        line: index,
        productId: line.productId,
        kind: "choose-size",
        message: LINE_MESSAGES.chooseSize(product.name),
      });
      return;
    }
    // A minimum or a pack the quantity does not keep (a cart made before the shop set them, or a
    // request written by hand) is named with the quantity to order instead.
    const unitsProblem = quantityProblem(label, line.qty, unitsOf(product, line.size));
    if (unitsProblem) {
      problems.push({ line: index, productId: product.id, kind: "order-units", message: unitsProblem });
    }
    const unitPrice = tierUnitPrice(product, line.qty);
    const limits = [null, ...sizesOf(line)].map((size) => ({
      limit: stockLimit(product, size),
      wanted: (size === null ? demand.get(product.id)?.total : demand.get(product.id)?.sizes.get(size)) ?? line.qty,
    }));
    const counted = limits.filter((l): l is { limit: number; wanted: number } => l.limit !== null);
    const maxQty = counted.length > 0 ? Math.min(...counted.map((l) => l.limit)) : null;
    const short = counted.find((l) => l.wanted > l.limit);
    if (short) {
      const available = Math.max(0, short.limit - (short.wanted - line.qty));
      problems.push(
        available === 0
          ? { line: index, productId: product.id, kind: "sold-out", message: LINE_MESSAGES.soldOut(label), available }
          : {
              line: index,
              productId: product.id,
              kind: "insufficient-stock",
              message: LINE_MESSAGES.insufficient(label, available),
              available,
            },
      );
    }
    if (line.expectedUnitPrice !== undefined && line.expectedUnitPrice !== unitPrice) {
      problems.push({
        line: index,
        productId: product.id,
        kind: "price-changed",
        message: LINE_MESSAGES.priceChanged(label, line.expectedUnitPrice, unitPrice),
        unitPrice,
      });
    }
    lines.push({
      id: cartLineId(product.id, line.size, line.setSizes),
      productId: product.id,
      slug: product.slug,
      name: product.name,
      photo: product.photo,
      sku: product.sku,
      size: line.size,
      setSizes: [...line.setSizes].sort(),
      qty: line.qty,
      unitPrice,
      total: unitPrice * line.qty,
      maxQty,
      meta: cartMetaFor(product, line.size),
    });
  });

  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const itemCount = lines.reduce((sum, l) => sum + l.qty, 0);
  let coupon: CartQuote["coupon"] = null;
  let couponError: CartQuote["couponError"] = null;
  if (input.coupon !== "") {
    const applied = applyCoupon(input.coupon, subtotal, input.couponRule ?? null, input.now);
    if (applied.ok) coupon = { code: applied.code, discount: applied.discount };
    else couponError = applied.message;
  }
  const discount = coupon?.discount ?? 0;
  const shipping = quoteShipping({
    settings: input.shipping,
    pincode: input.pincode,
    rate: input.rate,
    amountAfterDiscount: amountAfterDiscount(subtotal, discount),
    itemCount,
  });
  return {
    lines,
    problems,
    subtotal,
    coupon,
    couponError,
    discount,
    shipping,
    grandTotal: grandTotal(subtotal, discount, shipping.amount),
    pincodeStatus: pincodeStatus(input.pincode, input.shipping, input.rate),
    itemCount,
  };
}

/** The sizes a line draws stock from: its size, and each size of a set. */
export function sizesOf(line: Pick<RequestedLine, "size" | "setSizes">): string[] {
  const all = [line.size, ...line.setSizes].filter((s): s is string => s !== null && s !== "");
  return [...new Set(all)];
}

/** A product with sizes needs a known size; one without sizes takes none. */
function checkSizes(product: ProductFacts, line: RequestedLine): boolean {
  const known = new Set(product.sizes.map((s) => s.label));
  const asked = sizesOf(line);
  if (known.size === 0) return asked.length > 0;
  if (asked.length === 0) return true;
  return asked.some((s) => !known.has(s));
}
