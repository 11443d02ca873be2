import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { DEMO_BRANDS, DEMO_CATEGORIES } from "../app/demo/catalogue-data";
import { randomSource } from "../app/demo/factories";
import { slugify } from "../app/modules/catalog/catalogue-input";
import { DISCOUNT_CHOICES, type ListingFilters, listingHref, NO_FILTERS, SORTS } from "../app/modules/catalog/listing";

/** Shared by the bench scripts (bench.ts, bench-orders.ts, bench-compare.ts). */

/** The value at percentile `p` of `sorted` (ascending), by the nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The middle value of `values` (the upper one of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** Waits until `url` answers 2xx, or fails when `child` exits or `timeoutMs` passes. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

/** Runs Node with `args`, this process's environment with `env` over it, in `cwd` (here by default). */
export function startProcess(args: string[], env: Record<string, string | undefined>, cwd?: string): ChildProcess {
  return spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Stops `child` with SIGTERM and waits for it to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A process as its line of /proc/<pid>/stat tells: its parent, and its CPU time in clock ticks. */
export interface ProcStat {
  ppid: number;
  /** User and system time of the process itself. */
  ticks: number;
  /** User and system time of the children it has waited for (a connection PostgreSQL closed). */
  childTicks: number;
}

/** Reads the text of /proc/<pid>/stat. */
export function procStat(stat: string): ProcStat {
  // The command name (second field) is in parentheses and may hold spaces: count from after it.
  // ppid is the 4th field of the whole line; utime, stime, cutime and cstime the 14th to 17th.
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const [ppid, utime, stime, cutime, cstime] = [fields[1], fields[11], fields[12], fields[13], fields[14]];
  const all = [ppid, utime, stime, cutime, cstime];
  if (!all.every((n) => Number.isFinite(n))) throw new Error(`not a /proc stat line: ${stat}`);
  return {
    ppid: ppid as number,
    ticks: (utime as number) + (stime as number),
    childTicks: (cutime as number) + (cstime as number),
  };
}

/** Clock ticks a second, the unit of /proc's CPU times (Linux's USER_HZ, 100 nearly everywhere). */
export function ticksPerSecond(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * Listing addresses as shoppers make them, all different: a category (and often a
 * sub-category) or a brand, a search word (some misspelt), a discount, a price range and a sort,
 * each present or not, drawn with a fixed seed from the demo catalogue's names.
 */
export function anyListings(count: number): string[] {
  const random = randomSource(20261124);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words = ["basmati", "oil", "atta", "panner", "dal", "ghee", "masala", "tea", "sugar", "cups", "maida", "jeera"];
  const prices: Array<[number | null, number | null]> = [
    [null, 200],
    [100, 500],
    [200, 1000],
    [500, 3000],
    [1000, null],
  ];
  const addresses = new Set<string>();
  for (let tries = 0; addresses.size < count && tries < count * 20; tries++) {
    const f: ListingFilters = { ...NO_FILTERS, sort: pick(SORTS).value };
    if (random() < 0.7) {
      const category = pick(DEMO_CATEGORIES);
      f.category = slugify(category.name);
      if (random() < 0.4) f.sub = slugify(pick(category.subs).name);
    } else if (random() < 0.5) {
      // From a brand tile.
      f.brand = slugify(pick(DEMO_BRANDS).name);
    }
    if (random() < 0.25) f.q = pick(words);
    if (random() < 0.2) f.disc = pick(DISCOUNT_CHOICES);
    if (random() < 0.25) [f.min, f.max] = pick(prices);
    addresses.add(listingHref(f));
  }
  return [...addresses];
}
