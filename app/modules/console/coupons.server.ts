import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { isUniqueViolation, transactionWithRetry } from "../../db/errors.server";
import { isUuid } from "../../db/ids";
import { coupons } from "../../db/schema";
import type { CouponRule } from "../checkout/coupons";
import { indianDate, startOfIndianDay } from "../india/dates";
import { type Actor, writeAudit } from "./fulfilment.server";
import { formProblems, optionalCount, optionalRupees, plainNumber, type Read, readValue } from "./typed-values";

/** The fields a coupon form answered and their messages, when it does not parse. */
export const couponFormProblems = formProblems;

/**
 * The store's coupons in the console (issue 56, owners): each field checked with its own
 * message and nothing saved until all are right; every change in the audit log.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function optionalDate(typed: string): Read<string | null> {
  const text = typed.trim();
  if (text === "") return { value: null };
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text))
    ? { value: text }
    : { problem: "Enter a date, like 2026-12-31." };
}

/** Rupees off: 1 to 1,00,000. Percent off: above 0, at most 100, to two decimals (kept in basis points). */
function discountValue(kind: string, typed: string): Read<number> {
  const text = plainNumber(typed);
  const number = /^\d{1,6}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
  if (kind === "percent") {
    return number > 0 && number <= 100
      ? { value: Math.round(number * 100) }
      : { problem: "Enter the percent off, more than 0 and at most 100." };
  }
  return number >= 1 && number <= 1_00_000
    ? { value: Math.round(number * 100) }
    : { problem: "Enter the rupees off, from 1 to 1,00,000." };
}

const text = z.string().max(200).default("");

/**
 * The form as posted: every field is read, and every mistake named at its field at once, so
 * the owner fixes them in one go.
 */
export const couponFormSchema = z
  .object({
    code: text,
    kind: text,
    value: text,
    minSubtotal: text,
    maxDiscount: text,
    startsOn: text,
    endsOn: text,
    maxUses: text,
    perCustomer: text,
    active: text,
  })
  .transform((form, context) => {
    const code = form.code.trim().toUpperCase();
    const kind: "flat" | "percent" | null = form.kind === "flat" || form.kind === "percent" ? form.kind : null;
    const read = {
      code: /^[A-Z0-9]{3,20}$/.test(code)
        ? { value: code }
        : { problem: "Use 3 to 20 letters or digits, like DIWALI25." },
      kind: kind ? { value: kind } : { problem: "Choose rupees off or percent off." },
      value: discountValue(kind ?? "flat", form.value),
      minSubtotal: optionalRupees(
        form.minSubtotal,
        "Enter the minimum subtotal in rupees, like 999, or leave it empty.",
      ),
      maxDiscount: optionalRupees(
        form.maxDiscount,
        "Enter the largest discount in rupees, like 500, or leave it empty.",
      ),
      startsOn: optionalDate(form.startsOn),
      endsOn: optionalDate(form.endsOn),
      maxUses: optionalCount(
        form.maxUses,
        "Enter how many orders may use it, 1 or more, or leave it empty for no limit.",
      ),
      perCustomer: optionalCount(
        form.perCustomer,
        "Enter how many orders one customer may use it on, or leave it empty.",
      ),
    };
    for (const [field, outcome] of Object.entries(read)) {
      if ("problem" in outcome) context.addIssue({ code: "custom", path: [field], message: outcome.problem });
    }
    const value = readValue;
    const startsOn = value(read.startsOn);
    const endsOn = value(read.endsOn);
    if (startsOn && endsOn && endsOn < startsOn) {
      context.addIssue({ code: "custom", path: ["endsOn"], message: "The last day comes before the first." });
    }
    if (Object.values(read).some((outcome) => "problem" in outcome) || (startsOn && endsOn && endsOn < startsOn)) {
      return z.NEVER;
    }
    return {
      code,
      kind: kind ?? "flat",
      value: value(read.value) ?? 0,
      minSubtotal: value(read.minSubtotal) ?? 0,
      maxDiscount: value(read.maxDiscount),
      startsAt: startsOn ? startOfIndianDay(startsOn) : null,
      // The last day is whole: the coupon ends as the next day begins in India.
      endsAt: endsOn ? new Date(startOfIndianDay(endsOn).getTime() + DAY_MS) : null,
      maxUses: value(read.maxUses),
      perCustomer: value(read.perCustomer),
      active: form.active === "on",
    };
  });

