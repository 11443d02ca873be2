// npm run restore -- <backup.tar.gz> [--yes]: puts a backup made by `npm run backup` in place of
// the embedded database, with the server stopped. The database it replaces is kept beside it
// (DATA_DIR/pglite.before-restore-<time>), so a wrong restore is undone by moving it back.
import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { acquireFolderLock, FolderLockedError } from "../app/db/folder-lock.server";
import { fail, parseArgs, readEnv } from "./cli";

const { options, positional } = parseArgs(process.argv.slice(2));
const env = readEnv();
if (env.DATABASE_URL) {
  fail('On PostgreSQL, restore with: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <file>.dump');
}
const [file] = positional;
if (!file) fail("Usage: npm run restore -- <backup.tar.gz>");
if (!existsSync(file)) fail(`No file ${file}.`);

mkdirSync(env.DATA_DIR, { recursive: true });
let lock: ReturnType<typeof acquireFolderLock>;
try {
  lock = acquireFolderLock(env.DATA_DIR);
} catch (error) {
  if (error instanceof FolderLockedError) fail(`${error.message}\nStop the server, then restore.`);
  throw error;
}
try {
  const target = path.join(env.DATA_DIR, "pglite");
  // Check the backup opens before anything is moved.
  const blob = new Blob([readFileSync(file)]);
  const check = await PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } });
  const [row] = (await check.query<{ n: number }>("select count(*)::int as n from stores")).rows;
  await check.close();
  const kept = `${target}.before-restore-${Date.now()}`;
  if (existsSync(target)) {
    if (!options.has("yes")) process.stdout.write(`The database now in ${target} is kept at ${kept}.\n`);
    renameSync(target, kept);
  }
  const restored = await PGlite.create({ dataDir: target, loadDataDir: blob, extensions: { pg_trgm } });
  await restored.close();
  process.stdout.write(
    `Restored ${file} (${row?.n ?? 0} store${row?.n === 1 ? "" : "s"}) into ${env.DATA_DIR}. Start the server again.\n`,
  );
} finally {
  lock.release();
}
