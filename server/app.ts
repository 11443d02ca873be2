import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import * as build from "virtual:react-router/server-build";
import { type Database, dumpDatabase, openDatabase } from "../app/db/client.server";
import { seedIfEmpty } from "../app/demo/seed.server";
import { type Env, parseEnv } from "../app/env.server";
import { flushErrorReports, startErrorReports } from "../app/error-reports.server";
import { createLogger, type Logger } from "../app/logger.server";
import { applyPendingRestore, setRestarter } from "../app/modules/backups/backups.server";
import { cachedLookup } from "../app/modules/cache/cached-lookup";
import { loadOutline } from "../app/modules/catalog/outline.server";
import { backgroundJobs } from "../app/modules/jobs/background.server";
import { JOBS_CHANNEL } from "../app/modules/jobs/queue.server";
import { createWorker, type Worker } from "../app/modules/jobs/worker.server";
import { fetchPhotoLink, PHOTO_FETCH_JOB } from "../app/modules/media/photo-links.server";
import { s3ObjectStore } from "../app/modules/media/s3.server";
import { setObjectStore } from "../app/modules/media/storage.server";
import { messageHandlers } from "../app/modules/notifications/handlers.server";
import { paymentSetup } from "../app/modules/payments/setup.server";
import { searchFacets } from "../app/modules/search/facets.server";
import { searchFacetsCache } from "../app/modules/search/facets-cache";
import { searchStartsFrom } from "../app/modules/search/start.server";
import { searchStartsCache } from "../app/modules/search/start-cache";
import { secureCookies } from "../app/modules/security/cookies.server";
import { AntiForgery } from "../app/modules/security/csrf.server";
import { loadSigningKey } from "../app/modules/security/server-secret.server";
import { DEMO_OWNER, demoPasswordInUse } from "../app/modules/staff/demo-owner.server";
import { PartCache } from "../app/platform/part-cache.server";
import { projectRoot } from "../app/project-root.server";
import { type BackupService, startBackupService } from "./backup";
import { backupJobs } from "./backup-jobs";
import { testConveniences } from "./conveniences";
import { createHttpHandler } from "./http";
import { createMetrics } from "./metrics";
import { reportToPrimary, serveMetricsPort } from "./metrics-port";
import { CATALOGUE_CHANNEL, changedProducts, PageCache } from "./page-cache";
import { answerClientError } from "./request-body";
import { loadStaticFiles } from "./static";
import { createStoreResolver } from "./store-resolver";
import { superviseWorkers } from "./workers";

/**
 * Mandi's HTTP server: node:http in front of React Router, owning the database for the
 * process's lifetime. Built by Vite as the server bundle's entry (vite.config.ts).
 */

export interface RunningServer {
  server: Server;
  database: Database;
  url: string;
  log: Logger;
  stop(): Promise<void>;
}

export async function startServer(env: Env = parseEnv(process.env)): Promise<RunningServer> {
  reportToPrimary();
  const log = createLogger(env.LOG_LEVEL);
  await startErrorReports(env, log, process.env.npm_package_version);
  const target = env.DATABASE_URL
    ? ({ kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
    : ({ kind: "pglite", dataDir: env.DATA_DIR } as const);
  if (target.kind === "pglite") {
    // A restore asked for on the console's Backups page is done before the database opens.
    const restored = await applyPendingRestore(env.DATA_DIR);
    if (restored && "error" in restored) log.error("backup not restored", restored);
    else if (restored) log.warn("backup restored", restored);
  }
  const started = Date.now();
  const database = await openDatabase(target);
  log.info("database ready", { kind: database.kind, location: database.location, ms: Date.now() - started });
  if (env.MEDIA_STORAGE === "s3" && env.S3_BUCKET) {
    const objects = await s3ObjectStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    });
    setObjectStore(objects);
    // Said once, without stopping the store: its catalogue and orders work without new photos.
    objects.check().then(
      () => log.info("media in object storage", { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT ?? "aws" }),
      (error) => log.warn("media storage does not answer: uploads will fail", { bucket: env.S3_BUCKET, error }),
    );
  }

  try {
    if (env.SEED_DEMO) {
      const seeded = await seedIfEmpty(database, env.DEMO_ORDER_RULES);
      if (seeded)
        log.info("demo store created", { store: seeded.store.title, ...seeded.summary, pincodes: seeded.pincodes });
    }
    // The demo owner's password is in the README: a public store must not keep it.
    if (env.PUBLIC_URL && (await demoPasswordInUse(database.db))) {
      throw new Error(
        `The demo owner ${DEMO_OWNER.email} still has the demo password, and PUBLIC_URL is set. Give it a new one first: npm run store -- staff link ${DEMO_OWNER.email}`,
      );
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const antiForgery = new AntiForgery(await loadSigningKey(database.db, env.APP_SECRET), secureCookies(env));
  const staticFiles = loadStaticFiles(path.join(projectRoot(), "build/client"));
  const findStore = createStoreResolver(database.db);
  const outline = cachedLookup((storeId: string) => loadOutline(database.db, storeId), { ttlMs: 5_000 });
  const searchStarts = searchStartsCache(searchStartsFrom(database.db));
  const facets = searchFacetsCache((storeId, plan) => searchFacets(database.db, storeId, plan), {
    onError: (error) => log.warn("search facets not looked up", { error }),
  });
  const pageCache = new PageCache(env.PAGE_CACHE_MB * 1024 * 1024);
  const parts = new PartCache(env.PART_CACHE_MB * 1024 * 1024);
  // The catalogue's changes reach every process: each drops its cached pages and store settings.
  const catalogue = await database.listen(CATALOGUE_CHANNEL, {
    onNotify(payload) {
      const products = changedProducts(payload);
      pageCache.changed(products);
      // Store settings, categories and brands may have changed only when the change was not
      // stock alone.
      if (!products) {
        findStore.forget();
        outline.forget();
        searchStarts.forget();
        facets.forget();
      }
    },
    onHearing(hearing) {
      pageCache.setHearing(hearing);
      findStore.forget();
      outline.forget();
      searchStarts.setHearing(hearing);
      facets.setHearing(hearing);
      if (hearing) log.info("hearing catalogue changes", { pageCacheMb: env.PAGE_CACHE_MB });
      else log.warn("catalogue changes unheard: no pages are kept until the database answers again");
    },
  });
  const metrics = createMetrics({ db: database.db, build, pool: database.pool, pageCache, parts });
  reportToPrimary(metrics.registry);
  const handler = createHttpHandler({
    build,
    db: database.db,
    env,
    log,
    staticFiles,
    findStore,
    outline,
    searchStarts,
    searchFacets: facets,
    databaseKind: database.kind,
    pageCache,
    parts,
    antiForgery,
    backup: () => backup,
    metrics,
  });
  let backup: BackupService | undefined;
  const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => void handler(req, res));
  server.on("clientError", answerClientError);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  const url = `http://${shownHost}:${address.port}`;
  log.info("Mandi is serving", { url, database: database.location });
  for (const line of testConveniences(env)) log.warn(line);
  // With several processes the primary serves their metrics, added up (superviseWorkers).
  const metricsServer = cluster.isWorker
    ? null
    : await serveMetricsPort(env, log, async () => ({
        contentType: metrics.registry.contentType,
        body: await metrics.registry.metrics(),
      }));
  // The embedded database is backed up by this process, which owns it (npm run backup).
  if (database.kind === "pglite") {
    backup = startBackupService(env.DATA_DIR, address.port, () => dumpDatabase(database, "gzip"));
  }
  const jobs = await startJobWorker(database, env, log, env.PUBLIC_URL ?? url);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Stop accepting, let requests in flight finish (up to 10 s), then close the database.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const deadline = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(deadline);
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await jobs.stop();
      await catalogue.stop();
      backup?.close();
      await database.close();
      await flushErrorReports();
      log.info("stopped");
    })();
    return stopping;
  };
  return { server, database, url, log, stop };
}

