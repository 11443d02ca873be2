import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { staff, staffLinks, staffSessions } from "../../db/schema";
import { readCookie } from "../security/csrf";
import { checkLimits, hitLimits, retryAfterText } from "../security/rate-limit.server";
import { PASSWORD_RULES, STAFF_MESSAGES } from "./messages";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.server";
import {
  challengeFor,
  endChallenge,
  newChallenge,
  SECOND_FACTOR_MESSAGES,
  spendSecondFactor,
} from "./second-factor.server";

/**
 * The shop's staff (issue 54): accounts made from the shell or by an owner, a one-time link to
 * choose a password, sign-in limited per account and per client address, and console sessions
 * in a cookie of their own, shorter-lived than a customer's and revocable everywhere at once.
 */

import type { StaffRole } from "./messages";

export type { StaffRole };

export interface StaffMember {
  id: string;
  storeId: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
}

export const STAFF_COOKIE = "mandi_console";
export const STAFF_COOKIE_SECURE = "__Host-mandi_console";
/** A console session ends 12 hours after sign-in, or after 2 hours without a request. */
export const STAFF_SESSION_MS = 12 * 3_600_000;
export const STAFF_IDLE_MS = 2 * 3_600_000;
const LINK_MS = 24 * 3_600_000;
const TOUCH_EVERY_MS = 60_000;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;
}

export class StaffError extends Error {
  override name = "StaffError";
}

/** Adds a staff account with no password yet, and a one-time link (token) to choose one. */
export async function addStaff(
  db: Db,
  storeId: string,
  input: { email: string; name?: string; role: StaffRole },
  now = new Date(),
): Promise<{ staffId: string; token: string }> {
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) throw new StaffError(STAFF_MESSAGES.email);
  const [row] = await db
    .insert(staff)
    .values({ storeId, email, name: input.name?.trim() ?? "", role: input.role })
    .onConflictDoNothing()
    .returning({ id: staff.id });
  if (!row) throw new StaffError(STAFF_MESSAGES.exists);
  return { staffId: row.id, token: await newPasswordLink(db, row.id, now) };
}

export async function staffIdByEmail(db: Db, storeId: string, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.email, normaliseEmail(email))));
  return row?.id ?? null;
}

/** A new one-time link for a staff member (an earlier unused one stops working). */
export async function newPasswordLink(db: Db, staffId: string, now = new Date()): Promise<string> {
  await db
    .update(staffLinks)
    .set({ usedAt: now })
    .where(and(eq(staffLinks.staffId, staffId), isNull(staffLinks.usedAt)));
  const token = newToken();
  await db.insert(staffLinks).values({ staffId, tokenHash: hash(token), expiresAt: new Date(now.getTime() + LINK_MS) });
  return token;
}

/** Whom a one-time link is for, while it can still be used. */
export async function linkFor(
  db: Db,
  storeId: string,
  token: string,
  now = new Date(),
): Promise<{ staffId: string; email: string; name: string } | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ staffId: staff.id, email: staff.email, name: staff.name })
    .from(staffLinks)
    .innerJoin(staff, eq(staff.id, staffLinks.staffId))
    .where(
      and(
        eq(staffLinks.tokenHash, hash(token)),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, now),
        eq(staff.storeId, storeId),
        eq(staff.active, true),
      ),
    );
  return row ?? null;
}

/** Why a password may not be chosen, or null. */
export function passwordProblem(password: string, again: string): string | null {
  if (password.length < PASSWORD_RULES.minLength) return STAFF_MESSAGES.passwordShort;
  if (password.length > PASSWORD_RULES.maxLength) return STAFF_MESSAGES.passwordLong;
  if (password !== again) return STAFF_MESSAGES.passwordsDiffer;
  return null;
}

/**
 * Uses a one-time link: sets the password, ends every session the account had, and signs in.
 * Of two uses at once, one wins (the link is marked used in the same statement that checks it).
 */
