import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../app/db/client.server";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";

/**
 * Databases for tests: PGlite in memory always, PostgreSQL too when DATABASE_URL is set.
 * Each call gets a fresh, migrated database of its own (on PostgreSQL a new database, dropped
 * again on close; on PGlite a copy of the run's template, tests/db/pglite-template.ts), so test
 * files run in parallel without seeing each other's rows.
 */

export type DatabaseKind = "pglite" | "postgres";

export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") {
    const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
    return openDatabase({ kind: "pglite-memory", copyOf: template });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is needed for the PostgreSQL tests");
  const fresh = await createFreshDatabase(url, "mandi_test");
  const database = await openDatabase({ kind: "postgres", url: fresh.url, poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}
