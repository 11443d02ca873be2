/**
 * The embedded database's backups in DATA_DIR/backups (issue 61): what their names say, and
 * which scheduled ones go when more than the store keeps have been made. A backup made by hand
 * (the console's Back up now, `npm run backup`) is never removed by the schedule.
 */

export type BackupKind = "scheduled" | "manual";

/** The jobs that make backups: the schedule's, and the console's Back up now. */
export const BACKUP_JOBS = { scheduled: "backup.scheduled", now: "backup.now" } as const;

export interface BackupName {
  name: string;
  at: Date;
  kind: BackupKind;
}

const NAME = /^mandi-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(-scheduled)?\.tar\.gz$/;

/** "mandi-20261207-031500-scheduled.tar.gz": the time (UTC) sorts the names as it sorts the backups. */
export function backupFileName(at: Date, kind: BackupKind): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
  return `mandi-${stamp}${kind === "scheduled" ? "-scheduled" : ""}.tar.gz`;
}

/** What a file's name says, or null for a file that is not a backup of this kind. */
export function readBackupName(name: string): BackupName | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, scheduled] = match;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(at.getTime())) return null;
  return { name, at, kind: scheduled ? "scheduled" : "manual" };
}

/** The scheduled backups beyond the newest `keep` of them, oldest last. */
export function backupsToRemove(names: readonly string[], keep: number): string[] {
  return names
    .map(readBackupName)
    .filter((backup): backup is BackupName => backup?.kind === "scheduled")
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(Math.max(0, keep))
    .map((backup) => backup.name);
}

export const BACKUP_MESSAGES = {
  unknown: "There is no such backup. Reload the page.",
  confirm: "Type RESTORE to confirm: the store's data now will be replaced by the backup's.",
  postgres: "This store runs on PostgreSQL: its backups are made with pg_dump, as the README says.",
  severalStores:
    "This installation serves several stores, and its backups hold them all: they are restored by whoever runs the installation (npm run restore).",
  started: "A backup is being made. It appears here in a moment.",
  already: "A backup is being made already.",
} as const;