export async function redeemPasswordLink(
  db: Db,
  storeId: string,
  token: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<{ ok: true; sessionToken: string } | { ok: false; error: string }> {
  const target = await linkFor(db, storeId, token, now);
  if (!target) return { ok: false, error: STAFF_MESSAGES.linkInvalid };
  const passwordHash = await hashPassword(password);
  const [used] = await db
    .update(staffLinks)
    .set({ usedAt: now })
    .where(and(eq(staffLinks.tokenHash, hash(token)), isNull(staffLinks.usedAt)))
    .returning({ staffId: staffLinks.staffId });
  if (!used) return { ok: false, error: STAFF_MESSAGES.linkInvalid };
  await db.update(staff).set({ passwordHash, updatedAt: now }).where(eq(staff.id, used.staffId));
  await revokeAllSessions(db, used.staffId, now);
  return { ok: true, sessionToken: await startSession(db, used.staffId, ip, now) };
}

/**
 * Signs in with email and password: the same answer for an unknown email, a wrong password
 * and an account switched off, after the same work (an unknown email is checked against a
 * decoy hash). Ten failed attempts per account and 30 per client address every 15 minutes.
 */
export async function signIn(
  db: Db,
  storeId: string,
  email: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<SignInOutcome> {
  const normal = normaliseEmail(email);
  const limits = signInLimits(storeId, normal, ip);
  const limited = await checkLimits(db, limits, now);
  if (!limited.ok) {
    return { ok: false, status: 429, error: STAFF_MESSAGES.tooMany(retryAfterText(limited.retryAfterSeconds)) };
  }
  const [row] = await db
    .select({
      id: staff.id,
      passwordHash: staff.passwordHash,
      active: staff.active,
      secondFactor: staff.totpEnabledAt,
    })
    .from(staff)
    .where(and(eq(staff.storeId, storeId), eq(staff.email, normal)));
  const right = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
  if (!row?.passwordHash || !row.active || !right) {
    await hitLimits(db, limits, now);
    return { ok: false, status: 401, error: STAFF_MESSAGES.wrongSignIn };
  }
  // With two-step sign-in on, the password alone opens nothing: the next step asks for the code.
  if (row.secondFactor) return { ok: "code", challenge: await newChallenge(db, row.id, now) };
  await db.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, row.id));
  return { ok: true, sessionToken: await startSession(db, row.id, ip, now) };
}

export type SignInOutcome =
  | { ok: true; sessionToken: string }
  | { ok: "code"; challenge: string; error?: string }
  | { ok: false; status: 401 | 429; error: string };

/**
 * Failed attempts are what is counted, passwords and second-factor codes alike: an owner
 * signing in all day is never locked out, and once the count is reached not even the right
 * password works until the window passes. Ten per account and 30 per client address every
 * 15 minutes.
 */
function signInLimits(storeId: string, email: string, ip: string) {
  return [
    { key: `staff-sign-in:account:${storeId}:${email}`, max: 10, windowSeconds: 900 },
    { key: `staff-sign-in:ip:${ip}`, max: 30, windowSeconds: 900 },
  ];
}

/** The sign-in's second step: the challenge from a right password, and a code from the app or a recovery code. */
export async function signInWithCode(
  db: Db,
  storeId: string,
  challenge: string,
  code: string,
  ip: string,
  now = new Date(),
): Promise<SignInOutcome> {
  const target = await challengeFor(db, storeId, challenge, now);
  if (!target) return { ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.expired };
  const limits = signInLimits(storeId, target.email, ip);
  const limited = await checkLimits(db, limits, now);
  if (!limited.ok) {
    return { ok: false, status: 429, error: STAFF_MESSAGES.tooMany(retryAfterText(limited.retryAfterSeconds)) };
  }
  if (!(await spendSecondFactor(db, target.staffId, code, now))) {
    await hitLimits(db, limits, now);
    return { ok: "code", challenge, error: SECOND_FACTOR_MESSAGES.wrongCode };
  }
  if (!(await endChallenge(db, target.challengeId, now))) {
    return { ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.expired };
  }
  await db.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, target.staffId));
  return { ok: true, sessionToken: await startSession(db, target.staffId, ip, now) };
}

async function startSession(db: Db, staffId: string, ip: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: hash(token),
    ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_MS),
  });
  return token;
}

export function readStaffToken(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const token = readCookie(cookieHeader, secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE);
  return token && /^[\w-]{43}$/.test(token) ? token : null;
}

/** The signed-in staff member of a console session token, or null (ended, idle, switched off). */
export async function readStaffSession(
  db: Db,
  storeId: string,
  token: string | null,
  now = new Date(),
): Promise<StaffMember | null> {
  if (!token) return null;
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      storeId: staff.storeId,
      email: staff.email,
      name: staff.name,
      role: staff.role,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hash(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
        eq(staff.storeId, storeId),
        eq(staff.active, true),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  }
  const { lastSeenAt: _seen, ...member } = row;
  return member;
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, sessionId));
}

/** Sign-out everywhere: every session of the account ends. */
export async function revokeAllSessions(db: Db | Tx, staffId: string, now = new Date()): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return ended.length;
}

export function staffCookie(token: string, secure: boolean): string {
  const name = secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE;
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${STAFF_SESSION_MS / 1000}${secure ? "; Secure" : ""}`;
}

export function clearedStaffCookie(secure: boolean): string {
  const name = secure ? STAFF_COOKIE_SECURE : STAFF_COOKIE;
  return `${name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
}
