import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Db, PoolState } from "../app/db/client.server";
import { jobs, orders } from "../app/db/schema";
import type { Env } from "../app/env.server";
import { appRegistry } from "../app/metrics.server";
import type { PartCache } from "../app/platform/part-cache.server";
import type { PageCache } from "./page-cache";
import { isLoopbackClient } from "./request";

/**
 * Prometheus metrics (issue 61): requests by route, the business counters the application moves
 * (app/metrics.server.ts), the job queue and orders as the database holds them, the caches and
 * the connection pool. docs/grafana-dashboard.json draws them.
 */

export const METRICS_PATH = "/metrics";

export interface MetricsSources {
  db: Db;
  build: Pick<ServerBuild, "routes">;
  pool?: () => PoolState;
  pageCache?: PageCache;
  parts?: PartCache;
}

export interface Metrics {
  registry: Registry;
  /** The route pattern a path is served by ("/products/:id"), the label requests carry. */
  routeOf(pathname: string): string;
  /** Counts one answered request and how long it took. */
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** What the database says changes slowly and costs a query: read at most this often. */
const DATABASE_FIGURES_MS = 10_000;
/** Paths remembered with their route; product pages are many, so the memory is bounded. */
const ROUTE_MEMORY = 5_000;

export function createMetrics(sources: MetricsSources): Metrics {
  const own = new Registry();
  collectDefaultMetrics({ register: own });

  const requests = new Counter({
    name: "mandi_http_requests_total",
    help: "HTTP requests answered, by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [own],
  });
  const durations = new Histogram({
    name: "mandi_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });

  const figures = databaseFigures(sources.db);
  // Gauges of shared state read from the database: every process would report the same, so
  // several processes' figures are not added up ("first"), unlike their own counters.
  new Gauge({
    name: "mandi_jobs",
    help: "Jobs in the queue by state (queued, running, dead), from the database.",
    labelNames: ["state"] as const,
    registers: [own],
    aggregator: "first",
    async collect() {
      const { jobs } = await figures();
      for (const state of ["queued", "running", "dead"]) this.set({ state }, jobs[state] ?? 0);
    },
  });
  new Gauge({
    name: "mandi_jobs_oldest_due_seconds",
    help: "How long the longest-waiting queued job has been due; 0 when none waits.",
    registers: [own],
    aggregator: "first",
    async collect() {
      this.set((await figures()).oldestDueSeconds);
    },
  });
  new Gauge({
    name: "mandi_orders",
    help: "Orders by payment status (pending, paid, failed, refunded...), from the database.",
    labelNames: ["payment_status"] as const,
    registers: [own],
    aggregator: "first",
    async collect() {
      this.reset();
      for (const [status, count] of Object.entries((await figures()).payments)) {
        this.set({ payment_status: status }, count);
      }
    },
  });

  /** A cache's own running counts of hits and misses, as one counter labelled by result. */
  const lookups = (name: string, help: string, report: () => { hits: number; misses: number }) =>
    new Counter({
      name,
      help,
      labelNames: ["result"] as const,
      registers: [own],
      collect() {
        const { hits, misses } = report();
        this.reset();
        this.inc({ result: "hit" }, hits);
        this.inc({ result: "miss" }, misses);
      },
    });

  const { pageCache, parts, pool } = sources;
  if (pageCache) {
    lookups("mandi_page_cache_lookups_total", "Whole-page cache lookups, by result (hit or miss).", () =>
      pageCache.report(),
    );
    new Gauge({
      name: "mandi_page_cache_bytes",
      help: "Bytes of pages kept in the whole-page cache.",
      registers: [own],
      collect() {
        this.set(pageCache.report().bytes);
      },
    });
  }
  if (parts) {
    lookups(
      "mandi_part_cache_lookups_total",
      "Page-part cache lookups (product cards, header, footer), by result (hit or miss).",
      () => parts.report(),
    );
  }
  if (pool) {
    new Gauge({
      name: "mandi_db_pool_connections",
      help: "PostgreSQL connections in this process's pool, by state (idle, busy), and the most allowed (max).",
      labelNames: ["state"] as const,
      registers: [own],
      collect() {
        const state = pool();
        this.set({ state: "idle" }, state.idle);
        this.set({ state: "busy" }, state.total - state.idle);
        this.set({ state: "max" }, state.max);
      },
    });
    new Gauge({
      name: "mandi_db_pool_waiting",
      help: "Queries waiting for a free connection in this process's pool.",
      registers: [own],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  const routeOf = routeLabeller(sources.build);
  return {
    registry: Registry.merge([own, appRegistry]),
    routeOf,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
  };
}

interface DatabaseFigures {
  jobs: Record<string, number>;
  oldestDueSeconds: number;
  payments: Record<string, number>;
}

/** The queue's and the orders' counts, read at most every DATABASE_FIGURES_MS, once at a time. */
function databaseFigures(db: Db): () => Promise<DatabaseFigures> {
  let last: { at: number; figures: Promise<DatabaseFigures> } | null = null;
  const read = async (): Promise<DatabaseFigures> => {
    const count = sql<number>`count(*)::int`;
    const [jobRows, [due], orderRows] = await Promise.all([
      db
        .select({ state: jobs.state, count })
        .from(jobs)
        .where(inArray(jobs.state, ["queued", "running", "dead"]))
        .groupBy(jobs.state),
      db
        .select({ seconds: sql<number | null>`extract(epoch from now() - min(${jobs.runAt}))::float8` })
        .from(jobs)
        .where(and(eq(jobs.state, "queued"), lte(jobs.runAt, sql`now()`))),
      db.select({ status: orders.paymentStatus, count }).from(orders).groupBy(orders.paymentStatus),
    ]);
    return {
      jobs: Object.fromEntries(jobRows.map((row) => [row.state, Number(row.count)])),
      oldestDueSeconds: Math.max(0, Number(due?.seconds ?? 0)),
      payments: Object.fromEntries(orderRows.map((row) => [row.status, Number(row.count)])),
    };
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= DATABASE_FIGURES_MS) {
      const figures = read();
      last = { at: now, figures };
      // A failed read is not kept: the next scrape asks again.
      figures.catch(() => {
        if (last?.figures === figures) last = null;
      });
    }
    return last.figures;
  };
}

/**
 * The route pattern of a path, from the build's own route table: a label with as many values as
 * there are routes, where the path itself would have one per product.
 */
export function routeLabeller(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  type Route = { id: string; index?: boolean; path?: string; caseSensitive?: boolean };
  const byParent = new Map<string | undefined, Route[]>();
  // An index route has no children; React Router's types hold it to that.
  const children = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map(({ index, ...route }) =>
      index ? { ...route, index: true } : { ...route, children: children(route.id) },
    );
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push({ id: route.id, index: route.index, path: route.path, caseSensitive: route.caseSensitive });
    byParent.set(route.parentId, siblings);
  }
  const tree = children(undefined);
  const known = new Map<string, string>();
  return (pathname) => {
    let route = known.get(pathname);
    if (route !== undefined) return route;
    const matches = matchRoutes(tree, pathname) ?? [];
    const parts = matches.map((match) => match.route.path ?? "").filter((path) => path !== "");
    route = matches.length === 0 ? "unmatched" : `/${parts.join("/").replace(/^\/+/, "")}`;
    if (known.size >= ROUTE_MEMORY) known.clear();
    known.set(pathname, route);
    return route;
  };
}

/**
 * Who may read /metrics on the store's own port: a scraper with METRICS_TOKEN as its bearer
 * token, or, when no token is set, this machine itself (not through a proxy), as for /healthz.
 */
export function mayReadMetrics(req: IncomingMessage, env: Pick<Env, "METRICS_TOKEN">): boolean {
  if (!env.METRICS_TOKEN) return isLoopbackClient(req);
  const given = Buffer.from(String(req.headers.authorization ?? ""));
  const expected = Buffer.from(`Bearer ${env.METRICS_TOKEN}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
