import { EMAIL_PATTERN } from "../checkout/email";

export const NEWSLETTER_MESSAGES = {
  invalid: "Please enter a valid email.",
  subscribed: "Thanks! You're subscribed.",
  failed: "Something went wrong. Please try again.",
} as const;

/**
 * The footer's address rule, shared by the form and the server's zod schema
 * (newsletter.server.ts): something@something.tld, at most 254 characters once trimmed. A plain
 * function, so the footer on every page carries no validation library (ADR 0022).
 */
export function isNewsletterEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed);
}
