import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireFolderLock, FolderLockedError } from "./folder-lock.server";

describe("data folder lock", () => {
  it("refuses a second holder with a clear message, and frees the folder on release", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mandi-lock-"));
    const lock = acquireFolderLock(dir);
    expect(() => acquireFolderLock(dir)).toThrow(FolderLockedError);
    expect(() => acquireFolderLock(dir)).toThrow(/in use by another Mandi process/);
    lock.release();
    acquireFolderLock(dir).release();
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mandi-lock-"));
    writeFileSync(path.join(dir, "mandi.lock"), "999999");
    const lock = acquireFolderLock(dir);
    expect(readFileSync(path.join(dir, "mandi.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock naming our own pid that this process does not hold (a restarted container)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mandi-lock-"));
    writeFileSync(path.join(dir, "mandi.lock"), String(process.pid));
    acquireFolderLock(dir).release();
  });
});
