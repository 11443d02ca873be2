import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrationsFolder } from "../../app/db/client.server";
import { readiness } from "../../server/health";
import { createTestDatabase, databaseKinds } from "./test-database";

/** /readyz's answer (issue 61) on both databases: ready with every migration, not ready without the last. */
describe.each(databaseKinds)("readiness on %s", (kind) => {
  let database: Database;
  const known = readdirSync(migrationsFolder()).filter((file) => file.endsWith(".sql")).length;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is ready when the database holds every migration the build knows", async () => {
    const state = await readiness(database.db);
    expect(state).toEqual({ ready: true, database: "up", migrations: { known, applied: known } });
  });

  it("is not ready while the newest migration is missing", async () => {
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await readiness(database.db)).toEqual({
      ready: false,
      database: "up",
      migrations: { known, applied: known - 1 },
    });
  });

  it("is not ready when the database does not answer", async () => {
    const closed = await createTestDatabase(kind);
    await closed.close();
    expect(await readiness(closed.db)).toEqual({
      ready: false,
      database: "down",
      migrations: { known, applied: null },
    });
  });
});
