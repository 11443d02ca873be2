import { describe, expect, it } from "vitest";
import { backupFileName, backupsToRemove, readBackupName } from "./backups";

describe("backup names", () => {
  it("say when, in UTC, and whether the schedule made them", () => {
    const at = new Date("2026-12-07T03:15:00.482Z");
    expect(backupFileName(at, "scheduled")).toBe("mandi-20261207-031500-scheduled.tar.gz");
    expect(backupFileName(at, "manual")).toBe("mandi-20261207-031500.tar.gz");
    expect(readBackupName("mandi-20261207-031500-scheduled.tar.gz")).toEqual({
      name: "mandi-20261207-031500-scheduled.tar.gz",
      at: new Date("2026-12-07T03:15:00Z"),
      kind: "scheduled",
    });
    expect(readBackupName("mandi-20261207-031500.tar.gz")?.kind).toBe("manual");
  });

  it("are not read from other files", () => {
    for (const name of [
      "notes.txt",
      "mandi-2026.tar.gz",
      "../mandi-20261207-031500.tar.gz",
      "mandi-20261399-031500.tar.gz",
    ]) {
      expect(readBackupName(name), name).toBeNull();
    }
  });
});

describe("which scheduled backups go", () => {
  const day = (n: number, kind: "scheduled" | "manual" = "scheduled") =>
    backupFileName(new Date(Date.UTC(2026, 11, n, 3)), kind);

  it("all but the newest `keep` scheduled ones, never one made by hand", () => {
    const names = [day(1), day(2), day(3, "manual"), day(4), day(5), day(6), "notes.txt"];
    expect(backupsToRemove(names, 2)).toEqual([day(4), day(2), day(1)]);
    expect(backupsToRemove(names, 7)).toEqual([]);
    expect(backupsToRemove(names, 0)).toEqual([day(6), day(5), day(4), day(2), day(1)]);
  });
});
