import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The shop's webhook is signed the Standard Webhooks way (standardwebhooks.com), so the shop's
 * tools can check it with that project's libraries in any language: the secret is "whsec_" and
 * base64 key bytes; each delivery carries webhook-id, webhook-timestamp (Unix seconds) and
 * webhook-signature "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>". The timestamp is
 * signed so a receiver can refuse an old delivery played again.
 */

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    "base64",
  );
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one delivery. */
export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}

/**
 * What a receiver does (and the tests do): the signature is one of the space-separated
 * "v1,..." values, and the timestamp is within `toleranceSeconds` of now.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now = Date.now(),
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body));
  return headers.signature.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Where a webhook may go: the rule for every address the store calls out to. */
export { outboundUrlProblem as webhookUrlProblem } from "../http/outbound-url";