/**
 * The job worker on every app process (JOB_CONCURRENCY; 0: none here), with the installation's
 * recurring work (app/modules/jobs/background.server.ts). Processes share the queue: each job
 * is run by one of them (ADR 0059).
 */
async function startJobWorker(database: Database, env: Env, log: Logger, origin: string): Promise<Worker> {
  const setup = paymentSetup({ db: database.db, env, log }, origin);
  const { handlers, recurring } = backgroundJobs(env, setup?.payments ?? null);
  const backups = backupJobs(database, env);
  const messages = messageHandlers({ db: database.db, env, log, origin });
  const worker = createWorker({
    db: database.db,
    log,
    handlers: { ...handlers, ...backups.handlers, ...messages, [PHOTO_FETCH_JOB]: fetchPhotoLink },
    recurring: [...recurring, ...backups.recurring],
    concurrency: env.JOB_CONCURRENCY,
    busy: eventLoopBusy(),
    listen: (onNotify) => database.listen(JOBS_CHANNEL, { onNotify, onHearing: (hearing) => hearing && onNotify() }),
  });
  if (env.JOB_CONCURRENCY > 0) await worker.start();
  return worker;
}

/**
 * Whether this process spent half or more of the last quarter second working: the job worker
 * then waits (ADR 0059). On the embedded database the database works in this process too.
 */
function eventLoopBusy(): () => boolean {
  let last = performance.eventLoopUtilization();
  let lastAt = performance.now();
  let busy = false;
  return () => {
    const now = performance.now();
    if (now - lastAt >= 250) {
      const current = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(current, last).utilization >= 0.5;
      last = current;
      lastAt = now;
    }
    return busy;
  };
}

/** Starts the server and stops it cleanly on SIGTERM or SIGINT. */
export async function main(): Promise<void> {
  let running: RunningServer;
  let env: Env;
  try {
    env = parseEnv(process.env);
    if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
      const log = createLogger(env.LOG_LEVEL);
      // The metrics port first: a port already taken stops the start before any process is made.
      await serveMetricsPort(env, log);
      superviseWorkers(env.WEB_CONCURRENCY, log);
      return;
    }
    running = await startServer(env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    running.log.info("shutting down", { signal });
    running.stop().then(
      () => process.exit(0),
      (error) => {
        running.log.error("shutdown failed", { error });
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  // An owner's Restore on the Backups page: stop serving, restore as the start does, serve again.
  let restarting = false;
  setRestarter(() => {
    if (restarting) return;
    restarting = true;
    running.log.warn("restarting to restore a backup");
    running
      .stop()
      .then(() => startServer(env))
      .then(
        (next) => {
          running = next;
          restarting = false;
        },
        (error: unknown) => {
          process.stderr.write(`Mandi could not start again after the restore: ${(error as Error).message}\n`);
          process.exit(1);
        },
      );
  });
}
