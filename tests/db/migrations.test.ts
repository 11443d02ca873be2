import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../../app/db/client.server";

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

describe("the committed migrations", () => {
  const folder = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;

  it("are numbered in order, each with its SQL file", () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, "0")), entry.tag).toBe(true);
      expect(existsSync(path.join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
    });
  });

  it("carry times that only increase: a database migrated before applies every later one", () => {
    // Drizzle's migrator applies a migration only when its time is after the last applied one's,
    // so a migration dated before its predecessor would be skipped on every existing database.
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, after] = [journal.entries[i - 1], journal.entries[i]];
      expect(after?.when, after?.tag).toBeGreaterThan(before?.when ?? 0);
    }
  });
});
