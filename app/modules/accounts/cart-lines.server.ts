import type { Db } from "../../db/client.server";
import { fitQuantity, orderUnits } from "../cart/packs";
import { loadProductFacts } from "../checkout/facts.server";
import { type QuotedLine, quoteCart, unitsOf } from "../checkout/quote";

/** A line to put back in the cart: what was ordered or listed, by product (null when it is gone). */
export interface WantedLine {
  productId: string | null;
  size: string | null;
  setSizes: string[];
  qty: number;
  name: string;
}

export interface CartLinesNow {
  /** Lines for the browser's cart, at today's prices and within today's stock. */
  lines: QuotedLine[];
  /** What could not be added, each with why: "Amul Butter 500 g (sold out)". */
  leftOut: string[];
}

/**
 * Lines of a past order or a list as the cart can take them today (issue 59): each at today's
 * price, its quantity fitted to today's minimum and pack, and lowered to the stock left; what is
 * no longer sold or sold out is named with the reason, never dropped without a word.
 */
export async function cartLinesNow(db: Db, storeId: string, wanted: readonly WantedLine[]): Promise<CartLinesNow> {
  const leftOut: string[] = [];
  const known = wanted.filter((line): line is WantedLine & { productId: string } => {
    if (line.productId) return true;
    leftOut.push(`${line.name} (no longer sold)`);
    return false;
  });
  const facts = await loadProductFacts(
    db,
    storeId,
    known.map((line) => line.productId),
  );
  const fitted = known.map((line) => {
    const product = facts.get(line.productId);
    const units = product ? unitsOf(product, line.size) : orderUnits({});
    return { ...line, qty: fitQuantity(line.qty, units) };
  });
  // First pass: what is sold at all, and how much is left of each.
  const first = quoteCart({ lines: fitted, products: facts, coupon: "", pincode: "", shipping: null, rate: null });
  const adjusted = fitted.flatMap((line, index) => {
    const problem = first.problems.find((p) => p.line === index && p.kind !== "price-changed");
    if (!problem) return [line];
    const left = problem.available ?? 0;
    if (left > 0 && problem.kind === "insufficient-stock") {
      const product = facts.get(line.productId);
      const units = product ? unitsOf(product, line.size) : orderUnits({});
      // The most whole packs the stock holds, when that reaches the minimum.
      const packs = Math.floor(left / units.packOf) * units.packOf;
      if (packs >= units.minQty && packs > 0) {
        leftOut.push(`${line.name} (only ${packs} of ${line.qty} in stock)`);
        return [{ ...line, qty: packs }];
      }
    }
    leftOut.push(
      `${line.name} (${problem.kind === "sold-out" || problem.kind === "insufficient-stock" ? "sold out" : "no longer sold"})`,
    );
    return [];
  });
  const quote = quoteCart({ lines: adjusted, products: facts, coupon: "", pincode: "", shipping: null, rate: null });
  const lines = quote.lines.filter(
    (_, index) => !quote.problems.some((p) => p.line === index && p.kind !== "price-changed"),
  );
  return { lines, leftOut };
}
