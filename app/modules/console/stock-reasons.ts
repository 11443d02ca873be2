import type { stockMovements } from "../../db/schema";

export type StockReason = (typeof stockMovements.$inferSelect)["reason"];

/** Why stock moved, in the words the stock ledger and an order's records show. */
export const STOCK_REASONS: Record<StockReason, string> = {
  order: "Ordered",
  released: "Given back",
  retaken: "Taken again on payment",
  import: "Import",
  hand: "By hand",
  count: "Count set",
  received: "Received",
};
