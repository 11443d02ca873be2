/**
 * npm run bench [-- --duration 10 --connections 10 --products 394 --only pglite|postgres
 *                   --mode cached|rendered --route NAME --no-lighthouse --processes N]
 *
 * Starts the built server (as `npm start` does) on a fresh PGlite folder and on a fresh
 * PostgreSQL database, and measures with autocannon the home page, the products page and a
 * JSON route; then a bare node:http server answering the products page's bytes: the ceiling
 * each figure is compared with; and the floor: a bare node:http server rendering a fixed React
 * page of the same size for every request and compressing it (scripts/bench-machine.ts), the
 * least a rendered page costs on this machine. Prints a table and writes bench-results/bench-<time>.json.
 *
 * Every database is measured twice, side by side: with the pages the server keeps for
 * shoppers who are not signed in ("cached": a page asked for again, as popular pages are) and
 * with none kept (PAGE_CACHE_MB=0, "rendered": every answer rendered, as for an address nobody
 * asked for since the catalogue last changed). "products, any" asks for a different listing
 * each time (filters, search and sort drawn at random) and "product, any" for a different
 * product of the catalogue, so both are rendered in either mode. Requests ask for brotli or gzip, as
 * browsers do, so compression is part of every figure.
 * Each row also gives the CPU time its answers took, per answer: the server's, PostgreSQL's and
 * the load generator's (this process), read from /proc. They share the machine's cores, so their
 * sum bounds how many answers a second the machine gives, and at 10 connections the p95 with it.
 * On PostgreSQL, --processes N runs the server with WEB_CONCURRENCY=N, and the table names it
 * ("postgres x2"); one process unless told (ADR 0021).
 * Last, this machine's speed at React's render and brotli, with work that does not change with
 * Mandi's code (scripts/bench-machine.ts): machines of one kind differ from day to day, and the
 * figures of two days compare only beside it.
 * PostgreSQL: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) is used to
 * create and drop the benchmark's own database.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../app/db/client.server";
import { seedDemoStore } from "../app/demo/seed.server";
import { QUICK } from "../server/compression";
import {
  anyListings,
  type ProcStat,
  percentile,
  procStat,
  startProcess,
  stopProcess,
  ticksPerSecond,
  waitFor,
} from "./bench-common";
import { measureMachine } from "./bench-machine";
import { parseArgs } from "./cli";
import { createFreshDatabase } from "./fresh-postgres.mjs";
import { type LighthouseFigure, lighthouseTable, runLighthouse } from "./lighthouse";

const { options } = parseArgs(process.argv.slice(2));
const num = (name: string, fallback: number) => {
  const v = options.get(name);
  return typeof v === "string" ? Number(v) : fallback;
};
const duration = num("duration", 10);
const connections = num("connections", 10);
const productCount = options.has("products") ? num("products", 394) : undefined;
const only = options.get("only");
const onlyRoute = options.get("route");
const onlyMode = options.get("mode");
const MODES = [
  { name: "cached", env: {} },
  { name: "rendered", env: { PAGE_CACHE_MB: "0" } },
] as const;
const postgresProcesses = num("processes", 1);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface Figure {
  target: string;
  /** kept (the server's page cache on) or rendered (off). */
  mode: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Bytes on the wire per answer, headers included: pages are compressed less when the server is busy. */
  kbPerAnswer: number;
  errors: number;
  non2xx: number;
  ratioToCeiling?: number;
  /**
   * CPU time per answer, in ms, read from /proc over the measured run: the server's processes,
   * PostgreSQL's (every `postgres` process on the machine; absent for PGlite, which runs inside
   * the server) and the bench's own, which is the load generator. All share this machine's cores,
   * so at 10 connections their sum per answer, not the server's alone, sets the p95.
   */
  cpuMs?: { server: number; postgres?: number; load: number };
}

interface Run {
  database: string;
  products: number;
  startupMs: number;
  peakRssMb: number;
  figures: Figure[];
  lighthouse?: LighthouseFigure[];
}

// The products page with filters and sorts of every kind, search (exact, synonym, typo), the
// suggestion endpoint and a product page (its path is found at run time).
const ROUTES = [
  { name: "home", path: "/" },
  { name: "products", path: "/products" },
  { name: "category+sort", path: "/products?category=dairy-and-eggs&sort=priceAsc" },
  { name: "sub+price", path: "/products?category=rice-atta-and-flours&sub=basmati-rice&min=500&max=3000" },
  { name: "discount+sort", path: "/products?disc=20&sort=priceDesc" },
  { name: "brand+price", path: "/products?brand=amul&max=400&sort=priceAsc" },
  { name: "search", path: "/products?q=basmati+rice" },
  { name: "search+filters", path: "/products?q=oil&category=oils-and-ghee&min=100&sort=priceDesc" },
  { name: "synonym", path: "/products?q=atta" },
  { name: "typo", path: "/products?q=panner" },
  { name: "page 3", path: "/products?category=spices-and-masala&page=3" },
  { name: "suggest", path: "/api/search/suggestions?q=basm" },
  { name: "suggest typo", path: "/api/search/suggestions?q=basmti" },
  { name: "products, any", path: "ANY_LISTING" },
  { name: "product", path: "PRODUCT" },
  { name: "product, any", path: "ANY_PRODUCT" },
  { name: "json", path: "/healthz" },
];

