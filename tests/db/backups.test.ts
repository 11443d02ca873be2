import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../app/db/client.server";
import { installationUpdates } from "../../app/db/schema";
import { createLogger } from "../../app/logger.server";
import { BACKUP_JOBS } from "../../app/modules/backups/backups";
import {
  applyPendingRestore,
  backupFolder,
  listBackups,
  RESTORE_PENDING,
  requestRestore,
} from "../../app/modules/backups/backups.server";
import type { ClaimedJob } from "../../app/modules/jobs/queue.server";
import type { JobHandler } from "../../app/modules/jobs/worker.server";
import { backupJobs } from "../../server/backup-jobs";
import { createTestDatabase } from "./test-database";

/**
 * The embedded database's backups (issue 61): the schedule's and Back up now's jobs write whole
 * backups into DATA_DIR/backups and keep the newest BACKUP_KEEP scheduled ones; a restore asked
 * for is done before the database next opens, and brings back exactly what the backup held.
 */
// Each test opens a database on disk (PGlite's initdb and every migration): slow on a busy machine.
describe("backups of the embedded database", { timeout: 120_000 }, () => {
  let database: Database;
  let dataDir: string;
  const log = createLogger("silent");
  const run = (handler: JobHandler | undefined) =>
    handler?.({} as ClaimedJob, { db: database.db, log, signal: new AbortController().signal });

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    dataDir = mkdtempSync(path.join(tmpdir(), "mandi-backups-"));
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are scheduled one interval after the first start, and only for the embedded database", () => {
    const env = { DATA_DIR: dataDir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 };
    expect(backupJobs(database, env).recurring).toEqual([
      { kind: BACKUP_JOBS.scheduled, everySeconds: 86_400, firstAfterAnInterval: true },
    ]);
    expect(backupJobs(database, { ...env, BACKUP_EVERY_HOURS: 0 }).recurring).toEqual([]);
    expect(backupJobs({ ...database, kind: "postgres" }, env)).toEqual({ handlers: {}, recurring: [] });
  });

  it("keep the newest scheduled ones and every one made by hand", async () => {
    const { handlers } = backupJobs(database, { DATA_DIR: dataDir, BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 2 });
    await database.db.insert(installationUpdates).values({ title: "Before the backups" });
    await run(handlers[BACKUP_JOBS.now]);
    for (let i = 0; i < 3; i += 1) await run(handlers[BACKUP_JOBS.scheduled]);
    const backups = listBackups(dataDir);
    expect(backups.map((backup) => backup.kind)).toEqual(expect.arrayContaining(["manual", "scheduled", "scheduled"]));
    expect(backups).toHaveLength(3);
    expect(backups.every((backup) => backup.bytes > 100_000)).toBe(true);
    // Nothing half-written is left beside them.
    expect(readdirSync(backupFolder(dataDir)).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("restore what the backup held, at the next start, keeping the database they replace", async () => {
    await database.db.insert(installationUpdates).values({ title: "After the backups" });
    // The live database is written out as a folder, as the server's would be.
    const live = await openDatabase({ kind: "pglite", dataDir });
    await live.db.insert(installationUpdates).values({ title: "Only in the live folder" });
    await live.close();

    const manual = listBackups(dataDir).find((backup) => backup.kind === "manual");
    expect(requestRestore(dataDir, "mandi-20990101-000000.tar.gz", "owner@annapurna.example")).toBe(false);
    expect(requestRestore(dataDir, manual?.name ?? "", "owner@annapurna.example")).toBe(true);
    const restored = await applyPendingRestore(dataDir);
    expect(restored).toMatchObject({ name: manual?.name, by: "owner@annapurna.example", stores: expect.any(Number) });
    expect(existsSync(path.join(dataDir, RESTORE_PENDING))).toBe(false);
    const kept = restored && "kept" in restored ? restored.kept : null;
    expect(kept && existsSync(kept)).toBe(true);

    const reopened = await openDatabase({ kind: "pglite", dataDir });
    try {
      const titles = (await reopened.db.select({ title: installationUpdates.title }).from(installationUpdates)).map(
        (row) => row.title,
      );
      expect(titles).toContain("Before the backups");
      expect(titles).not.toContain("After the backups");
      expect(titles).not.toContain("Only in the live folder");
    } finally {
      await reopened.close();
    }
  });

  it("leave the database as it was when the backup cannot be restored, and ask no more", async () => {
    const bad = path.join(backupFolder(dataDir), "mandi-20261207-010101.tar.gz");
    writeFileSync(bad, "not a backup");
    expect(requestRestore(dataDir, path.basename(bad), "owner@annapurna.example")).toBe(true);
    const answer = await applyPendingRestore(dataDir);
    expect(answer).toMatchObject({ name: path.basename(bad), error: expect.any(String) });
    expect(await applyPendingRestore(dataDir)).toBeNull();
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    const rows = await reopened.db.select().from(installationUpdates);
    await reopened.close();
    expect(rows.map((row) => row.title)).toEqual(["Before the backups"]);
  });
});
