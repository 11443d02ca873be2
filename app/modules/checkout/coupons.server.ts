import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { coupons, couponUses } from "../../db/schema";
import { type CouponRule, normaliseCouponCode } from "./coupons";

/**
 * A store's coupons as checkout reads and takes them (issue 56, ADR 0064). The cart and the
 * checkout read the coupon of the code typed; placing the order takes one of its uses in the
 * order's own transaction, first thing: the coupon's row is locked from then until the order
 * commits or rolls back, so of two shoppers after its last use one gets it and the other is
 * told the coupon no longer applies, and an order that is not placed gives its use back.
 */

export async function findCoupon(db: Db, storeId: string, typed: string): Promise<CouponRule | null> {
  const code = normaliseCouponCode(typed);
  if (code === "" || code.length > 40) return null;
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.code, code)));
  return row ?? null;
}

/**
 * Takes one use of the coupon for an order to `phone`, or answers false when its uses (or this
 * phone's) are spent. Run it first in the order's transaction: it holds the coupon's row.
 */
export async function takeCouponUse(tx: Tx, couponId: string, phone: string): Promise<boolean> {
  const [taken] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`,
      ),
    )
    .returning({ perCustomer: coupons.perCustomer });
  if (!taken) return false;
  if (taken.perCustomer === null) return true;
  // This phone's count, taken the same way: its row is locked until the order ends.
  const [mine] = await tx
    .insert(couponUses)
    .values({ couponId, phone, uses: 1 })
    .onConflictDoUpdate({
      target: [couponUses.couponId, couponUses.phone],
      set: { uses: sql`${couponUses.uses} + 1` },
      setWhere: sql`${couponUses.uses} < ${taken.perCustomer}`,
    })
    .returning({ uses: couponUses.uses });
  return mine !== undefined;
}

/**
 * Gives back the use an order took of its coupon, when the order is cancelled or never paid
 * (`releaseOrderStock`, which runs once per order). The coupon is found by its code, as the order
 * keeps it; one deleted since has nothing to give back. Counts never go below zero.
 */
export async function giveBackCouponUse(tx: Tx, storeId: string, code: string, phone: string): Promise<void> {
  const [coupon] = await tx
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(and(eq(coupons.storeId, storeId), eq(coupons.code, code)))
    .returning({ id: coupons.id });
  if (!coupon) return;
  await tx
    .update(couponUses)
    .set({ uses: sql`greatest(${couponUses.uses} - 1, 0)` })
    .where(and(eq(couponUses.couponId, coupon.id), eq(couponUses.phone, phone)));
}
