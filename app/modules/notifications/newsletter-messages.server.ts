import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers, stores } from "../../db/schema";
import type { JobHandler } from "../jobs/worker.server";
import { NEWSLETTER_CONFIRM_JOB } from "../store/newsletter.server";
import type { EmailSender } from "./email-senders.server";
import { newsletterConfirmationEmail } from "./newsletter-texts";
import { storeHost, storeOrigin } from "./store-origin.server";

const payloadSchema = z.object({ subscriberId: z.string().uuid() });

/** Sends a newsletter sign-up its confirmation email (double opt-in), unless it is settled since. */
export function newsletterHandlers(deps: { email: EmailSender | null; origin: string }): Record<string, JobHandler> {
  return {
    [NEWSLETTER_CONFIRM_JOB]: async (job, { db, log }) => {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) throw new Error("A confirmation job without its subscriber");
      const [row] = await db
        .select({
          email: newsletterSubscribers.email,
          token: newsletterSubscribers.token,
          confirmedAt: newsletterSubscribers.confirmedAt,
          unsubscribedAt: newsletterSubscribers.unsubscribedAt,
          storeId: stores.id,
          storeName: stores.title,
          look: sql<string | null>`${stores.customisation}->>'primaryColor'`,
          host: storeHost(stores.id),
        })
        .from(newsletterSubscribers)
        .innerJoin(stores, eq(stores.id, newsletterSubscribers.storeId))
        .where(eq(newsletterSubscribers.id, parsed.data.subscriberId));
      // Gone, confirmed or unsubscribed since it was asked: nothing to send.
      if (!row || row.confirmedAt || row.unsubscribedAt) return;
      if (!deps.email) {
        log.warn("a newsletter confirmation is not sent: email is off (EMAIL_TRANSPORT)");
        return;
      }
      const origin = storeOrigin(row.host, deps.origin);
      const token = encodeURIComponent(row.token);
      const content = newsletterConfirmationEmail(
        row.storeName,
        {
          confirmUrl: `${origin}/newsletter/confirm?token=${token}`,
          unsubscribeUrl: `${origin}/newsletter/unsubscribe?token=${token}`,
        },
        row.look ?? "",
      );
      await deps.email.send({
        ...content,
        to: row.email,
        storeId: row.storeId,
        fromName: row.storeName,
        reference: job.id,
      });
    },
  };
}
