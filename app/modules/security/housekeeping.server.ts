import { lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { idempotencyKeys, otpCodes, rateLimits, sessions, smsOutbox } from "../../db/schema";
import { SESSION_IDLE_MS } from "../accounts/sessions.server";

/**
 * Deletes rows that can no longer matter, so the security tables stay small however long a
 * store runs: rate-limit windows that have passed (the longest is an hour), sign-in codes a day
 * after they expired, sessions a day after they ended, development outbox messages after a day,
 * and idempotency records after a day (a retry comes within minutes).
 */

export interface HousekeepingReport {
  rateLimits: number;
  otpCodes: number;
  sessions: number;
  outbox: number;
  idempotencyKeys: number;
}

const DAY = sql`now() - interval '1 day'`;
/** A session idle past its limit (sessions.server.ts), a day ago. */
const IDLE_AND_A_DAY = sql`now() - make_interval(secs => ${Math.round(SESSION_IDLE_MS / 1000) + 86_400})`;

export async function runHousekeeping(db: Db): Promise<HousekeepingReport> {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    rateLimits: await count(
      db.delete(rateLimits).where(lt(rateLimits.windowStart, DAY)).returning({ key: rateLimits.key }),
    ),
    otpCodes: await count(db.delete(otpCodes).where(lt(otpCodes.expiresAt, DAY)).returning({ id: otpCodes.id })),
    sessions: await count(
      db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, DAY), lt(sessions.revokedAt, DAY), lt(sessions.lastSeenAt, IDLE_AND_A_DAY)))
        .returning({ id: sessions.id }),
    ),
    outbox: await count(db.delete(smsOutbox).where(lt(smsOutbox.createdAt, DAY)).returning({ id: smsOutbox.id })),
    idempotencyKeys: await count(
      db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, DAY)).returning({ key: idempotencyKeys.key }),
    ),
  };
}
