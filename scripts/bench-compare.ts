/**
 * Two builds of Mandi measured side by side, for a change's effect on the server's work:
 *
 *   npm run bench:compare -- <dirA> <dirB> [--path /products?category=dairy-and-eggs | --any]
 *     [--rounds 10] [--seconds 3] [--connections 10] [--cached] [--env-a K=V,K=V] [--env-b K=V]
 *
 * Each directory is a checkout with its build (`npm run build`; `git worktree add ../a <commit>`
 * makes one); the same directory twice with `--env-a` and `--env-b` compares two settings of one
 * build. Both servers run at once on the same database (`DATABASE_URL`, which must be
 * PostgreSQL: two processes cannot share a PGlite folder), with the page cache off unless
 * `--cached`. The load goes to each in turn for `--seconds`, for `--rounds` rounds, alternating
 * which goes first. For each round it reads the server's CPU time (its user and system time,
 * all its threads, from Linux's /proc) and how many answers it gave.
 *
 * Why: this machine's speed moves by a third within the hour (shared cores), so two bench runs
 * minutes apart differ by more than most changes make. Answers a second move with the machine;
 * CPU time per answer moves less, and interleaved short rounds see the same machine. The ratio
 * of B to A in each round, and its median, tell a change of a few percent from the drift.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import {
  anyListings,
  median,
  percentile,
  procStat,
  startProcess,
  stopProcess,
  ticksPerSecond,
  waitFor,
} from "./bench-common";
import { fail, parseArgs } from "./cli";

export interface Sample {
  /** CPU milliseconds the server used in the round. */
  cpuMs: number;
  answers: number;
  answersPerSecond: number;
  p95Ms: number;
}

export interface Comparison {
  a: { msPerAnswer: number; answersPerSecond: number; p95Ms: number };
  b: { msPerAnswer: number; answersPerSecond: number; p95Ms: number };
  /** B's CPU per answer over A's, each round. */
  ratios: number[];
  ratioMedian: number;
}

/** `PART_CACHE_MB=48,PAGE_CACHE_MB=0` as variables for a server's environment. */
export function parseEnvList(list: string | true | undefined): Record<string, string> {
  if (list === undefined) return {};
  if (list === true) throw new Error("--env-a and --env-b take NAME=value pairs, separated by commas.");
  const env: Record<string, string> = {};
  for (const pair of list.split(",")) {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    if (at < 1 || !/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new Error(`"${pair}" is not NAME=value.`);
    env[name] = pair.slice(at + 1);
  }
  return env;
}

/** Sums each side's rounds (CPU per answer over all of them) and takes medians of the rest. */
export function compare(rounds: ReadonlyArray<{ a: Sample; b: Sample }>): Comparison {
  const side = (pick: (r: { a: Sample; b: Sample }) => Sample) => {
    const samples = rounds.map(pick);
    const cpu = samples.reduce((sum, s) => sum + s.cpuMs, 0);
    const answers = samples.reduce((sum, s) => sum + s.answers, 0);
    return {
      msPerAnswer: answers > 0 ? Math.round((cpu / answers) * 1000) / 1000 : 0,
      answersPerSecond: Math.round(median(samples.map((s) => s.answersPerSecond))),
      p95Ms: Math.round(median(samples.map((s) => s.p95Ms)) * 10) / 10,
    };
  };
  const ratios = rounds.map(
    ({ a, b }) => Math.round((b.cpuMs / Math.max(b.answers, 1) / (a.cpuMs / Math.max(a.answers, 1))) * 1000) / 1000,
  );
  return { a: side((r) => r.a), b: side((r) => r.b), ratios, ratioMedian: median(ratios) };
}

const describeEnv = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([name, value]) => ` ${name}=${value}`)
    .join("");

