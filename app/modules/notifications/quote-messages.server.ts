import { eq } from "drizzle-orm";
import { z } from "zod";
import { quotes, stores } from "../../db/schema";
import { completeJob, type NewJob } from "../jobs/queue.server";
import type { JobHandler } from "../jobs/worker.server";
import { lastDayText } from "../quotes/rules";
import type { EmailSender } from "./email-senders.server";
import { type AnsweredQuoteFacts, quotedEmail, quotedSms } from "./quote-texts";
import type { OrderSmsSender } from "./sms-senders.server";
import { storeHost, storeOrigin } from "./store-origin.server";

/**
 * Telling a customer their quote is answered (issue 59): one job per channel, written in the
 * transaction that saves the answer, as an order's messages are. The email carries the quote's
 * own link; the SMS, whose values DLT keeps short, points to the account, where the phone that
 * asked sees its quotes once signed in.
 */

export const QUOTE_MESSAGE_JOB = "notify.quote";
const CHANNELS = ["sms", "email"] as const;

export function quoteAnsweredJobs(storeId: string, quoteId: string, version: number): NewJob[] {
  return CHANNELS.map((channel) => ({
    kind: QUOTE_MESSAGE_JOB,
    storeId,
    payload: { quoteId, channel, version },
    uniqueKey: `${QUOTE_MESSAGE_JOB}:${quoteId}:${version}:${channel}`,
  }));
}

const payloadSchema = z.object({
  quoteId: z.string().uuid(),
  channel: z.enum(CHANNELS),
  version: z.number().int(),
});

export function quoteMessageHandlers(deps: {
  sms: OrderSmsSender | null;
  email: EmailSender | null;
  origin: string;
}): Record<string, JobHandler> {
  return {
    [QUOTE_MESSAGE_JOB]: async (job, { db, log }) => {
      const parsed = payloadSchema.safeParse(job.payload);
      if (!parsed.success) throw new Error(`A quote message job without its quote: ${parsed.error.issues[0]?.message}`);
      const { quoteId, channel, version } = parsed.data;
      const [quote] = await db
        .select({
          id: quotes.id,
          storeId: quotes.storeId,
          reference: quotes.reference,
          status: quotes.status,
          version: quotes.version,
          phone: quotes.phone,
          email: quotes.email,
          grandTotal: quotes.grandTotal,
          expiresAt: quotes.expiresAt,
          accessKey: quotes.accessKey,
          storeName: stores.title,
          look: stores.customisation,
          host: storeHost(quotes.storeId),
        })
        .from(quotes)
        .innerJoin(stores, eq(stores.id, quotes.storeId))
        .where(eq(quotes.id, quoteId));
      // Gone, answered again since (that answer has its own message), or already decided: nothing to say.
      if (!quote || quote.version !== version || quote.status !== "answered" || !quote.expiresAt) {
        await completeJob(db, job);
        return;
      }
      const origin = storeOrigin(quote.host, deps.origin);
      const facts: AnsweredQuoteFacts = {
        storeName: quote.storeName,
        reference: quote.reference,
        grandTotal: quote.grandTotal ?? 0,
        lastDay: lastDayText(quote.expiresAt),
        quoteUrl: `${origin}/quotes/${quote.id}?key=${encodeURIComponent(quote.accessKey)}`,
        accountLink: `${quote.host ?? new URL(deps.origin).host}/account`,
      };
      if (channel === "email") {
        if (quote.email && deps.email) {
          const logo = quote.look.logo;
          await deps.email.send({
            ...quotedEmail(facts, {
              logoUrl: logo ? new URL(logo, origin).href : "",
              primaryColor: quote.look.primaryColor,
              accountUrl: `${origin}/account`,
            }),
            to: quote.email,
            storeId: quote.storeId,
            fromName: quote.storeName,
            reference: job.id,
          });
        }
        await completeJob(db, job);
        return;
      }
      if (deps.sms) {
        const sms = quotedSms(facts);
        const result = await deps.sms.send({
          storeId: quote.storeId,
          phone: quote.phone,
          event: "quoted",
          values: sms.values,
          text: sms.text,
        });
        if (!result.sent) log.info("quote message not sent by SMS", { quoteId, reason: result.reason });
      }
      await completeJob(db, job);
    },
  };
}
