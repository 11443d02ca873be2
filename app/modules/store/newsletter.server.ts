import { z } from "zod";
import type { Db } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import { isNewsletterEmail, NEWSLETTER_MESSAGES } from "./newsletter";

/** What POST /api/newsletter accepts: { email }, trimmed. */
export const newsletterSchema = z.object({
  email: z.string().trim().refine(isNewsletterEmail, NEWSLETTER_MESSAGES.invalid),
});

/**
 * Newsletter sign-ups, one row per address per store, compared without case. Subscribing an
 * address twice answers the same as once: the form never tells a stranger whether someone
 * else's address is on the list.
 */
export async function subscribe(db: Db, storeId: string, email: string): Promise<"subscribed" | "already"> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ storeId, email: email.trim() })
    // The only unique key besides the id is (store, lower(email)).
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? "subscribed" : "already";
}
