import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { orderRulesSchema } from "../../db/json-columns";
import { stores } from "../../db/schema";
import { LOW_STOCK_THRESHOLD } from "../catalog/rules";
import type { Store } from "../store/store.server";
import { type Actor, writeAudit } from "./fulfilment.server";

/** The count at or below which the console calls a product's stock low (issue 56). */
export function lowStockOf(store: Pick<Store, "orderRules">): number {
  return store.orderRules.lowStockAt ?? LOW_STOCK_THRESHOLD;
}

/**
 * Sets one of the store's order rules (issue 56's low-stock level, issue 59's amount for quotes),
 * keeping the others as they are, with the change in the audit log.
 */
export async function saveOrderRule(
  db: Db,
  actor: Actor,
  rule: "lowStockAt" | "quoteAbove",
  value: number,
  action: string,
): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ orderRules: stores.orderRules })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    const before = orderRulesSchema.parse(row?.orderRules ?? {});
    await tx
      .update(stores)
      .set({ orderRules: { ...before, [rule]: value } })
      .where(eq(stores.id, actor.member.storeId));
    await writeAudit(tx, actor, {
      action,
      entity: "setting",
      entityId: "orderRules",
      before: { [rule]: before[rule] },
      after: { [rule]: value },
    });
  });
}

/** Sets the store's low-stock level; the other rules of orders are kept as they are. */
export function saveLowStock(db: Db, actor: Actor, lowStockAt: number): Promise<void> {
  return saveOrderRule(db, actor, "lowStockAt", lowStockAt, "settings.low-stock");
}
