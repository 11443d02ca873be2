import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { type StoreShipping, shippingSchema } from "../../db/json-columns";
import { pincodeRates, stores } from "../../db/schema";
import { lookupPincode } from "../india/pincodes.server";
import type { RateLine } from "../shipping/rate-lines";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * Delivery in the console (issue 56, owners): the store's shipping settings and its rates per
 * pincode, changed without SQL. Quotes read both from the database (the store's settings
 * within the few seconds each process remembers them), so a change reaches every process.
 */

const rupees = (label: string) =>
  z
    .string()
    .default("")
    .transform((typed, context) => {
      const text = typed.replace(/[₹,\s]/g, "");
      if (text === "") return 0;
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) {
        context.addIssue({ code: "custom", message: `Enter ${label} in rupees, like 99, or 0.` });
        return z.NEVER;
      }
      return Math.round(Number(text) * 100);
    });

export const shippingFormSchema = z.object({
  enabled: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  freeShippingThreshold: rupees("the amount from which delivery is free"),
  defaultRate: rupees("the default rate"),
  applyDefaultIfNoZone: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export async function saveShipping(db: Db, actor: Actor, shipping: StoreShipping): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ shipping: stores.shipping })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    const after = shippingSchema.parse(shipping);
    await tx.update(stores).set({ shipping: after }).where(eq(stores.id, actor.member.storeId));
    await writeAudit(tx, actor, {
      action: "settings.shipping",
      entity: "setting",
      entityId: "shipping",
      before: row?.shipping ?? null,
      after,
    });
  });
}

const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** Adds or changes the rates of the pincodes given, all or none. */
export async function saveRates(db: Db, actor: Actor, rates: readonly RateLine[]): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    for (let i = 0; i < rates.length; i += 1000) {
      await tx
        .insert(pincodeRates)
        .values(rates.slice(i, i + 1000).map((rate) => ({ storeId: actor.member.storeId, ...rate })))
        .onConflictDoUpdate({
          target: [pincodeRates.storeId, pincodeRates.pincode],
          set: {
            rateUpTo999: sqlExcluded("rate_up_to_999"),
            rate1000To4999: sqlExcluded("rate_1000_to_4999"),
            rateFrom5000: sqlExcluded("rate_from_5000"),
          },
        });
    }
    await writeAudit(tx, actor, {
      action: "settings.pincode-rates",
      entity: "setting",
      entityId: "pincode-rates",
      before: null,
      after: { pincodes: rates.length, first: rates.slice(0, 20) },
    });
  });
}

/** Stops delivering to a pincode; false when the store had no rates for it. */
export async function removeRate(db: Db, actor: Actor, pincode: string): Promise<boolean> {
  return transactionWithRetry(db, async (tx) => {
    const [removed] = await tx
      .delete(pincodeRates)
      .where(and(eq(pincodeRates.storeId, actor.member.storeId), eq(pincodeRates.pincode, pincode)))
      .returning();
    if (!removed) return false;
    await writeAudit(tx, actor, {
      action: "settings.pincode-remove",
      entity: "setting",
      entityId: pincode,
      before: removed,
      after: null,
    });
    return true;
  });
}

export const RATES_PAGE = 50;

/** A page of the store's pincodes from `from` on, each with its place from the offline directory. */
export async function listRates(db: Db, storeId: string, from: string) {
  const start = /^\d{1,6}$/.test(from) ? from : "";
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pincodeRates)
      .where(and(eq(pincodeRates.storeId, storeId), gte(pincodeRates.pincode, start)))
      .orderBy(asc(pincodeRates.pincode))
      .limit(RATES_PAGE + 1),
    db.select({ n: count() }).from(pincodeRates).where(eq(pincodeRates.storeId, storeId)),
  ]);
  return {
    total: total?.n ?? 0,
    rates: rows.slice(0, RATES_PAGE).map((row) => ({ ...row, place: placeOf(row.pincode) })),
    next: rows[RATES_PAGE]?.pincode ?? null,
  };
}

/** "Thane, Maharashtra", from the offline pincode directory; "" for a pincode it does not know. */
export function placeOf(pincode: string): string {
  const place = lookupPincode(pincode);
  return place ? [place.districts[0], place.states[0]].filter(Boolean).join(", ") : "";
}
