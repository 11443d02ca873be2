/**
 * Lighthouse (mobile, simulated throttling) on the store's key pages, with Debian's Chromium.
 * Used by `npm run bench`; also runs on its own against a running store:
 *   npx tsx scripts/lighthouse.ts http://127.0.0.1:3000 [runs]
 *
 * Each run is a first visit, as the Lighthouse command line makes it: a new browser with an
 * empty profile (one browser for all pages would carry the store's cookies from page to page).
 * A page is measured several times (3 by default) and the figures are those of Lighthouse's
 * median run, with the spread of the runs beside them: one run varies by several points.
 */
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

export interface LighthouseFigure {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The page's JavaScript, gzipped (level 9), in KB. */
  jsGzipKb: number;
  /** How many runs the figures are the median of, and the lowest and highest of each. */
  runs: number;
  performanceRange: [number, number];
  lcpRangeMs: [number, number];
  tbtRangeMs: [number, number];
  clsMax: number;
  /**
   * Lighthouse's reading of the host's CPU speed (median of the runs): simulated TBT and LCP
   * scale the main thread's observed tasks, so figures from a slower or busier host are worse.
   */
  benchmarkIndex: number;
}

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/**
 * Gzipped size (level 9) of the scripts a page loaded, as the server that was measured sends
 * them. Read from the local build, a server running another build was measured with scripts
 * that were not there, and they were skipped without a word.
 */
async function scriptGzipKb(items: NetworkItem[]): Promise<number> {
  let bytes = 0;
  for (const item of items) {
    if (item.resourceType !== "Script") continue;
    const response = await fetch(item.url);
    if (!response.ok) throw new Error(`${item.url} answered ${response.status}`);
    bytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return Math.round(bytes / 102.4) / 10;
}

type Lhr = RunnerResult["lhr"];

const painted = (lhr: Lhr) => !lhr.runtimeError && Boolean(lhr.audits["first-contentful-paint"]?.numericValue);

/** One first visit of a page: a new browser, an empty profile. */
async function measureOnce(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!painted(result.lhr)) {
      const why = [result.lhr.runtimeError?.code ?? "no first contentful paint", ...result.lhr.runWarnings];
      process.stdout.write(`  a run without a paint: ${why.join(" / ")}\n`);
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
const medianOf = (values: number[]): number =>
  Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0);

export async function runLighthouse(pages: { page: string; url: string }[], runs = 3): Promise<LighthouseFigure[]> {
  const figures: LighthouseFigure[] = [];
  for (const { page, url } of pages) {
    const results: Lhr[] = [];
    for (let i = 0; i < runs; i++) {
      process.stdout.write(`Lighthouse ${url} (${i + 1}/${runs})...\n`);
      // Now and then (about one run in thirty here) Lighthouse's trace holds no paint at all;
      // such a run has no figures to take the median of, so it is made again, twice at most.
      let lhr = await measureOnce(url);
      for (let retry = 0; retry < 2 && !painted(lhr); retry++) lhr = await measureOnce(url);
      results.push(lhr);
    }
    const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? 0;
    const median = computeMedianRun(results);
    const items = ((median.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
      []) as NetworkItem[];
    figures.push({
      page,
      url,
      performance: score(median, "performance"),
      accessibility: score(median, "accessibility"),
      bestPractices: score(median, "best-practices"),
      seo: score(median, "seo"),
      lcpMs: Math.round(audit(median, "largest-contentful-paint")),
      cls: Math.round(audit(median, "cumulative-layout-shift") * 1000) / 1000,
      tbtMs: Math.round(audit(median, "total-blocking-time")),
      jsGzipKb: await scriptGzipKb(items),
      runs,
      performanceRange: range(results.map((r) => score(r, "performance"))),
      lcpRangeMs: range(results.map((r) => Math.round(audit(r, "largest-contentful-paint")))),
      tbtRangeMs: range(results.map((r) => Math.round(audit(r, "total-blocking-time")))),
      clsMax: Math.max(...results.map((r) => Math.round(audit(r, "cumulative-layout-shift") * 1000) / 1000)),
      benchmarkIndex: medianOf(results.map((r) => r.environment.benchmarkIndex)),
    });
  }
  return figures;
}

export function lighthouseTable(figures: LighthouseFigure[]): string {
  const head = [
    "page",
    "perf",
    "a11y",
    "best",
    "seo",
    "LCP ms",
    "CLS",
    "TBT ms",
    "JS gzip KB",
    "runs: perf / LCP / TBT / CLS max",
    "CPU index",
  ];
  const rows = figures.map((f) => [
    f.page,
    f.performance,
    f.accessibility,
    f.bestPractices,
    f.seo,
    f.lcpMs,
    f.cls,
    f.tbtMs,
    f.jsGzipKb,
    `${f.runs}: ${f.performanceRange.join("-")} / ${f.lcpRangeMs.join("-")} / ${f.tbtRangeMs.join("-")} / ${f.clsMax}`,
    f.benchmarkIndex,
  ]);
  return [head, ...rows].map((r) => r.join("\t")).join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The store's address, with or without a trailing slash.
  const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
  const runs = Number(process.argv[3] ?? 3);
  const sitemap = await (await fetch(`${base}/sitemaps/products-1.xml`)).text();
  const product = /<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? `${base}/products`;
  const figures = await runLighthouse(
    [
      { page: "home", url: `${base}/` },
      { page: "products", url: `${base}/products` },
      { page: "product", url: product },
    ],
    runs,
  );
  process.stdout.write(`\n${lighthouseTable(figures)}\n`);
}