async function main(): Promise<void> {
  const { options, positional } = parseArgs(process.argv.slice(2));
  const [dirA, dirB] = positional.map((dir) => path.resolve(dir));
  if (!dirA || !dirB)
    fail("Usage: npm run bench:compare -- <dirA> <dirB> [--path /products | --any] [--rounds 10] [--seconds 3]");
  for (const dir of [dirA, dirB]) {
    if (!existsSync(path.join(dir, "build/server/index.js"))) fail(`${dir} has no build: run npm run build there.`);
  }
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres"))
    fail("Set DATABASE_URL to a PostgreSQL database (seeded, e.g. npm run seed -- --products 100000).");
  if (!existsSync("/proc/self/stat")) fail("bench:compare reads CPU time from Linux's /proc.");
  const num = (name: string, fallback: number) => {
    const v = options.get(name);
    return typeof v === "string" ? Number(v) : fallback;
  };
  // --any: each request a different listing, as the bench's "products, any" asks.
  const many = options.has("any") ? anyListings(10_000) : undefined;
  const route = many
    ? `/products, any (${many.length} addresses)`
    : String(options.get("path") ?? "/products?category=dairy-and-eggs&sort=priceAsc");
  const rounds = num("rounds", 10);
  const seconds = num("seconds", 3);
  const connections = num("connections", 10);
  const ticksASecond = ticksPerSecond();
  const envs = [parseEnvList(options.get("env-a")), parseEnvList(options.get("env-b"))] as const;

  const start = (dir: string, port: number, env: Record<string, string>): ChildProcess =>
    startProcess(
      [
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(pathToFileURL(path.join(dir, "build/server/index.js")).href)}); await m.main();`,
      ],
      {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        ...(options.has("cached") ? {} : { PAGE_CACHE_MB: "0" }),
        ...env,
      },
      dir,
    );
  const ports = [3601, 3602] as const;
  const servers = [start(dirA, ports[0], envs[0]), start(dirB, ports[1], envs[1])];
  // Where each side is in the addresses: a round goes on from the last, so a cache is asked for
  // new addresses as a shop's is, not for the first round's again.
  const nextAddress: [number, number] = [0, 0];
  try {
    await Promise.all(servers.map((child, i) => waitFor(`http://127.0.0.1:${ports[i]}/healthz`, child)));
    const cpuMs = (child: ChildProcess) =>
      (procStat(readFileSync(`/proc/${child.pid}/stat`, "utf8")).ticks * 1000) / ticksASecond;
    const load = async (i: 0 | 1, duration: number): Promise<Sample> => {
      const before = cpuMs(servers[i] as ChildProcess);
      const times: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: `http://127.0.0.1:${ports[i]}${many ? "/" : route}`,
            connections,
            duration,
            headers: { "accept-encoding": "br, gzip" },
            // Both builds are asked the same addresses in the same order.
            ...(many
              ? {
                  requests: [
                    {
                      setupRequest: (request: autocannon.Request) => ({
                        ...request,
                        path: many[nextAddress[i]++ % many.length] ?? "/",
                      }),
                    },
                  ],
                }
              : {}),
          },
          (error, r) => (error ? reject(error) : resolve(r)),
        );
        instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
      });
      if (result.errors > 0 || result.non2xx > 0) {
        throw new Error(`${route} on port ${ports[i]}: ${result.errors} errors, ${result.non2xx} answers not 2xx`);
      }
      times.sort((x, y) => x - y);
      return {
        cpuMs: cpuMs(servers[i] as ChildProcess) - before,
        answers: result.requests.total,
        answersPerSecond: result.requests.average,
        p95Ms: percentile(times, 95),
      };
    };
    // Warm up both: the first requests compile templates and fill caches.
    await load(0, 2);
    await load(1, 2);
    const samples: Array<{ a: Sample; b: Sample }> = [];
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        const a = await load(0, seconds);
        samples.push({ a, b: await load(1, seconds) });
      } else {
        const b = await load(1, seconds);
        samples.push({ a: await load(0, seconds), b });
      }
    }
    const c = compare(samples);
    process.stdout.write(
      `${route}, ${rounds} rounds of ${seconds} s at ${connections} connections, page cache ${options.has("cached") ? "on" : "off"}` +
        `${envs.some((env) => "PAGE_CACHE_MB" in env) ? " unless PAGE_CACHE_MB is set below" : ""}\n` +
        `build\tCPU ms/answer\treq/s (median)\tp95 ms (median)\n` +
        `A ${dirA}${describeEnv(envs[0])}\t${c.a.msPerAnswer}\t${c.a.answersPerSecond}\t${c.a.p95Ms}\n` +
        `B ${dirB}${describeEnv(envs[1])}\t${c.b.msPerAnswer}\t${c.b.answersPerSecond}\t${c.b.p95Ms}\n` +
        `B/A per round: ${c.ratios.join(" ")}; median ${c.ratioMedian}\n`,
    );
  } finally {
    await Promise.all(servers.map(stopProcess));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}
