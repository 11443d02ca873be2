import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { type GstSettings, gstSettingsSchema } from "../../db/json-columns";
import { stores } from "../../db/schema";
import { gstinProblem } from "../india/gstin";
import { INDIAN_STATES } from "../india/states";
import { prefixProblem } from "../invoices/numbering";
import { hsnProblem, parseRateList, sacProblem } from "../invoices/tax";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * The owner's GST registration and invoicing settings (issue 58). Every field is checked here,
 * each with its own message, and nothing is saved until all are right.
 */

const GSTIN_MESSAGES = {
  format: "Enter the 15-character GSTIN, like 27AAPFU0939F1ZV.",
  "state-code": "A GSTIN starts with a state's two-digit code.",
  "check-digit": "This GSTIN's last character does not match: check it for a typing mistake.",
} as const;

const rate = (label: string) => z.coerce.number({ message: `Choose the ${label}.` });

export const gstFormSchema = z
  .object({
    legalName: z.string().trim().min(1, "Enter the legal name on your GST registration.").max(200),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((value, context) => {
        const problem = gstinProblem(value);
        if (problem) context.addIssue({ code: "custom", message: GSTIN_MESSAGES[problem] });
      }),
    address: z.string().trim().min(1, "Enter your registered address.").max(500),
    stateCode: z.string().refine((code) => INDIAN_STATES.some((s) => s.gstCode === code), "Choose your state."),
    invoicePrefix: z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((value, context) => {
        const problem = prefixProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    issueOn: z.enum(["confirmed", "delivered"], { message: "Choose when invoices are issued." }),
    shippingSac: z
      .string()
      .trim()
      .superRefine((value, context) => {
        const problem = sacProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    rates: z.string().transform((text, context) => {
      const list = parseRateList(text);
      if ("problem" in list) {
        context.addIssue({ code: "custom", message: list.problem });
        return z.NEVER;
      }
      return list.rates;
    }),
    shippingRate: rate("shipping's GST rate"),
    defaultRate: rate("GST rate for products without one"),
    defaultHsn: z
      .string()
      .trim()
      .superRefine((value, context) => {
        const problem = value === "" ? null : hsnProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
  })
  .superRefine((form, context) => {
    // The rates chosen must be among the rates listed (a rate taken off the list is chosen again).
    for (const [field, label] of [
      ["shippingRate", "shipping's GST rate"],
      ["defaultRate", "GST rate for products without one"],
    ] as const) {
      if (Array.isArray(form.rates) && !form.rates.includes(form[field])) {
        context.addIssue({ code: "custom", path: [field], message: `Choose the ${label} from the rates listed.` });
      }
    }
    if (!gstinProblem(form.gstin) && form.gstin.slice(0, 2) !== form.stateCode) {
      context.addIssue({
        code: "custom",
        path: ["stateCode"],
        message: "Your GSTIN starts with another state's code: choose the state it was issued in.",
      });
    }
  });

export type GstForm = z.output<typeof gstFormSchema>;

export async function readGstSettings(db: Db, storeId: string): Promise<GstSettings> {
  const [row] = await db.select({ gst: stores.gst }).from(stores).where(eq(stores.id, storeId));
  return gstSettingsSchema.parse(row?.gst ?? {});
}

/** Saves the settings and records the change in the audit log. New invoices use them; issued ones never change. */
export function saveGstSettings(db: Db, actor: Actor, form: GstForm): Promise<void> {
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ gst: stores.gst })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    const before = gstSettingsSchema.parse(row?.gst ?? {});
    const after = gstSettingsSchema.parse(form);
    await tx.update(stores).set({ gst: after }).where(eq(stores.id, actor.member.storeId));
    await writeAudit(tx, actor, { action: "settings.gst", entity: "setting", entityId: "gst", before, after });
  });
}
