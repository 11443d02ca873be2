import { createHash } from "node:crypto";
import { randomBytesPooled } from "../security/random.server";

/**
 * Order numbers and order access tokens.
 *
 * An order number is what the shop, the shopper and the payment gateway call the order:
 * 'YYMMDD' (India time) then 8 random Crockford base-32 characters, 14 in all: within the
 * gateway's 17 characters, sortable by day, and not a guessable sequence.
 */

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newOrderNumber(now = new Date()): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const day = ist.toISOString().slice(2, 10).replaceAll("-", "");
  const bytes = randomBytesPooled(8);
  let tail = "";
  for (const byte of bytes) tail += CROCKFORD[byte & 31];
  return `${day}${tail}`;
}

/** A random 256-bit token for the browser that placed an order; only its hash is stored. */
export function newAccessToken(): string {
  return randomBytesPooled(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** SHA-256 of a value's canonical JSON (keys sorted), for idempotency request fingerprints. */
export function fingerprint(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
