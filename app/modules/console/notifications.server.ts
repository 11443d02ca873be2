import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { notificationsSchema, type StoreNotifications } from "../../db/json-columns";
import { jobs, stores } from "../../db/schema";
import { enqueue } from "../jobs/queue.server";
import { WEBHOOK_TEST_JOB } from "../notifications/shop-messages.server";
import { newWebhookSecret, webhookUrlProblem } from "../notifications/webhook-signature.server";
import { type Actor, writeAudit } from "./fulfilment.server";

/**
 * The owner's settings of who the store tells of its orders (issue 57): the order address and
 * the webhook. The secret is made here, never typed: an owner copies it into their tool.
 */

export const notificationsFormSchema = z.object({
  orderEmail: z
    .string()
    .trim()
    .max(254, "Keep the address under 255 characters.")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: "Enter an email address like orders@yourshop.in, or leave it empty.",
    }),
  webhookUrl: z
    .string()
    .trim()
    .max(500, "Keep the address under 501 characters.")
    .superRefine((value, context) => {
      const problem = value === "" ? null : webhookUrlProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
});

export async function readNotifications(db: Db, storeId: string): Promise<StoreNotifications> {
  const [row] = await db.select({ notifications: stores.notifications }).from(stores).where(eq(stores.id, storeId));
  return notificationsSchema.parse(row?.notifications ?? {});
}

/** The audit log keeps what changed, never the secret itself. */
const forTheLog = (settings: StoreNotifications) => ({
  orderEmail: settings.orderEmail,
  webhookUrl: settings.webhookUrl,
  webhookSecret: settings.webhookSecret ? "(set)" : "",
});

async function write(
  db: Db,
  actor: Actor,
  action: string,
  change: (before: StoreNotifications) => StoreNotifications,
): Promise<StoreNotifications> {
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ notifications: stores.notifications })
      .from(stores)
      .where(eq(stores.id, actor.member.storeId))
      .for("update");
    const before = notificationsSchema.parse(row?.notifications ?? {});
    const after = change(before);
    await tx.update(stores).set({ notifications: after }).where(eq(stores.id, actor.member.storeId));
    await writeAudit(tx, actor, {
      action,
      entity: "setting",
      entityId: "notifications",
      before: forTheLog(before),
      after: forTheLog(after),
    });
    return after;
  });
}

/** Saves the order address and webhook; a webhook gets its secret the first time it is set. */
export function saveNotifications(
  db: Db,
  actor: Actor,
  input: z.output<typeof notificationsFormSchema>,
): Promise<StoreNotifications> {
  return write(db, actor, "settings.notifications", (before) => ({
    orderEmail: input.orderEmail,
    webhookUrl: input.webhookUrl,
    webhookSecret: input.webhookUrl ? before.webhookSecret || newWebhookSecret() : before.webhookSecret,
  }));
}

/** A new signing secret: the old one stops working at once. */
export function replaceWebhookSecret(db: Db, actor: Actor): Promise<StoreNotifications> {
  return write(db, actor, "settings.webhook-secret", (before) => ({ ...before, webhookSecret: newWebhookSecret() }));
}

/** A test delivery to the webhook, as a job like every other; its outcome shows on the page. */
export async function sendTestDelivery(db: Db, storeId: string): Promise<void> {
  await enqueue(db, { kind: WEBHOOK_TEST_JOB, storeId, maxAttempts: 1 });
}

export async function lastTestDelivery(db: Db, storeId: string) {
  const [row] = await db
    .select({ state: jobs.state, error: jobs.lastError, at: jobs.createdAt })
    .from(jobs)
    .where(and(eq(jobs.storeId, storeId), eq(jobs.kind, WEBHOOK_TEST_JOB)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row ? { state: row.state, error: row.error, at: row.at.toISOString() } : null;
}
