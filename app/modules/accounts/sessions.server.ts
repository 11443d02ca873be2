import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { sessions } from "../../db/schema";
import { readCookie } from "../security/csrf";

/**
 * Sign-in sessions (ARCHITECTURE.md section 5): a random 256-bit token in an HttpOnly,
 * SameSite=Lax cookie (`__Host-` and Secure on an HTTPS store), stored only as a hash; a new
 * token at every sign-in; an idle timeout and an absolute lifetime; revoked at sign-out.
 */

export const SESSION_COOKIE = "mandi_session";
export const SESSION_COOKIE_SECURE = "__Host-mandi_session";
/** A session ends this long after sign-in, however active. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** ...or after this long without a request. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often (a write per request would be waste). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  const token = readCookie(cookieHeader, SESSION_COOKIE_SECURE) ?? readCookie(cookieHeader, SESSION_COOKIE);
  return token && /^[\w-]{43}$/.test(token) ? token : null;
}

export function sessionCookie(token: string, secure: boolean): string {
  const name = secure ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
  const maxAge = Math.floor(SESSION_LIFETIME_MS / 1000);
  return `${name}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  const name = secure ? SESSION_COOKIE_SECURE : SESSION_COOKIE;
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** Starts a session for a customer; the token is returned once and never stored. */
export async function createSession(db: Db, storeId: string, customerId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    storeId,
    customerId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return token;
}

export interface SignedIn {
  sessionId: string;
  customerId: string;
}

/** The signed-in customer for a token, if its session is alive in this store. */
export async function readSession(
  db: Db,
  storeId: string,
  token: string | null,
  now = new Date(),
): Promise<SignedIn | null> {
  if (!token) return null;
  const [row] = await db
    .select({ id: sessions.id, customerId: sessions.customerId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        eq(sessions.storeId, storeId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, customerId: row.customerId };
}

/** Ends the session the token belongs to (sign-out, or rotation at the next sign-in). */
export async function revokeSession(db: Db, token: string | null, now = new Date()): Promise<void> {
  if (!token) return;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)));
}
