import { z } from "zod";
import type { AddressSnapshot } from "../../db/json-columns";
import { gstinProblem } from "../india/gstin";
import { EMAIL_PATTERN } from "./email";

/** The checkout's contact and delivery form (spec section 5), used by browser and server. */

export const CHECKOUT_MESSAGES = {
  fullName: "Full name is required.",
  phone: "Enter a valid 10-digit phone number.",
  email: "Please enter a valid email address.",
  gstNumber: "Invalid GSTIN format.",
  gstCheckDigit: "Invalid GSTIN: the last character does not match. Please check for a typing mistake.",
  addressLine1: "Address Line 1 is required.",
  city: "City is required.",
  state: "State is required.",
  pincode: "Enter a valid 6-digit pincode.",
  incomplete: "Please fill all required details.",
  notServiceable: "Your pincode is not serviceable. Please update your address or contact support.",
  orderFailed: "Could not place order. Please try again.",
  nonServiceableButton: "Non-Serviceable (Request for Quote)",
  deliveryText: "Delivery tomorrow",
} as const;

// In its own module so that the footer's newsletter form can use it without this file's zod.
export { EMAIL_PATTERN } from "./email";

/**
 * Keeps the digits of an Indian phone number typed with +91, 91 or 0 prefixes, spaces or
 * dashes; returns what is left, which the schema then requires to be 10 digits.
 */
export function normaliseIndianPhone(input: string): string {
  const digits = input.replace(/[\s\-()]/g, "").replace(/^\+91/, "");
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return digits;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max + 1} characters.`);
const required = (message: string, max: number) => text(max).min(1, message);

export const gstNumberSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .superRefine((value, ctx) => {
    if (value === "") return;
    const problem = value.length > 15 ? "format" : gstinProblem(value);
    if (problem === "check-digit") ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.gstCheckDigit });
    else if (problem !== null) ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.gstNumber });
  });

export const addressFormSchema = z.object({
  fullName: required(CHECKOUT_MESSAGES.fullName, 100),
  phone: z
    .string()
    .transform(normaliseIndianPhone)
    .pipe(z.string().regex(/^\d{10}$/, CHECKOUT_MESSAGES.phone)),
  email: text(254)
    .refine((v) => v === "" || EMAIL_PATTERN.test(v), CHECKOUT_MESSAGES.email)
    .default(""),
  addressLine1: required(CHECKOUT_MESSAGES.addressLine1, 200),
  addressLine2: text(200).default(""),
  city: required(CHECKOUT_MESSAGES.city, 100),
  state: required(CHECKOUT_MESSAGES.state, 100),
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, CHECKOUT_MESSAGES.pincode),
  landmark: text(200).default(""),
  companyName: text(200).default(""),
  gstNumber: gstNumberSchema.default(""),
});

export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressForm = z.output<typeof addressFormSchema>;

/** Splits a full name at its last space: 'Asha Rani Patil' -> 'Asha Rani', 'Patil'. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const name = fullName.trim().replace(/\s+/g, " ");
  const cut = name.lastIndexOf(" ");
  if (cut <= 0) return { firstName: name, lastName: "" };
  return { firstName: name.slice(0, cut), lastName: name.slice(cut + 1) };
}

export function addressSnapshot(form: AddressForm): AddressSnapshot {
  return {
    ...splitFullName(form.fullName),
    email: form.email,
    phone: form.phone,
    address: form.addressLine1,
    apartment: form.addressLine2,
    city: form.city,
    state: form.state,
    pin: form.pincode,
    landmark: form.landmark,
    companyName: form.companyName,
    gstNumber: form.gstNumber,
  };
}

/** Field errors keyed by field name: the first message of each field, as the form shows it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
