import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../app/db/client.server";

/**
 * Databases for tests: PGlite in memory always, PostgreSQL too when DATABASE_URL is set.
 * Each call gets a fresh, migrated database of its own (on PostgreSQL a new database, dropped
 * again on close), so test files run in parallel without seeing each other's rows.
 */

export type DatabaseKind = "pglite" | "postgres";

export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") return openDatabase({ kind: "pglite-memory" });
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is needed for the PostgreSQL tests");
  const name = `mandi_test_${randomBytes(6).toString("hex")}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: dbUrl.toString(), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
