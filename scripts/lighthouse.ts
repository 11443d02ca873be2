/**
 * Lighthouse (mobile, simulated throttling) on the store's key pages, with Debian's Chromium.
 * Used by `npm run bench`; also runs on its own against a running store:
 *   npx tsx scripts/lighthouse.ts http://127.0.0.1:3000
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

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
}

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** Gzipped size of the scripts a page loaded, read from the build rather than the wire. */
function scriptGzipKb(items: NetworkItem[], buildClient: string): number {
  let bytes = 0;
  for (const item of items) {
    if (item.resourceType !== "Script") continue;
    const file = path.join(buildClient, new URL(item.url).pathname);
    try {
      bytes += gzipSync(readFileSync(file), { level: 9 }).length;
    } catch {
      // not one of ours (none expected)
    }
  }
  return Math.round(bytes / 102.4) / 10;
}

export async function runLighthouse(
  pages: { page: string; url: string }[],
  buildClient = path.resolve("build/client"),
): Promise<LighthouseFigure[]> {
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
  const figures: LighthouseFigure[] = [];
  try {
    for (const { page, url } of pages) {
      process.stdout.write(`Lighthouse ${url}...\n`);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const items = ((audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
        []) as NetworkItem[];
      figures.push({
        page,
        url,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
        jsGzipKb: scriptGzipKb(items, buildClient),
      });
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}

export function lighthouseTable(figures: LighthouseFigure[]): string {
  const head = ["page", "perf", "a11y", "best", "seo", "LCP ms", "CLS", "TBT ms", "JS gzip KB"];
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
  ]);
  return [head, ...rows].map((r) => r.join("\t")).join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://127.0.0.1:3000";
  const sitemap = await (await fetch(`${base}/sitemaps/products-1.xml`)).text();
  const product = /<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? `${base}/products`;
  const figures = await runLighthouse([
    { page: "home", url: `${base}/` },
    { page: "products", url: `${base}/products` },
    { page: "product", url: product },
  ]);
  process.stdout.write(`\n${lighthouseTable(figures)}\n`);
}
