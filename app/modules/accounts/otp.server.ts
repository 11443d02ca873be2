import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { customers, otpCodes } from "../../db/schema";
import type { Logger } from "../../logger.server";
import { hitLimits, type Limit, retryAfterText } from "../security/rate-limit.server";
import { ACCOUNT_MESSAGES, OTP_LENGTH } from "./schema";
import { createSession } from "./sessions.server";
import type { SmsProvider } from "./sms.server";

/**
 * One-time sign-in codes (ARCHITECTURE.md section 5; issue: customer accounts): 6 digits from a
 * CSPRNG, stored only as a salted hash, valid 10 minutes, single use, at most 5 wrong tries per
 * code, 30 s between sends, and hourly caps per phone and per client IP kept in the database so
 * every app process shares them. Whether a phone belongs to a customer never changes an answer.
 */

export const OTP_RULES = {
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  resendCooldownSeconds: 30,
  sendsPerPhonePerHour: 5,
  sendsPerIpPerHour: 20,
  checksPerPhonePerHour: 15,
  checksPerIpPerHour: 60,
} as const;

export const OTP_MESSAGES = {
  wait: (seconds: number) => `Please wait ${seconds} seconds before asking for another code.`,
  tooManySends: (when: string) => `Too many codes asked for. Please try again ${when}.`,
  tooManyChecks: (when: string) => `Too many wrong codes. Please try again ${when}.`,
  expired: "This code has expired. Please ask for a new one.",
} as const;

export interface OtpDeps {
  db: Db;
  sms: SmsProvider;
  log: Logger;
}

export type OtpOutcome<T> =
  | ({ ok: true } & T)
  | { ok: false; status: 401 | 429 | 502; error: string; retryAfterSeconds?: number };

const HOUR = 3600;

function hashCode(code: string, salt: string): string {
  return `${salt}$${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt] = stored.split("$");
  if (!salt) return false;
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Six digits, uniformly from a CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

export async function sendCode(
  deps: OtpDeps,
  store: { id: string; title: string },
  phone: string,
  clientIp: string,
  now = new Date(),
): Promise<OtpOutcome<{ resendAfterSeconds: number; expiresInSeconds: number }>> {
  const { db, sms, log } = deps;
  const [latest] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.storeId, store.id), eq(otpCodes.phone, phone)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  const since = latest ? (now.getTime() - latest.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (since < OTP_RULES.resendCooldownSeconds) {
    const wait = Math.ceil(OTP_RULES.resendCooldownSeconds - since);
    return { ok: false, status: 429, error: OTP_MESSAGES.wait(wait), retryAfterSeconds: wait };
  }
  const limits: Limit[] = [
    { key: `otp-send:phone:${store.id}:${phone}`, max: OTP_RULES.sendsPerPhonePerHour, windowSeconds: HOUR },
    { key: `otp-send:ip:${clientIp}`, max: OTP_RULES.sendsPerIpPerHour, windowSeconds: HOUR },
  ];
  const limited = await hitLimits(db, limits, now);
  if (!limited.ok) {
    return {
      ok: false,
      status: 429,
      error: OTP_MESSAGES.tooManySends(retryAfterText(limited.retryAfterSeconds)),
      retryAfterSeconds: limited.retryAfterSeconds,
    };
  }

  const code = sms.ownsCode ? null : newCode();
  // Only the newest code counts: earlier ones for this phone stop working.
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.storeId, store.id), eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
  const [row] = await db
    .insert(otpCodes)
    .values({
      storeId: store.id,
      phone,
      // With a provider that owns the code, the row still carries the expiry and the tries.
      codeHash: code ? hashCode(code, randomBytes(12).toString("base64url")) : "provider",
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000),
    })
    .returning({ id: otpCodes.id });
  try {
    await sms.send({ storeId: store.id, storeName: store.title, phone, code });
  } catch (error) {
    log.error("sign-in code not sent", { error, provider: sms.name });
    if (row) await db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, row.id));
    return { ok: false, status: 502, error: ACCOUNT_MESSAGES.sendFailed };
  }
  return { ok: true, resendAfterSeconds: OTP_RULES.resendCooldownSeconds, expiresInSeconds: OTP_RULES.ttlSeconds };
}

export async function verifyCode(
  deps: OtpDeps,
  storeId: string,
  phone: string,
  code: string,
  clientIp: string,
  now = new Date(),
): Promise<OtpOutcome<{ customerId: string; token: string }>> {
  const { db, sms } = deps;
  const limited = await hitLimits(
    db,
    [
      { key: `otp-check:phone:${storeId}:${phone}`, max: OTP_RULES.checksPerPhonePerHour, windowSeconds: HOUR },
      { key: `otp-check:ip:${clientIp}`, max: OTP_RULES.checksPerIpPerHour, windowSeconds: HOUR },
    ],
    now,
  );
  if (!limited.ok) {
    // Locked out: not even the right code works until the window passes.
    return {
      ok: false,
      status: 429,
      error: OTP_MESSAGES.tooManyChecks(retryAfterText(limited.retryAfterSeconds)),
      retryAfterSeconds: limited.retryAfterSeconds,
    };
  }
  const invalid = { ok: false, status: 401, error: ACCOUNT_MESSAGES.invalidCode } as const;
  const [current] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.storeId, storeId), eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!current || current.attempts >= OTP_RULES.maxWrongTries) return invalid;
  if (current.expiresAt <= now) return { ok: false, status: 401, error: OTP_MESSAGES.expired };

  const right = sms.ownsCode && sms.check ? await sms.check(phone, code) : codeMatches(code, current.codeHash);
  if (!right) {
    await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, current.id));
    return invalid;
  }
  // Single use: of two requests with the right code, one signs in.
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (!used) return invalid;

  // The customer record for this phone: found, or created.
  const [customer] = await db
    .insert(customers)
    .values({ storeId, phone })
    .onConflictDoUpdate({ target: [customers.storeId, customers.phone], set: { updatedAt: sql`now()` } })
    .returning({ id: customers.id });
  if (!customer) throw new Error("customer upsert returned nothing");
  const token = await createSession(db, storeId, customer.id, now);
  return { ok: true, customerId: customer.id, token };
}
