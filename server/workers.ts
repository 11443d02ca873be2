import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../app/logger.server";

/**
 * How long to wait before replacing a process that died while serving, given how many died in
 * the last minute (this one included): a second, doubled for each other, at most half a minute.
 * A process that dies now and then is back at once; one that dies as soon as it serves (a
 * request that crashes it, asked again and again) does not take the machine with it.
 */
export function restartDelayMs(deathsInLastMinute: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, deathsInLastMinute - 1));
}

/**
 * `WEB_CONCURRENCY` processes serving one port (node:cluster), on PostgreSQL only: each is a
 * whole Mandi process with its own pool, cached pages and background job, as ADR 0021 explains.
 * This primary only starts them, replaces one that dies while serving, and stops them all on
 * SIGTERM or SIGINT.
 *
 * A worker that stops before it serves (the database refused it, the port is taken) would stop
 * its replacements the same way, so the primary does not retry: it stops the others and exits
 * with an error, as a single process would. The worker has printed why.
 */
export function superviseWorkers(count: number, log: Logger): void {
  const serving = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;
  let announced = false;
  let deaths: number[] = [];
  const living = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      serving.add(worker);
      // Once, when all `count` processes first accept connections together.
      if (!announced && living().filter((w) => serving.has(w)).length === count) {
        announced = true;
        log.info("serving with several processes", { processes: count });
      }
    });
  };

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    const left = living();
    if (left.length === 0) process.exit(failed ? 1 : 0);
    for (const worker of left) worker.process.kill("SIGTERM");
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0 && !signal) failed = true;
      if (living().length === 0) {
        log.info("stopped", { processes: count });
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!serving.has(worker)) {
      failed = true;
      log.error("a process stopped before serving; stopping the others", { pid: worker.process.pid, exitCode: code });
      stopAll();
      return;
    }
    const now = Date.now();
    deaths = [...deaths.filter((at) => now - at < 60_000), now];
    const delayMs = restartDelayMs(deaths.length);
    log.error("a process stopped; starting another", {
      pid: worker.process.pid,
      exitCode: code,
      signal,
      inMs: delayMs,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  // Each process accepts from the shared socket itself. With Node's default (the primary
  // accepts and hands connections round) a connection handed to a process in the instant it
  // died is never answered: one per death, measured.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  for (let i = 0; i < count; i += 1) fork();
  process.once("SIGTERM", stopAll);
  process.once("SIGINT", stopAll);
}
