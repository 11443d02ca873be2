import { z } from "zod";
import { CHECKOUT_MESSAGES, EMAIL_PATTERN, gstNumberSchema } from "../checkout/schema";

/** Sign-in and profile rules (spec sections 5 and 9). */

export const ACCOUNT_MESSAGES = {
  guestOrder: "Placed as a guest with your phone number. Its delivery details show only in the browser that placed it.",
  phone: "Enter a valid 10-digit mobile number.",
  code: "Enter the 6-digit code you received.",
  sendFailed: "Failed to send OTP",
  invalidCode: "Invalid OTP",
  /** Not in the spec: the human check (when the shop turned it on) was not completed yet. */
  humanCheck: "Please complete the verification first.",
  profileLoad: "Could not load profile.",
  ordersLoad: "Could not load orders.",
  noDetails: "No saved details found yet.",
  noOrders: "No orders yet.",
  welcome: "Welcome!",
  reorderDone: "Items added to cart!",
  reorderFailed: "Could not add items to cart.",
} as const;

export const PHONE_PREFIX = "+91";
export const OTP_LENGTH = 6;
export const OTP_MIN_ACCEPTED = 4;
export const ORDER_HISTORY_LIMIT = 50;

/** The phone field keeps digits only, at most 10. */
export function phoneFieldValue(input: string): string {
  return input.replace(/\D/g, "").slice(0, 10);
}

/** Profile phones are normalised to their last 10 digits. */
export function profilePhone(input: string): string {
  return input.replace(/\D/g, "").slice(-10);
}

/**
 * The last 6 characters of an order number, as order history shows it: the same number the
 * thank-you page, the order window, the console and every message show whole.
 */
export function shortOrderId(orderNumber: string): string {
  return orderNumber.slice(-6);
}

export const sendCodeSchema = z.object({
  phone: z.string().regex(/^\d{10}$/, ACCOUNT_MESSAGES.phone),
});

export const verifyCodeSchema = z.object({
  phone: z.string().regex(/^\d{10}$/, ACCOUNT_MESSAGES.phone),
  code: z.string().trim().min(OTP_MIN_ACCEPTED, ACCOUNT_MESSAGES.code).max(OTP_LENGTH, ACCOUNT_MESSAGES.code),
});

/** The code that confirms a COD order (issue 53): six digits. */
export const orderCodeSchema = z
  .string(ACCOUNT_MESSAGES.code)
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), ACCOUNT_MESSAGES.code);

const profileText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this under ${max + 1} characters.`)
    .default("");

/**
 * The edit-profile form: every field optional, checked with the checkout's rules and messages
 * when filled (email, pincode, GSTIN). The phone is the one signed in with and is not edited here.
 */
export const profileSchema = z
  .object({
    name: profileText(100),
    email: profileText(254).refine((v) => v === "" || EMAIL_PATTERN.test(v), CHECKOUT_MESSAGES.email),
    address: profileText(200),
    apartment: profileText(200),
    city: profileText(100),
    state: profileText(100),
    pin: profileText(6).refine((v) => v === "" || /^[1-9]\d{5}$/.test(v), CHECKOUT_MESSAGES.pincode),
    landmark: profileText(200),
    companyName: profileText(200),
    gstNumber: gstNumberSchema.default(""),
  })
  .strict();

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileForm = z.output<typeof profileSchema>;
