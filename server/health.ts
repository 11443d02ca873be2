import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, migrationsFolder } from "../app/db/client.server";

/**
 * /readyz (issue 61): whether this process can serve, for a load balancer or an orchestrator:
 * the database answers and holds every migration this build knows. /healthz says only that the
 * process is alive.
 */

interface Journal {
  entries: Array<{ tag: string; when: number }>;
}

let known: { count: number; last: number } | undefined;

/** The migrations this build carries: how many, and when the newest was made. */
function knownMigrations(): { count: number; last: number } {
  if (!known) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as Journal;
    known = { count: journal.entries.length, last: Math.max(0, ...journal.entries.map((entry) => entry.when)) };
  }
  return known;
}

export interface Readiness {
  ready: boolean;
  database: "up" | "down";
  migrations: { known: number; applied: number | null };
}

export async function readiness(db: Db): Promise<Readiness> {
  const build = knownMigrations();
  try {
    const result = (await db.execute(
      sql`select count(*)::int as applied, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ applied: number; last: string | number }> };
    const row = result.rows[0];
    const applied = Number(row?.applied ?? 0);
    // Applied by this build or a newer one on the same database (several processes, an upgrade).
    const ready = Number(row?.last ?? 0) >= build.last;
    return { ready, database: "up", migrations: { known: build.count, applied } };
  } catch {
    return { ready: false, database: "down", migrations: { known: build.count, applied: null } };
  }
}
