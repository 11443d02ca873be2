// npm run backup [-- --out <file>]: a copy of the store's database, while it serves or not.
//   Embedded database: a gzipped tar of its files (PGlite's own dump), from the running server
//   when there is one (it owns the database; server/backup.ts), else from the folder itself,
//   into DATA_DIR/backups beside the scheduled ones (the console's Backups page lists them).
//   PostgreSQL: runs pg_dump in its custom format, or prints the line to run.
// npm run backup -- --list: the embedded database's backups, newest first.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { acquireFolderLock, FolderLockedError } from "../app/db/folder-lock.server";
import { backupFolder, listBackups, saveBackup } from "../app/modules/backups/backups.server";
import { BACKUP_PATH, type BackupControl, CONTROL_FILE } from "../server/backup";
import { fail, parseArgs, readEnv } from "./cli";

const { options } = parseArgs(process.argv.slice(2));
const env = readEnv();
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-");
const given = typeof options.get("out") === "string" ? String(options.get("out")) : null;

if (options.has("list")) {
  if (env.DATABASE_URL) fail("On PostgreSQL, backups are pg_dump's files wherever you keep them.");
  const backups = listBackups(env.DATA_DIR);
  if (backups.length === 0) process.stdout.write(`No backups in ${backupFolder(env.DATA_DIR)} yet.\n`);
  for (const backup of backups) {
    const size = `${(backup.bytes / 1024 / 1024).toFixed(1)} MB`.padStart(9);
    process.stdout.write(`${backup.name}  ${size}  ${backup.kind === "scheduled" ? "scheduled" : "by hand"}\n`);
  }
  process.exit(0);
}

if (env.DATABASE_URL) {
  const out = given ?? path.resolve("backups", `mandi-${stamp}.dump`);
  mkdirSync(path.dirname(out), { recursive: true });
  const args = ["--format=custom", "--no-owner", `--file=${out}`, env.DATABASE_URL];
  const run = spawnSync("pg_dump", args, { stdio: "inherit" });
  if (run.error) {
    fail(
      `pg_dump is not installed here. On a machine with PostgreSQL's client tools, run:\n  pg_dump --format=custom --no-owner --file=mandi.dump "$DATABASE_URL"\nand restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" mandi.dump`,
    );
  }
  if (run.status !== 0) fail("pg_dump failed; see its message above.");
  process.stdout.write(
    `Backed up PostgreSQL to ${out}\nRestore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${out}\n`,
  );
  process.exit(0);
}

const control = path.join(env.DATA_DIR, CONTROL_FILE);
let bytes: Buffer | null = null;

if (existsSync(control)) {
  // A server holds the database: it takes the copy, between two statements.
  const { port, key } = JSON.parse(readFileSync(control, "utf8")) as BackupControl;
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${BACKUP_PATH}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(10 * 60_000),
    });
    if (answer.ok) bytes = Buffer.from(await answer.arrayBuffer());
    else if (answer.status !== 404) fail(`The running server refused the backup (HTTP ${answer.status}).`);
  } catch {
    // No server answers on that port: the control file was left by one that stopped.
  }
}

if (!bytes) {
  if (!existsSync(path.join(env.DATA_DIR, "pglite"))) fail(`There is no database in ${env.DATA_DIR} to back up.`);
  let lock: ReturnType<typeof acquireFolderLock>;
  try {
    lock = acquireFolderLock(env.DATA_DIR);
  } catch (error) {
    if (error instanceof FolderLockedError) {
      fail(`${error.message}\nIt did not answer the backup request: is it a Mandi older than this command?`);
    }
    throw error;
  }
  try {
    const client = await PGlite.create({ dataDir: path.join(env.DATA_DIR, "pglite"), extensions: { pg_trgm } });
    bytes = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
    await client.close();
  } finally {
    lock.release();
  }
}

let out: string;
if (given) {
  out = given;
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bytes, { mode: 0o600 });
} else {
  out = path.join(backupFolder(env.DATA_DIR), saveBackup(env.DATA_DIR, bytes, "manual", 0).backup.name);
}
process.stdout.write(
  `Backed up the embedded database (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB) to ${out}\nRestore it with the server stopped: npm run restore -- ${out}\n`,
);