export type CouponForm = z.output<typeof couponFormSchema>;

export function listCoupons(db: Db, storeId: string): Promise<CouponRule[]> {
  return db.select().from(coupons).where(eq(coupons.storeId, storeId)).orderBy(asc(coupons.code));
}

export async function readCoupon(db: Db, storeId: string, id: string): Promise<CouponRule | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.id, id.toLowerCase())));
  return row ?? null;
}

export type SaveOutcome = { ok: true; id: string } | { ok: false; field: keyof CouponForm | null; error: string };

/** Creates a coupon (`id` null) or changes one; its uses so far are never changed here. */
export async function saveCoupon(db: Db, actor: Actor, id: string | null, form: CouponForm): Promise<SaveOutcome> {
  try {
    return await transactionWithRetry(db, async (tx) => {
      const storeId = actor.member.storeId;
      if (id === null) {
        const [row] = await tx
          .insert(coupons)
          .values({ storeId, ...form })
          .returning({ id: coupons.id });
        if (!row) throw new Error("the coupon was not written");
        await writeAudit(tx, actor, {
          action: "coupon.create",
          entity: "setting",
          entityId: row.id,
          before: null,
          after: form,
        });
        return { ok: true as const, id: row.id };
      }
      const [before] = isUuid(id)
        ? await tx
            .select()
            .from(coupons)
            .where(and(eq(coupons.storeId, storeId), eq(coupons.id, id.toLowerCase())))
            .for("update")
        : [];
      if (!before) return { ok: false as const, field: null, error: "That coupon is not in this store." };
      if (form.maxUses !== null && form.maxUses < before.uses) {
        return {
          ok: false as const,
          field: "maxUses" as const,
          error: `It has been used on ${before.uses} orders already: allow at least ${before.uses}.`,
        };
      }
      await tx
        .update(coupons)
        .set({ ...form, updatedAt: new Date() })
        .where(eq(coupons.id, before.id));
      await writeAudit(tx, actor, {
        action: "coupon.update",
        entity: "setting",
        entityId: before.id,
        before,
        after: form,
      });
      return { ok: true as const, id: before.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, "coupons_store_code")) {
      return { ok: false, field: "code", error: "This store has a coupon with this code already." };
    }
    throw error;
  }
}

/** Deletes a coupon no order has used; a used one is turned off instead, to keep its history. */
export async function deleteCoupon(db: Db, actor: Actor, id: string): Promise<{ ok: boolean; error?: string }> {
  return transactionWithRetry(db, async (tx) => {
    const [before] = isUuid(id)
      ? await tx
          .select()
          .from(coupons)
          .where(and(eq(coupons.storeId, actor.member.storeId), eq(coupons.id, id.toLowerCase())))
          .for("update")
      : [];
    if (!before) return { ok: false, error: "That coupon is not in this store." };
    if (before.uses > 0) {
      return { ok: false, error: `It was used on ${before.uses} orders: turn it off (untick Active) instead.` };
    }
    await tx.delete(coupons).where(eq(coupons.id, before.id));
    await writeAudit(tx, actor, {
      action: "coupon.delete",
      entity: "setting",
      entityId: before.id,
      before,
      after: null,
    });
    return { ok: true };
  });
}

/** A coupon as its form shows it: rupees, percent and India's days. */
export function couponFields(rule: CouponRule) {
  const rupees = (paise: number | null) => (paise === null || paise === 0 ? "" : String(paise / 100));
  return {
    code: rule.code,
    kind: rule.kind,
    value: String(rule.value / 100),
    minSubtotal: rupees(rule.minSubtotal),
    maxDiscount: rupees(rule.maxDiscount),
    startsOn: rule.startsAt ? indianDate(rule.startsAt) : "",
    endsOn: rule.endsAt ? indianDate(new Date(rule.endsAt.getTime() - DAY_MS)) : "",
    maxUses: rule.maxUses === null ? "" : String(rule.maxUses),
    perCustomer: rule.perCustomer === null ? "" : String(rule.perCustomer),
    active: rule.active,
  };
}
