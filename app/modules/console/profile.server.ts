import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { profileSchema, type StoreProfile } from "../../db/json-columns";
import { stores } from "../../db/schema";
import { gstinProblem } from "../india/gstin";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * The store's business profile (issue 56, owners): the spec's profile document, which the
 * store's header, footer and policy pages show: names, contact, social links and its legal
 * identifiers, each checked with its own message (a GSTIN by its check character).
 */

const GSTIN_MESSAGES = {
  format: "A GSTIN is 15 characters, like 27AAPFU0939F1ZV.",
  "state-code": "A GSTIN starts with a state's two-digit code, like 27 for Maharashtra.",
  "check-digit": "The GSTIN's last character does not match the rest: check it for a typing mistake.",
} as const;

const field = (max: number) =>
  z
    .string()
    .max(max * 4)
    .default("");

/** Checks one field; an empty optional field is always right. */
function check(
  context: z.RefinementCtx,
  path: string,
  value: string,
  ok: (value: string) => boolean,
  message: string,
): string {
  if (value !== "" && !ok(value)) context.addIssue({ code: "custom", path: [path], message });
  return value;
}

const isHttps = (value: string) => /^https:\/\/[^\s"<>]+\.[^\s"<>]+$/.test(value) && value.length <= 300;
/** Ten digits of an Indian number, with +91, 91 or 0 before it, spaces and dashes allowed. */
const phoneDigits = (value: string) => value.replace(/[\s-]/g, "").replace(/^(\+91|91|0)(?=\d{10}$)/, "");

export const profileFormSchema = z
  .object({
    brandName: field(80),
    companyName: field(120),
    email: field(200),
    contactNo: field(20),
    address: field(300),
    facebook: field(300),
    instagram: field(300),
    linkedin: field(300),
    youtube: field(300),
    whatsapp: field(20),
    gstNo: field(15),
    cin: field(21),
    fssai: field(14),
  })
  .transform((form, context): StoreProfile => {
    const text = (value: string) => value.trim();
    const brandName = text(form.brandName);
    if (brandName === "" || brandName.length > 80) {
      context.addIssue({ code: "custom", path: ["brandName"], message: "Enter the name shoppers know the store by." });
    }
    const companyName = check(
      context,
      "companyName",
      text(form.companyName),
      (v) => v.length <= 120,
      "Keep it to 120 characters.",
    );
    const email = check(
      context,
      "email",
      text(form.email),
      (v) => z.email().safeParse(v).success,
      "Enter an email address, like orders@yourshop.in.",
    );
    const contactNo = check(
      context,
      "contactNo",
      text(form.contactNo),
      (v) => /^\d{10,11}$/.test(phoneDigits(v)),
      "Enter a phone number, like 98200 12345 or 022 2345 6789.",
    );
    const address = check(
      context,
      "address",
      text(form.address),
      (v) => v.length <= 300,
      "Keep the address to 300 characters.",
    );
    const social = (name: "facebook" | "instagram" | "linkedin" | "youtube") =>
      check(context, name, text(form[name]), isHttps, "Paste the page's link, starting with https://.");
    const whatsapp = check(
      context,
      "whatsapp",
      text(form.whatsapp),
      (v) => /^[6-9]\d{9}$/.test(phoneDigits(v)) || /^https:\/\/wa\.me\/\d{10,13}$/.test(v),
      "Enter the WhatsApp number, like 98200 12345, or its link, like https://wa.me/919820012345.",
    );
    const gstNo = text(form.gstNo).toUpperCase();
    const problem = gstNo === "" ? null : gstinProblem(gstNo);
    if (problem) context.addIssue({ code: "custom", path: ["gstNo"], message: GSTIN_MESSAGES[problem] });
    const cin = check(
      context,
      "cin",
      text(form.cin).toUpperCase(),
      (v) => /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/.test(v),
      "A CIN is 21 characters, like U15400MH2019PTC123456.",
    );
    const fssai = check(
      context,
      "fssai",
      text(form.fssai).replace(/\s/g, ""),
      (v) => /^\d{14}$/.test(v),
      "An FSSAI licence number is 14 digits.",
    );
    return {
      brandName,
      companyName,
      email,
      contactNo,
      address,
      facebook: social("facebook"),
      instagram: social("instagram"),
      linkedin: social("linkedin"),
      youtube: social("youtube"),
      whatsapp,
      gstNo,
      cin,
      fssai,
    };
  });

export async function saveProfile(db: Db, actor: Actor, profile: StoreProfile): Promise<void> {
  await transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ profile: stores.profile })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    const after = profileSchema.parse(profile);
    await tx.update(stores).set({ profile: after, updatedAt: new Date() }).where(eq(stores.id, actor.member.storeId));
    await writeAudit(tx, actor, {
      action: "settings.profile",
      entity: "setting",
      entityId: "profile",
      before: row?.profile ?? null,
      after,
    });
  });
}
