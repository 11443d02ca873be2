import type { Db } from "../../db/client.server";
import { hitLimits, type Limit, retryAfterText } from "../security/rate-limit.server";
import type { StoreOrderRules } from "../store/settings";
import { ORDER_RULE_MESSAGES } from "./order-rules";

const HOUR = 3600;

export type OrderLimitOutcome = { ok: true } | { ok: false; error: string; retryAfterSeconds: number };

/**
 * Counts an order attempt against the store's hourly limits per client address and per phone
 * (issue 53), in the database's rate-limit windows every process shares. A repeat of one
 * checkout (the same Idempotency-Key) counts again: a double click is two of the 20.
 */
export async function hitOrderLimits(
  db: Db,
  store: { id: string; orderRules: StoreOrderRules },
  phone: string,
  clientIp: string,
  now = new Date(),
): Promise<OrderLimitOutcome> {
  const rules = store.orderRules;
  const limits: Array<Limit & { message: (when: string) => string }> = [];
  if (rules.ordersPerIpPerHour > 0) {
    limits.push({
      key: `order:ip:${store.id}:${clientIp}`,
      max: rules.ordersPerIpPerHour,
      windowSeconds: HOUR,
      message: ORDER_RULE_MESSAGES.tooManyFromHere,
    });
  }
  if (rules.ordersPerPhonePerHour > 0) {
    limits.push({
      key: `order:phone:${store.id}:${phone}`,
      max: rules.ordersPerPhonePerHour,
      windowSeconds: HOUR,
      message: ORDER_RULE_MESSAGES.tooManyForPhone,
    });
  }
  if (limits.length === 0) return { ok: true };
  const outcome = await hitLimits(db, limits, now);
  if (outcome.ok) return { ok: true };
  const limit = limits.find((l) => l.key === outcome.key);
  return {
    ok: false,
    error: (limit?.message ?? ORDER_RULE_MESSAGES.tooManyFromHere)(retryAfterText(outcome.retryAfterSeconds)),
    retryAfterSeconds: outcome.retryAfterSeconds,
  };
}
