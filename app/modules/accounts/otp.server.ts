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
 * One-time codes (ARCHITECTURE.md section 5; issue: customer accounts): 6 digits from a
 * CSPRNG, stored only as a salted hash, valid 10 minutes, single use, at most 5 wrong tries per
 * code, 30 s between sends, and hourly caps per phone and per client IP kept in the database so
 * every app process shares them. Whether a phone belongs to a customer never changes an answer.
 *
 * A code proves one thing (its purpose): signing in, or confirming one COD order. Wrong codes
 * are counted per phone and client address together, never per phone alone (issue 53): a
 * stranger guessing from elsewhere cannot lock the customer out, and every code dies after 5
 * wrong tries, so with 5 sends an hour a phone's codes face at most 25 guesses an hour from the
 * whole world. A new code starts its own count.
 */

export const OTP_RULES = {
  ttlSeconds: 10 * 60,
  maxWrongTries: 5,
  resendCooldownSeconds: 30,
  sendsPerPhonePerHour: 5,
  sendsPerIpPerHour: 20,
  /** Wrong or right, from one client address for one phone. */
  checksPerPhoneAndIpPerHour: 15,
  checksPerIpPerHour: 60,
} as const;

/** What a code proves. */
export type CodePurpose = "sign-in" | `order:${string}`;
export const SIGN_IN: CodePurpose = "sign-in";

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

export interface SendOptions {
  purpose?: CodePurpose;
  /** For an order's code: what its message names. */
  order?: { orderNumber: string; amount: string };
  now?: Date;
}

export async function sendCode(
  deps: OtpDeps,
  store: { id: string; title: string },
  phone: string,
  clientIp: string,
  options: SendOptions = {},
): Promise<OtpOutcome<{ resendAfterSeconds: number; expiresInSeconds: number }>> {
  const { db, sms, log } = deps;
  const now = options.now ?? new Date();
  const purpose = options.purpose ?? SIGN_IN;
  // The 30 s between sends counts every code of the phone, whatever it is for.
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
  // Only the newest code counts: earlier ones for this phone and purpose stop working.
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.storeId, store.id),
        eq(otpCodes.phone, phone),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
      ),
    );
  const [row] = await db
    .insert(otpCodes)
    .values({
      storeId: store.id,
      phone,
      purpose,
      // With a provider that owns the code, the row still carries the expiry and the tries.
      codeHash: code ? hashCode(code, randomBytes(12).toString("base64url")) : "provider",
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000),
    })
    .returning({ id: otpCodes.id });
  try {
    await sms.send({ storeId: store.id, storeName: store.title, phone, code, order: options.order });
  } catch (error) {
    log.error("one-time code not sent", {
      error,
      provider: sms.name,
      purpose: purpose === SIGN_IN ? purpose : "order",
    });
    if (row) await db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, row.id));
    return { ok: false, status: 502, error: ACCOUNT_MESSAGES.sendFailed };
  }
  return { ok: true, resendAfterSeconds: OTP_RULES.resendCooldownSeconds, expiresInSeconds: OTP_RULES.ttlSeconds };
}

/**
 * Uses up the phone's newest code of this purpose when `code` is it. Locked out (15 checks an
 * hour from this address for this phone, or 60 from this address), not even the right code works
 * until the window passes.
 */
export async function consumeCode(
  deps: OtpDeps,
  storeId: string,
  phone: string,
  code: string,
  clientIp: string,
  purpose: CodePurpose,
  now = new Date(),
): Promise<OtpOutcome<Record<never, never>>> {
  const { db, sms } = deps;
  const limited = await hitLimits(
    db,
    [
      {
        key: `otp-check:phone-ip:${storeId}:${phone}:${clientIp}`,
        max: OTP_RULES.checksPerPhoneAndIpPerHour,
        windowSeconds: HOUR,
      },
      { key: `otp-check:ip:${clientIp}`, max: OTP_RULES.checksPerIpPerHour, windowSeconds: HOUR },
    ],
    now,
  );
  if (!limited.ok) {
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
    .where(
      and(
        eq(otpCodes.storeId, storeId),
        eq(otpCodes.phone, phone),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumedAt),
      ),
    )
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
  // Single use: of two requests with the right code, one goes through.
  const [used] = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  return used ? { ok: true } : invalid;
}

/** Signs in with a sign-in code: the customer record for the phone, found or created, and a new session. */
export async function verifyCode(
  deps: OtpDeps,
  storeId: string,
  phone: string,
  code: string,
  clientIp: string,
  now = new Date(),
): Promise<OtpOutcome<{ customerId: string; token: string }>> {
  const { db } = deps;
  const consumed = await consumeCode(deps, storeId, phone, code, clientIp, SIGN_IN, now);
  if (!consumed.ok) return consumed;

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
