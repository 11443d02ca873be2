import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import { enqueue, type NewJob } from "../jobs/queue.server";
import { isNewsletterEmail, NEWSLETTER_MESSAGES } from "./newsletter";

/** What POST /api/newsletter accepts: { email }, trimmed. */
export const newsletterSchema = z.object({
  email: z.string().trim().refine(isNewsletterEmail, NEWSLETTER_MESSAGES.invalid),
});

export const NEWSLETTER_CONFIRM_JOB = "newsletter.confirm";

export function confirmationJob(storeId: string, subscriberId: string): NewJob {
  return {
    kind: NEWSLETTER_CONFIRM_JOB,
    storeId,
    payload: { subscriberId },
    uniqueKey: `${NEWSLETTER_CONFIRM_JOB}:${subscriberId}`,
  };
}

/**
 * Newsletter sign-ups, one row per address per store, compared without case, confirmed twice
 * (issue 57): a sign-up is kept unconfirmed and the address is sent a link to confirm it, so
 * nobody is subscribed by a stranger typing their address. The confirmation email is a job of
 * the same transaction. An address that is confirmed already is sent nothing; one waiting for
 * its confirmation, or unsubscribed and signing up again, is sent at most one email a day.
 * Every case answers the same: the form never tells a stranger whether an address is listed.
 */
export async function subscribe(db: Db, storeId: string, email: string): Promise<"subscribed" | "already"> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      insert into ${newsletterSubscribers} (store_id, email, asked_at)
      values (${storeId}::uuid, ${email.trim()}, now())
      on conflict (store_id, lower(email)) do update set
        confirmed_at = case when ${newsletterSubscribers.unsubscribedAt} is null
          then ${newsletterSubscribers.confirmedAt} end,
        unsubscribed_at = null,
        asked_at = case
          when (${newsletterSubscribers.confirmedAt} is null or ${newsletterSubscribers.unsubscribedAt} is not null)
            and (${newsletterSubscribers.askedAt} is null or ${newsletterSubscribers.askedAt} < now() - interval '1 day')
          then now() else ${newsletterSubscribers.askedAt} end
      returning id, asked_at = now() as ask, xmax = 0 as inserted`)) as unknown as {
      rows: Array<{ id: string; ask: boolean; inserted: boolean }>;
    };
    const row = result.rows[0];
    if (!row) throw new Error("subscribing returned no row");
    if (row.ask) await enqueue(tx, confirmationJob(storeId, row.id));
    return row.inserted ? "subscribed" : "already";
  });
}

export interface Subscriber {
  id: string;
  storeId: string;
  email: string;
  confirmed: boolean;
  unsubscribed: boolean;
}

/** The subscriber a link's token names, in this store; null for an unknown or mistyped one. */
export async function subscriberByToken(db: Db, storeId: string, token: string): Promise<Subscriber | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: newsletterSubscribers.id,
      storeId: newsletterSubscribers.storeId,
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.token, token), eq(newsletterSubscribers.storeId, storeId)));
  return row
    ? {
        id: row.id,
        storeId: row.storeId,
        email: row.email,
        confirmed: row.confirmedAt !== null && row.unsubscribedAt === null,
        unsubscribed: row.unsubscribedAt !== null,
      }
    : null;
}

/** Follows a confirmation link: the address is on the list from now. Unsubscribed ones stay off. */
export async function confirmSubscription(db: Db, subscriber: Subscriber): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` })
    .where(and(eq(newsletterSubscribers.id, subscriber.id), isNull(newsletterSubscribers.unsubscribedAt)));
}

/** Follows an unsubscribe link (or a mail program's one-click unsubscribe): off the list, for good. */
export async function unsubscribe(db: Db, subscriber: Subscriber): Promise<void> {
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.id, subscriber.id));
}
