import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { installationUpdates } from "../../app/db/schema";
import { addUpdate, listUpdates, removeUpdate } from "../../app/modules/installation/updates.server";
import { createTestDatabase, databaseKinds } from "./test-database";

/** The installation's news (/updates, issue 60) on both databases: added, listed newest first, removed. */
describe.each(databaseKinds)("installation updates on %s", (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists none at first, then the newest first, and removes one by its id", async () => {
    expect(await listUpdates(database.db)).toEqual([]);
    const older = await addUpdate(database.db, { title: "  Diwali hours  ", body: "Closed on 1 November." });
    await database.db.update(installationUpdates).set({ publishedAt: new Date("2026-10-20T04:30:00Z") });
    const newer = await addUpdate(database.db, { title: "UPI for every store" });
    const listed = await listUpdates(database.db);
    expect(listed.map((u) => u.title)).toEqual(["UPI for every store", "Diwali hours"]);
    expect(listed[1]).toEqual({
      id: older.id,
      title: "Diwali hours",
      body: "Closed on 1 November.",
      publishedAt: "2026-10-20T04:30:00.000Z",
    });
    expect(newer.body).toBe("");

    expect(await removeUpdate(database.db, older.id)).toBe(true);
    expect(await removeUpdate(database.db, older.id)).toBe(false);
    expect(await removeUpdate(database.db, "not-an-id")).toBe(false);
    expect((await listUpdates(database.db)).map((u) => u.id)).toEqual([newer.id]);
  });

  it("refuses an update without a title, or one too long, with the words the command shows", async () => {
    await expect(addUpdate(database.db, { title: "  " })).rejects.toThrow("Give the update a title.");
    await expect(addUpdate(database.db, { title: "x".repeat(121) })).rejects.toThrow(
      "Keep the title to 120 characters.",
    );
  });
});