/** A browser's request headers that change the work: it takes compressed answers. */
const HEADERS = { "accept-encoding": "br, gzip" };

/** The unit of /proc's CPU times. */
const TICKS_A_SECOND = ticksPerSecond();

/** A process and its children (the workers of WEB_CONCURRENCY). */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

/** The peak resident memory of a process and its children. */
function peakRssMb(pid: number): number {
  const kb = processTree(pid).reduce((sum, p) => {
    try {
      return sum + Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  return Math.round(kb / 1024);
}

/** Every PostgreSQL process on this machine: the server's backends and its own workers. */
function postgresPidsNow(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    });
}

/**
 * CPU time (user and system) each process has used so far, in ms; and `reaped`, the CPU time
 * of the children that processes among them whose parent is not among them (PostgreSQL's
 * postmaster) have waited for: a database connection that ends leaves its time there.
 */
function cpuMsOf(pids: readonly number[]): { used: Map<number, number>; reaped: number } {
  const used = new Map<number, number>();
  let reaped = 0;
  for (const pid of pids) {
    let stat: ProcStat;
    try {
      stat = procStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      continue; // Ended already.
    }
    used.set(pid, (stat.ticks * 1000) / TICKS_A_SECOND);
    if (!pids.includes(stat.ppid)) reaped += (stat.childTicks * 1000) / TICKS_A_SECOND;
  }
  return { used, reaped };
}

/**
 * CPU time used between two readings: by the processes alive at the second (one started in
 * between counts whole), and by the children their parents waited for in between (a database
 * connection the pool closed during the run, whose time `ps` would no longer show).
 */
function cpuMsBetween(before: ReturnType<typeof cpuMsOf>, after: ReturnType<typeof cpuMsOf>): number {
  let ms = after.reaped - before.reaped;
  for (const [pid, used] of after.used) ms += used - (before.used.get(pid) ?? 0);
  return ms;
}

/** The processes whose CPU time a measurement reports. */
interface Watched {
  server: number;
  postgres: boolean;
}

async function measure(
  target: string,
  mode: string,
  base: string,
  route: { name: string; path: string; paths?: string[] },
  watched?: Watched,
): Promise<Figure> {
  // Each request its own address from `paths` when given, in turn.
  let next = 0;
  const many = route.paths;
  const requests = many
    ? [
        {
          setupRequest: (request: autocannon.Request) => ({ ...request, path: many[next++ % many.length] ?? "/" }),
        },
      ]
    : undefined;
  const options: autocannon.Options = { url: base + route.path, connections, headers: HEADERS, requests };
  // Warm up: first requests compile templates and fill caches.
  await autocannon({ ...options, duration: 2 });
  // autocannon reports p97.5 but not p95: keep every response time and read it off.
  const times: number[] = [];
  const serverPids = () => (watched ? processTree(watched.server) : []);
  const postgresPids = () => (watched?.postgres ? postgresPidsNow() : []);
  const before = { server: cpuMsOf(serverPids()), postgres: cpuMsOf(postgresPids()), load: process.cpuUsage() };
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration }, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
  const load = process.cpuUsage(before.load);
  const perAnswer = (ms: number) => (r.requests.total > 0 ? Math.round((ms / r.requests.total) * 100) / 100 : 0);
  const cpuMs = watched
    ? {
        server: perAnswer(cpuMsBetween(before.server, cpuMsOf(serverPids()))),
        postgres: watched.postgres ? perAnswer(cpuMsBetween(before.postgres, cpuMsOf(postgresPids()))) : undefined,
        load: perAnswer((load.user + load.system) / 1000),
      }
    : undefined;
  times.sort((a, b) => a - b);
  return {
    target,
    mode,
    path: many ? `${route.path} (${many.length} addresses)` : route.path,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: Math.round(percentile(times, 50) * 10) / 10,
    p95Ms: Math.round(percentile(times, 95) * 10) / 10,
    p99Ms: Math.round(percentile(times, 99) * 10) / 10,
    kbPerAnswer: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total / 102.4) / 10 : 0,
    errors: r.errors,
    non2xx: r.non2xx,
    cpuMs,
  };
}

