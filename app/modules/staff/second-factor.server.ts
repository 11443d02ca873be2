import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Db } from "../../db/client.server";
import { staff, staffRecoveryCodes, staffSignInChallenges } from "../../db/schema";

/**
 * The console's optional second factor (issue 54): a time-based code from an authenticator app
 * (TOTP, RFC 6238: SHA-1, 6 digits, 30 seconds, as every app reads it) through otpauth, and ten
 * recovery codes shown once, each good once. A code is good once too: the last time step
 * accepted is kept, so a code seen over a shoulder cannot be used again.
 */

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Enter the 6 digits your authenticator app shows now, or a recovery code.",
  expired: "The sign-in took too long. Please enter your email and password again.",
  notEnrolling: "Start setting up two-step sign-in again.",
  alreadyOn: "Two-step sign-in is already on.",
  notOn: "Two-step sign-in is not on.",
} as const;

const CHALLENGE_MS = 5 * 60_000;
const RECOVERY_CODES = 10;
const hash = (text: string) => createHash("sha256").update(text).digest("hex");

function totpFor(secret: string, label = "", issuer = "Mandi"): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A recovery code as staff type it: ten letters and digits in two groups, any case, spaces or dashes ignored. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

function newRecoveryCode(): string {
  // 50 bits, in letters and digits no one mistakes for each other.
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(10);
  const letters = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Step 1 of enrolment: a new secret, kept but not yet in force, as a link for the app and its QR code. */
export async function startEnrolment(
  db: Db,
  member: { id: string; email: string },
  storeTitle: string,
): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(staff)
    .set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null })
    .where(eq(staff.id, member.id));
  return { secret, uri: enrolmentUri(secret, member.email, storeTitle) };
}

/** The otpauth:// link an authenticator app reads (from its QR code), naming the store and the account. */
export function enrolmentUri(secret: string, email: string, storeTitle: string): string {
  return totpFor(secret, email, storeTitle).toString();
}

/** The step a code is good for, or null: the step before, now, and after (a phone's clock may be 30 s out). */
export function codeStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 30_000) + delta;
}

/**
 * Step 2 of enrolment: the first code from the app proves it holds the secret; two-step sign-in
 * is on from then, with ten new recovery codes, returned once to be shown once.
 */
export async function confirmEnrolment(
  db: Db,
  staffId: string,
  code: string,
  now = new Date(),
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; error: string }> {
  const [row] = await db
    .select({ secret: staff.totpSecret, enabledAt: staff.totpEnabledAt })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!row?.secret) return { ok: false, error: SECOND_FACTOR_MESSAGES.notEnrolling };
  if (row.enabledAt) return { ok: false, error: SECOND_FACTOR_MESSAGES.alreadyOn };
  const step = codeStep(row.secret, code.trim(), now);
  if (step === null) return { ok: false, error: SECOND_FACTOR_MESSAGES.wrongCode };
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ totpEnabledAt: now, totpLastStep: step }).where(eq(staff.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await tx
      .insert(staffRecoveryCodes)
      .values(recoveryCodes.map((c) => ({ staffId, codeHash: hash(normaliseRecoveryCode(c)) })));
  });
  return { ok: true, recoveryCodes };
}

/**
 * Whether `code` (an app's 6 digits, or a recovery code) proves the second factor, using it up:
 * the step is recorded only if it is later than the last one accepted, and a recovery code is
 * marked used in the statement that finds it, so of two uses at once one wins.
 */
export async function spendSecondFactor(db: Db, staffId: string, code: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.id, staffId));
  if (!row?.secret) return false;
  const typed = code.trim();
  const step = codeStep(row.secret, typed, now);
  if (step !== null) {
    const taken = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staff.id, staffId),
          // A code already used (or an older one) is refused.
          sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: staff.id });
    return taken.length > 0;
  }
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, hash(normaliseRecoveryCode(typed))),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return used.length > 0;
}

/** Turns two-step sign-in off (with a current code), forgetting the secret and the recovery codes. */
export async function turnOffSecondFactor(
  db: Db,
  staffId: string,
  code: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: string }> {
  const [row] = await db.select({ enabledAt: staff.totpEnabledAt }).from(staff).where(eq(staff.id, staffId));
  if (!row?.enabledAt) return { ok: false, error: SECOND_FACTOR_MESSAGES.notOn };
  if (!(await spendSecondFactor(db, staffId, code, now))) return { ok: false, error: SECOND_FACTOR_MESSAGES.wrongCode };
  await db.transaction((tx) => clearSecondFactor(tx, staffId));
  return { ok: true };
}

/** Forgets an account's authenticator and recovery codes (inside the caller's transaction). */
export async function clearSecondFactor(tx: Db, staffId: string): Promise<void> {
  await tx
    .update(staff)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(staff.id, staffId));
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}

/** How many recovery codes are left unused. */
export async function recoveryCodesLeft(db: Db, staffId: string): Promise<number> {
  const rows = await db
    .select({ id: staffRecoveryCodes.id })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return rows.length;
}

/** After a right password on an account with two-step sign-in: a one-time token for the code step. */
export async function newChallenge(db: Db, staffId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(staffSignInChallenges)
    .values({ staffId, tokenHash: hash(token), expiresAt: new Date(now.getTime() + CHALLENGE_MS), createdAt: now });
  return token;
}

/** The account a challenge stands for, while it is unused and fresh. */
export async function challengeFor(
  db: Db,
  storeId: string,
  token: string,
  now: Date,
): Promise<{ challengeId: string; staffId: string; email: string } | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ challengeId: staffSignInChallenges.id, staffId: staff.id, email: staff.email })
    .from(staffSignInChallenges)
    .innerJoin(staff, eq(staff.id, staffSignInChallenges.staffId))
    .where(
      and(
        eq(staffSignInChallenges.tokenHash, hash(token)),
        isNull(staffSignInChallenges.usedAt),
        gt(staffSignInChallenges.expiresAt, now),
        eq(staff.storeId, storeId),
        eq(staff.active, true),
      ),
    );
  return row ?? null;
}

/** Uses a challenge up; false when another request used it first. */
export async function endChallenge(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(staffSignInChallenges)
    .set({ usedAt: now })
    .where(and(eq(staffSignInChallenges.id, challengeId), isNull(staffSignInChallenges.usedAt)))
    .returning({ id: staffSignInChallenges.id });
  return ended.length > 0;
}
