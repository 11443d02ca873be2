import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { messagePreferencesSchema } from "../../db/json-columns";
import { customers, newsletterSubscribers } from "../../db/schema";
import { subscribe } from "../store/newsletter.server";

/**
 * The messages a signed-in customer chose (issue 57). Messages about their own orders always go
 * by SMS (and by email when the order has one): they are not a choice. What is: order updates
 * on WhatsApp too, and the newsletter by email, which their address confirms like any sign-up.
 */

export const preferencesSchema = z.object({
  whatsapp: z.boolean(),
  newsletter: z.boolean(),
});
export type PreferencesInput = z.output<typeof preferencesSchema>;

export interface MessageChoices {
  whatsapp: boolean;
  /** The profile's email, which the newsletter goes to; "" when none is saved. */
  email: string;
  newsletter: "off" | "waiting" | "on";
}

// Written out with table names: in a select from one table, drizzle leaves its columns bare, and
// "store_id" in the subquery would be the subscriber's own.
const NEWSLETTER_STATE = sql<"off" | "waiting" | "on">`coalesce((
  select case when n.unsubscribed_at is not null then 'off' when n.confirmed_at is null then 'waiting' else 'on' end
  from ${newsletterSubscribers} n
  where n.store_id = ${sql.raw('"customers"."store_id"')} and lower(n.email) = lower(${sql.raw('"customers"."email"')})
), 'off')`;

export async function loadChoices(db: Db, storeId: string, customerId: string): Promise<MessageChoices | null> {
  const [row] = await db
    .select({ preferences: customers.messagePreferences, email: customers.email, newsletter: NEWSLETTER_STATE })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  if (!row) return null;
  return {
    whatsapp: messagePreferencesSchema.parse(row.preferences).whatsapp,
    email: row.email ?? "",
    newsletter: row.email ? row.newsletter : "off",
  };
}

export type SaveChoicesOutcome = { ok: true; choices: MessageChoices } | { ok: false; error: string };

export async function saveChoices(
  db: Db,
  storeId: string,
  customerId: string,
  input: PreferencesInput,
): Promise<SaveChoicesOutcome> {
  const before = await loadChoices(db, storeId, customerId);
  if (!before) return { ok: false, error: "Please sign in again." };
  if (input.newsletter && !before.email) {
    return { ok: false, error: "Add your email to your profile first: the newsletter goes there." };
  }
  await db
    .update(customers)
    .set({ messagePreferences: { whatsapp: input.whatsapp }, updatedAt: sql`now()` })
    .where(and(eq(customers.storeId, storeId), eq(customers.id, customerId)));
  if (input.newsletter && before.newsletter === "off") {
    // Confirmed by a link to the address, as a sign-up in the footer is.
    await subscribe(db, storeId, before.email);
  } else if (!input.newsletter && before.newsletter !== "off") {
    await db
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: sql`now()` })
      .where(
        and(
          eq(newsletterSubscribers.storeId, storeId),
          sql`lower(${newsletterSubscribers.email}) = lower(${before.email})`,
          isNull(newsletterSubscribers.unsubscribedAt),
        ),
      );
  }
  const choices = await loadChoices(db, storeId, customerId);
  return choices ? { ok: true, choices } : { ok: false, error: "Please sign in again." };
}