async function benchDatabase(
  kind: "pglite" | "postgres",
  port: number,
  withLighthouse: boolean,
): Promise<{ run: Run; productsPage: Buffer }> {
  const env: Record<string, string | undefined> = { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" };
  let cleanup = async () => {};
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "mandi-bench-"));
    env.DATA_DIR = dir;
    env.DATABASE_URL = "";
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const fresh = await createFreshDatabase(adminUrl, "mandi_bench");
    env.DATABASE_URL = fresh.url;
    env.WEB_CONCURRENCY = String(postgresProcesses);
    cleanup = fresh.drop;
  }
  try {
    if (productCount !== undefined) {
      const database = await openDatabase(
        kind === "pglite"
          ? { kind: "pglite", dataDir: env.DATA_DIR ?? "" }
          : { kind: "postgres", url: env.DATABASE_URL ?? "" },
      );
      process.stdout.write(`Seeding ${productCount} products on ${kind}...\n`);
      await seedDemoStore(database.db, { products: productCount });
      await database.close();
    }
    const figures: Figure[] = [];
    let startupMs = 0;
    let peak = 0;
    let productsPage = Buffer.alloc(0);
    let lighthouse: LighthouseFigure[] | undefined;
    for (const mode of MODES) {
      if (typeof onlyMode === "string" && onlyMode !== mode.name) continue;
      const started = Date.now();
      const child = startProcess(["scripts/start.mjs"], { ...env, ...mode.env });
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/healthz`, child);
      startupMs = Date.now() - started;
      productsPage = Buffer.from(await (await fetch(`${base}/products`)).arrayBuffer());
      const sitemap = await (await fetch(`${base}/sitemaps/products-1.xml`)).text();
      const productPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? base).pathname);
      const productPath = productPaths[0] ?? "/products";
      // Any product: the sitemap's first file, in an order of its own.
      const anyProduct = productPaths
        .map((p, i) => ({ p, k: (i * 2_654_435_761) % 4_294_967_296 }))
        .sort((a, b) => a.k - b.k)
        .map((x) => x.p);
      const listings = anyListings(10_000);
      for (const route of ROUTES) {
        if (typeof onlyRoute === "string" && !route.name.includes(onlyRoute)) continue;
        const measured =
          route.path === "PRODUCT"
            ? { ...route, path: productPath }
            : route.path === "ANY_PRODUCT"
              ? { ...route, path: "/products/…", paths: anyProduct }
              : route.path === "ANY_LISTING"
                ? { ...route, path: "/products?…", paths: listings }
                : route;
        process.stdout.write(`Measuring ${kind} (${mode.name}) ${measured.path}...\n`);
        figures.push(
          await measure(kind, mode.name, base, measured, { server: child.pid ?? 0, postgres: kind === "postgres" }),
        );
      }
      // Lighthouse (mobile) on home, products and the product page, once per bench (--no-lighthouse skips it).
      if (withLighthouse && !lighthouse) {
        lighthouse = await runLighthouse([
          { page: "home", url: `${base}/` },
          { page: "products", url: `${base}/products` },
          { page: "product", url: `${base}${productPath}` },
        ]);
      }
      peak = Math.max(peak, peakRssMb(child.pid ?? 0));
      await stopProcess(child);
    }
    return {
      run: {
        database: kind === "postgres" && postgresProcesses > 1 ? `${kind} x${postgresProcesses}` : kind,
        products: productCount ?? 394,
        startupMs,
        peakRssMb: peak,
        figures,
        lighthouse,
      },
      productsPage,
    };
  } finally {
    await cleanup();
  }
}

/** A bare server of the bench's own, started with `args`, measured at `route` and stopped. */
async function benchBare(
  args: string[],
  env: Record<string, string>,
  port: number,
  target: string,
  route: { name: string; path: string },
): Promise<{ figure: Figure; peakRssMb: number }> {
  const child = startProcess(args, env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`, child);
  process.stdout.write(`Measuring the ${target}...\n`);
  const figure = await measure(target, "-", base, route, { server: child.pid ?? 0, postgres: false });
  const peak = peakRssMb(child.pid ?? 0);
  await stopProcess(child);
  return { figure, peakRssMb: peak };
}

/** The ceiling: a bare node:http server sending the products page's bytes. */
function benchCeiling(body: Buffer, port: number): Promise<{ figure: Figure; peakRssMb: number }> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "mandi-ceiling-")), "body.html");
  writeFileSync(file, body);
  const script = `const b=require("fs").readFileSync(${JSON.stringify(file)});require("http").createServer((q,s)=>{s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-length":b.length});s.end(b)}).listen(${port},"127.0.0.1")`;
  return benchBare(["-e", script], {}, port, "ceiling (bare node:http, products page bytes)", {
    name: "ceiling",
    path: "/products",
  });
}

