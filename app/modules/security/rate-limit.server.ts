import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { rateLimits } from "../../db/schema";

/**
 * Fixed-window counters in the database, so every app process shares them (ARCHITECTURE.md
 * section 2): each hit adds one to the current window of each limit; a limit is exceeded when
 * its count passes its maximum.
 */

export interface Limit {
  /** What is counted, e.g. `otp-send:phone:{store}:{phone}`. */
  key: string;
  max: number;
  windowSeconds: number;
}

export type LimitOutcome = { ok: true } | { ok: false; key: string; retryAfterSeconds: number };

function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** Counts one hit against every limit; answers the first one exceeded (all are counted). */
export async function hitLimits(db: Db, limits: readonly Limit[], now = new Date()): Promise<LimitOutcome> {
  let exceeded: LimitOutcome = { ok: true };
  for (const limit of limits) {
    const start = windowStart(now, limit.windowSeconds);
    const [row] = await db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    if (exceeded.ok && (row?.count ?? 0) > limit.max) {
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((start.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
      exceeded = { ok: false, key: limit.key, retryAfterSeconds };
    }
  }
  return exceeded;
}

/** Whether any limit is already past its maximum, without counting a hit. */
export async function checkLimits(db: Db, limits: readonly Limit[], now = new Date()): Promise<LimitOutcome> {
  for (const limit of limits) {
    const start = windowStart(now, limit.windowSeconds);
    const [row] = await db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${limit.key} and ${rateLimits.windowStart} = ${start}`);
    if ((row?.count ?? 0) >= limit.max) {
      const retryAfterSeconds = Math.ceil((start.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000);
      return { ok: false, key: limit.key, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
    }
  }
  return { ok: true };
}

/** "in 12 minutes", "in 45 seconds": when to try again, in words. */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}
