// zod/mini and the bare pattern: the form is in the footer of every page (see cart-store.ts).
import * as z from "zod/mini";
import { EMAIL_PATTERN } from "../checkout/email";

export const NEWSLETTER_MESSAGES = {
  invalid: "Please enter a valid email.",
  subscribed: "Thanks! You're subscribed.",
  failed: "Something went wrong. Please try again.",
} as const;

export const newsletterSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.maxLength(254, NEWSLETTER_MESSAGES.invalid),
      z.regex(EMAIL_PATTERN, NEWSLETTER_MESSAGES.invalid),
    ),
});