/**
 * The floor: the fixed page of scripts/bench-machine.ts rendered by React for every request, with
 * its data, compressed as a busy server does (`QUICK`), by a bare node:http server. What any
 * server-rendered React page costs on this machine, with no router, database or store code.
 */
function benchFloor(port: number): Promise<{ figure: Figure; peakRssMb: number }> {
  return benchBare(
    ["--import", "tsx", "scripts/bench-machine.ts", "serve", String(port)],
    { NODE_ENV: "production" },
    port,
    `floor (React page + brotli ${QUICK.brotli}, no store code)`,
    { name: "floor", path: "/" },
  );
}

const runs: Run[] = [];
let productsPage: Buffer | undefined;
for (const kind of ["pglite", "postgres"] as const) {
  if (typeof only === "string" && only !== kind) continue;
  const result = await benchDatabase(kind, 3400 + runs.length, runs.length === 0 && !options.has("no-lighthouse"));
  runs.push(result.run);
  productsPage ??= result.productsPage;
}
const ceiling = productsPage ? await benchCeiling(productsPage, 3499) : undefined;
const floor = productsPage ? await benchFloor(3498) : undefined;
if (productsPage) process.stdout.write("Measuring this machine's speed...\n");
const machine = productsPage ? measureMachine(productsPage) : undefined;
for (const run of runs) {
  for (const f of run.figures) {
    if (ceiling) f.ratioToCeiling = Math.round((f.requestsPerSecond / ceiling.figure.requestsPerSecond) * 1000) / 1000;
  }
}

const summary = {
  date: new Date().toISOString(),
  node: process.version,
  connections,
  durationSeconds: duration,
  runs,
  ceiling: ceiling ? { ...ceiling.figure, peakRssMb: ceiling.peakRssMb } : null,
  floor: floor ? { ...floor.figure, peakRssMb: floor.peakRssMb } : null,
  machine: machine ?? null,
};
mkdirSync("bench-results", { recursive: true });
const out = path.join("bench-results", `bench-${summary.date.replace(/[:.]/g, "-")}.json`);
writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);

const rows = runs.flatMap((r) =>
  r.figures.map((f) => [
    r.database,
    f.mode,
    f.path,
    f.requestsPerSecond,
    f.p50Ms,
    f.p95Ms,
    f.p99Ms,
    f.kbPerAnswer,
    `${r.peakRssMb} MB`,
    f.ratioToCeiling ?? "",
    f.errors + f.non2xx,
    cpuCell(f.cpuMs),
  ]),
);
/** CPU ms per answer: the server's, plus PostgreSQL's where it runs apart, then the load generator's. */
function cpuCell(cpu: Figure["cpuMs"]): string {
  if (!cpu) return "";
  return `${cpu.server}${cpu.postgres === undefined ? "" : ` + ${cpu.postgres}`} (${cpu.load})`;
}

/** A row for a bare server of the bench's own. */
const bareRow = (name: string, shown: string, bare: { figure: Figure; peakRssMb: number }) => [
  name,
  "-",
  shown,
  bare.figure.requestsPerSecond,
  bare.figure.p50Ms,
  bare.figure.p95Ms,
  bare.figure.p99Ms,
  bare.figure.kbPerAnswer,
  `${bare.peakRssMb} MB`,
  ceiling ? Math.round((bare.figure.requestsPerSecond / ceiling.figure.requestsPerSecond) * 1000) / 1000 : "",
  bare.figure.errors + bare.figure.non2xx,
  cpuCell(bare.figure.cpuMs),
];
if (ceiling) rows.push(bareRow("ceiling", "/products", ceiling));
if (floor) rows.push(bareRow("floor", `/ (React page, brotli ${QUICK.brotli})`, floor));
process.stdout.write(
  `${runs.map((r) => (r.lighthouse ? `\nLighthouse (mobile) on ${r.database}:\n${lighthouseTable(r.lighthouse)}\n` : "")).join("")}\n${["database", "pages", "path", "req/s", "p50 ms", "p95 ms", "p99 ms", "KB/answer", "peak RSS", "ratio", "errors", "CPU ms: server + db (load)"].join("\t")}\n${rows.map((r) => r.join("\t")).join("\n")}\n${
    machine
      ? `\nThis machine: React renders a fixed page of about 750 elements in ${machine.reactRenderMs} ms; brotli 3 compresses the products page (${machine.pageKb} KB) in ${machine.brotliMs} ms.\n`
      : ""
  }\nWritten to ${out}\n`,
);
