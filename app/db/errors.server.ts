import type { Db, Tx } from "./client.server";

/**
 * PostgreSQL error facts, whichever driver raised them: Drizzle wraps the driver's error
 * (node-postgres or PGlite) in its own, with the original as the cause.
 */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === "string" ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return {};
}

/** Serialisation failures and deadlocks: the transaction did nothing and may simply run again. */
export function isRetryable(error: unknown): boolean {
  const { code } = pgError(error);
  return code === "40001" || code === "40P01";
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === "23505" && (constraint === undefined || e.constraint === undefined || e.constraint === constraint);
}

/**
 * Runs a transaction, again (up to 5 times, with a short random pause) when the database
 * reports a serialisation failure or a deadlock, as distributed PostgreSQL-compatible
 * databases do under contention (ARCHITECTURE.md section 2).
 */
export async function transactionWithRetry<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
