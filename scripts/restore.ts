// npm run restore -- <backup.tar.gz | a name from npm run backup -- --list>: puts a backup in
// place of the embedded database, with the server stopped (or use the console's Backups page,
// which restarts the server for it). The database it replaces is kept beside it
// (DATA_DIR/pglite.before-restore-<time>), so a wrong restore is undone by moving it back.
import { existsSync, mkdirSync } from "node:fs";
import { acquireFolderLock, FolderLockedError } from "../app/db/folder-lock.server";
import { backupPath, restoreBackup } from "../app/modules/backups/backups.server";
import { fail, parseArgs, readEnv } from "./cli";

const { options, positional } = parseArgs(process.argv.slice(2));
const env = readEnv();
if (env.DATABASE_URL) {
  fail('On PostgreSQL, restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <file>.dump');
}
const [given] = positional;
if (!given) fail("Usage: npm run restore -- <backup.tar.gz or a name from npm run backup -- --list>");
// A name from the backups folder, or a path to a backup anywhere.
const file = existsSync(given) ? given : backupPath(env.DATA_DIR, given);
if (!file) fail(`No file ${given}, nor a backup of that name in DATA_DIR/backups.`);

mkdirSync(env.DATA_DIR, { recursive: true });
let lock: ReturnType<typeof acquireFolderLock>;
try {
  lock = acquireFolderLock(env.DATA_DIR);
} catch (error) {
  if (error instanceof FolderLockedError) {
    fail(`${error.message}\nStop the server, then restore; or restore on the console's Backups page.`);
  }
  throw error;
}
try {
  const { stores, kept } = await restoreBackup(env.DATA_DIR, file);
  if (kept && !options.has("yes")) process.stdout.write(`The database it replaces is kept at ${kept}.\n`);
  process.stdout.write(
    `Restored ${given} (${stores} store${stores === 1 ? "" : "s"}) into ${env.DATA_DIR}. Start the server again.\n`,
  );
} finally {
  lock.release();
}
