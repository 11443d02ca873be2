import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../project-root.server";
import { acquireFolderLock, type FolderLock } from "./folder-lock.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database, whichever engine is underneath: both speak PostgreSQL through Drizzle. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives, for logs: a folder, "memory", or the server's host/database. */
  location: string;
  /**
   * Hears the notifications sent on `channel` (pg_notify), each after its transaction commits.
   * `onNotify` runs for each one. `onHearing(false)` says notifications may be missed from now
   * (the listening connection broke); `onHearing(true)` says they are heard again, and
   * anything may have changed in between. Listening resumes by itself until `stop`.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<{ stop(): Promise<void> }>;
  /** The connection pool's state, for metrics; PostgreSQL only (PGlite has one connection). */
  pool?(): PoolState;
  close(): Promise<void>;
}

export interface PoolState {
  /** Connections open, idle among them, requests waiting for one, and the most allowed. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onHearing(hearing: boolean): void;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory; `copyOf` starts it as a copy of a dump made by `dumpDatabase`. */
  | { kind: "pglite-memory"; copyOf?: Blob };

/** The PGlite instance behind each open PGlite database, for `dumpDatabase`. */
const pgliteClients = new WeakMap<Database, PGlite>();

export function migrationsFolder(): string {
  return path.join(projectRoot(), "app/db/migrations");
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const database =
    target.kind === "postgres" ? await openPostgres(target.url, target.poolSize) : await openPglite(target);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPglite(target: Exclude<DatabaseTarget, { kind: "postgres" }>): Promise<Database> {
  let lock: FolderLock | undefined;
  let dataDir: string | undefined;
  if (target.kind === "pglite") {
    mkdirSync(target.dataDir, { recursive: true });
    // PGlite is one process's database: a second process on the same folder would corrupt it.
    lock = acquireFolderLock(target.dataDir);
    dataDir = path.join(target.dataDir, "pglite");
  }
  try {
    const client = await PGlite.create({
      dataDir,
      loadDataDir: target.kind === "pglite-memory" ? target.copyOf : undefined,
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema });
    const database: Database = {
      db: db as unknown as Db,
      kind: "pglite",
      location: target.kind === "pglite" ? target.dataDir : "memory",
      // One process owns a PGlite database, so its notifications never go unheard.
      async listen(channel, { onNotify, onHearing }) {
        const unlisten = await client.listen(channel, onNotify);
        onHearing(true);
        return { stop: () => unlisten() };
      },
      async close() {
        await client.close();
        lock?.release();
      },
    };
    pgliteClients.set(database, client);
    return database;
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * A PGlite database's files as one tar (gzipped for a backup), for `{ kind: "pglite-memory", copyOf }`
 * or a restore. PGlite takes it while no statement runs: a consistent copy of a serving store.
 * Opening a copy skips PGlite's initdb and the migrations already applied: the tests make one
 * migrated database per run and copy it for each test file (tests/db/pglite-template.ts).
 */
export async function dumpDatabase(database: Database, compression: "none" | "gzip" = "none"): Promise<Blob> {
  const client = pgliteClients.get(database);
  if (!client) throw new Error("Only a PGlite database opened by openDatabase can be dumped");
  return client.dumpDataDir(compression);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: "mandi",
    // A storefront runs many small queries at once: parallel workers would make one query a
    // little faster and ten concurrent ones much slower (measured: 80 ms -> 1.2 s at p50).
    // The catalogue lives in memory, where a random page costs about what a sequential one
    // does; with the default 4 the planner read all 100,000 products for a search of three
    // synonyms instead of their trigram index (285 ms -> 41 ms).
    options: "-c max_parallel_workers_per_gather=0 -c random_page_cost=1.1",
  });
  // A broken idle connection must not crash the process; the next query gets a fresh one.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL at ${describeUrl(url)}: ${(error as Error).message}`);
  }
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    location: describeUrl(url),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => pool.end(),
  };
}

/** How long a broken listening connection waits before it connects again. */
const RELISTEN_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one is shared between requests, and LISTEN
 * belongs to a session). A broken connection is reported and made again, with growing waits.
 */
async function listenPostgres(
  url: string,
  channel: string,
  { onNotify, onHearing }: ListenHandlers,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: "mandi-listen" });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    // 'error' comes before 'end' on a broken connection; 'end' alone on a clean close.
    next.on("error", () => {});
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = null;
      onHearing(false);
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    failures = 0;
    onHearing(true);
  };
  const schedule = () => {
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => {
      connect().catch(() => {
        if (!stopped) schedule();
      });
    }, delay);
    retry.unref();
  };

  // Not hearing until connected: a first failure is retried like a broken connection.
  await connect().catch(() => {
    if (!stopped) schedule();
  });
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end();
    },
  };
}

/** host:port/database, never the password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

/** Applies the committed migrations (one process at a time; see runExclusive). */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  await runExclusive(database, "mandi:migrate", () =>
    database.kind === "pglite"
      ? migratePglite(database.db as never, config)
      : migratePostgres(database.db as never, config),
  );
}

/**
 * Runs fn in one process at a time. On PostgreSQL several app processes may start together:
 * an advisory lock, taken inside a transaction so that it lives and dies on one pooled
 * connection, lets one run while the others wait. fn uses other connections of the pool.
 * PGlite belongs to one process (the folder lock) and runs one transaction at a time, so
 * there fn simply runs.
 */
export async function runExclusive<T>(database: Database, name: string, fn: () => Promise<T>): Promise<T> {
  if (database.kind === "pglite") return fn();
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
    return fn();
  });
}
