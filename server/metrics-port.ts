import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { Env } from "../app/env.server";
import type { Logger } from "../app/logger.server";
import { METRICS_PATH } from "./metrics";

/**
 * METRICS_PORT: GET /metrics on a port of its own, at METRICS_HOST (this machine unless told),
 * so that a scraper needs no token and nothing of it passes the store's proxy. With several
 * processes (WEB_CONCURRENCY) the primary serves it and adds up its workers' figures, which
 * each worker hands over when asked (prom-client's AggregatorRegistry).
 */

/**
 * In a worker: hands this process's figures to the primary when it asks; none until `registry`
 * is given. A worker answers from its first moment, while its database opens: the primary waits
 * for every worker's answer, and one that never came would fail the scrape.
 */
export function reportToPrimary(registry?: Registry): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries(registry ? [registry] : []);
  // Made for its side effect: a worker's constructor starts answering the primary.
  new AggregatorRegistry();
}

/** Serves the figures `read` gives; in the primary of several processes, all of theirs added up. */
export async function serveMetricsPort(
  env: Pick<Env, "METRICS_PORT" | "METRICS_HOST">,
  log: Logger,
  read?: () => Promise<{ contentType: string; body: string }>,
): Promise<Server | null> {
  if (!env.METRICS_PORT) return null;
  const aggregator = read ? null : new AggregatorRegistry();
  const figures =
    read ??
    (async () => ({ contentType: aggregator?.contentType ?? "", body: (await aggregator?.clusterMetrics()) ?? "" }));
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Metrics are at ${METRICS_PATH}.`);
      return;
    }
    figures().then(
      ({ contentType, body }) => {
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (error: unknown) => {
        log.error("metrics not gathered", { error });
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("The metrics could not be gathered; see the server's log.");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  log.info("metrics served", { url: `http://${env.METRICS_HOST}:${address.port}${METRICS_PATH}` });
  return server;
}
