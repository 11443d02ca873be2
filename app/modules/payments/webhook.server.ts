import { and, eq, sql } from "drizzle-orm";
import { orders, paymentEvents } from "../../db/schema";
import { readBody } from "../http/json.server";
import { readGatewayEvent } from "./juspay/protocol";
import { applyGatewayOrder, findAttempt, type Payments } from "./payments.server";

export const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * A webhook: credentials checked, the event recorded once by its id, the order's status asked
 * of the gateway again (the body is never believed), the answer applied. Answers 200 once the
 * event is recorded, so the gateway stops retrying; an event whose processing failed or took
 * too long is finished in the background and, failing that, by the job.
 */
export async function receiveWebhook(payments: Payments, request: Request): Promise<Response> {
  const { db, gateway, log } = payments;
  if (!gateway.authenticateWebhook(request.headers.get("authorization"))) {
    log.warn("webhook refused: wrong credentials");
    return Response.json(
      { error: "Unauthorized." },
      { status: 401, headers: { "WWW-Authenticate": 'Basic realm="payments"' } },
    );
  }
  // Read no further than the limit: a chunked body says nothing of its size beforehand, and a
  // 30 MB one read whole cost a worker 95 MB before its 413.
  const read = await readBody(request, MAX_WEBHOOK_BYTES, "Payload too large.");
  if (!read.ok) return read.response;
  const text = read.bytes.toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json({ error: "Body must be JSON." }, { status: 400 });
  }
  const received = readGatewayEvent(body);
  if (!received)
    return Response.json({ error: "Not a payment event: id and event_name are required." }, { status: 400 });

  const [inserted] = await db
    .insert(paymentEvents)
    .values({
      gateway: gateway.name,
      eventId: received.id,
      gatewayOrderId: received.orderId,
      eventName: received.name,
      payload: body,
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (!inserted) {
    const [earlier] = await db
      .select({ processedAt: paymentEvents.processedAt })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, gateway.name), eq(paymentEvents.eventId, received.id)));
    if (earlier?.processedAt) return Response.json({ ok: true, duplicate: true });
  }
  const work = processEvent(payments, received.id, received.orderId).catch((error: unknown) => {
    log.error("webhook processing failed; the job will retry it", { error, eventId: received.id });
  });
  // Answer quickly: wait a little for the work, never for a slow gateway.
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  return Response.json({ ok: true });
}

export async function processEvent(payments: Payments, eventId: string, gatewayOrderId: string | null): Promise<void> {
  const { db, gateway } = payments;
  const finish = (outcome: string, storeId?: string) =>
    db
      .update(paymentEvents)
      .set({ processedAt: sql`now()`, outcome, ...(storeId ? { storeId } : {}) })
      .where(and(eq(paymentEvents.gateway, gateway.name), eq(paymentEvents.eventId, eventId)));
  const attempt = gatewayOrderId ? await findAttempt(db, gateway.name, gatewayOrderId) : undefined;
  if (!attempt || !gatewayOrderId) {
    await finish("unknown-order");
    return;
  }
  const answer = await gateway.getOrder(gatewayOrderId);
  if (!answer) {
    await finish("gateway-not-found");
    return;
  }
  const applied = await applyGatewayOrder(payments, attempt, answer, "webhook");
  const [order] = await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, attempt.orderId));
  await finish(applied.changed ? applied.paymentStatus : `unchanged:${applied.paymentStatus}`, order?.storeId);
}
