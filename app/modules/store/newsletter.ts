import { z } from "zod";
import { EMAIL_PATTERN } from "../checkout/schema";

export const NEWSLETTER_MESSAGES = {
  invalid: "Please enter a valid email.",
  subscribed: "Thanks! You're subscribed.",
  failed: "Something went wrong. Please try again.",
} as const;

export const newsletterSchema = z.object({
  email: z.string().trim().max(254, NEWSLETTER_MESSAGES.invalid).regex(EMAIL_PATTERN, NEWSLETTER_MESSAGES.invalid),
});
