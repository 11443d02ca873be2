import type { IncomingMessage, ServerResponse } from "node:http";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { Db } from "../app/db/client.server";
import type { Env } from "../app/env.server";
import { reportError } from "../app/error-reports.server";
import type { Logger } from "../app/logger.server";
import { apiRefusal } from "../app/modules/api/endpoints";
import type { CatalogueOutline } from "../app/modules/catalog/outline";
import type { KnownFacets } from "../app/modules/search/facets.server";
import type { SearchStarts } from "../app/modules/search/start.server";
import type { AntiForgery } from "../app/modules/security/csrf.server";
import type { Store } from "../app/modules/store/store.server";
import { cutSecrets, joinSecrets, type Secrets, secretsCanBeCut } from "../app/platform/page-secrets.server";
import type { PartCache } from "../app/platform/part-cache.server";
import { apiErrorShape, SERVER_ERROR } from "./api-errors";
import { BACKUP_PATH, type BackupService } from "./backup";
import { compressStream, compressWhole, LoadGauge } from "./compression";
import { readiness } from "./health";
import { METRICS_PATH, type Metrics, mayReadMetrics } from "./metrics";
import { type CachedAnswer, KeepRequest, type PageCache, pageCacheKey } from "./page-cache";
import {
  clientAddress,
  isLoopbackClient,
  requestIdFor,
  requestUrl,
  toFetchRequest,
  unreadableAddress,
} from "./request";
import { lingerBeforeClose, settleBody } from "./request-body";
import { contentSecurityPolicy, newNonce, securityHeaders } from "./security-headers";
import { chooseEncoding, isCompressible, type StaticFile } from "./static";

export interface HttpDeps {
  build: ServerBuild;
  db: Db;
  env: Env;
  log: Logger;
  staticFiles: Map<string, StaticFile>;
  findStore: (host: string) => Promise<Store | null>;
  /** A store's categories and brands, remembered (server/app.ts). */
  outline: (storeId: string) => Promise<CatalogueOutline>;
  /** The starts of searches, remembered (server/app.ts). */
  searchStarts: SearchStarts;
  searchFacets?: KnownFacets;
  /** Whether the database answers; for /healthz. */
  databaseKind: string;
  /** Pages cached for shoppers who are not signed in; none when absent. */
  pageCache?: PageCache;
  /** Parts of pages cached by what they show (product cards, header, footer, chips); every part rendered when absent. */
  parts?: PartCache;
  /** The embedded database's backups for `npm run backup` (server/backup.ts); absent on PostgreSQL. */
  backup?: () => BackupService | undefined;
  /** Signs and checks anti-forgery tokens with the installation's key. */
  antiForgery: AntiForgery;
  /** How busy the process is, which sets how hard answers are compressed; its own when absent. */
  load?: LoadGauge;
  /** Prometheus metrics (server/metrics.ts); requests go uncounted and /metrics is not found without. */
  metrics?: Metrics;
}

const PAUSED = Symbol("paused");
/** Resolves once the event loop has run everything that was ready: the body stream paused. */
const pause = () => new Promise<typeof PAUSED>((resolve) => setImmediate(resolve, PAUSED));

/** Smaller bodies go uncompressed: a compressed frame would save a few bytes and cost more time. */
const COMPRESS_MIN_BYTES = 1024;

/** Sends a body that is all here, compressed when it is text and worth it, in one write. */
function sendWhole(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer,
  load: LoadGauge,
): void {
  const type = String(headers["content-type"] ?? "");
  const encoding = isCompressible(type) ? chooseEncoding(req.headers["accept-encoding"] as string | undefined) : null;
  if (encoding) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  const sent = encoding && body.byteLength >= COMPRESS_MIN_BYTES ? compressWhole(body, encoding, load.effort()) : body;
  if (sent !== body && encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(sent.byteLength);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : sent);
}

/**
 * Writes a Fetch Response to Node, compressing text bodies.
 *
 * A body that is complete before its stream first pauses (JSON, and most pages) is sent whole,
 * with a Content-Length, in one write: on a machine where a system call is dear, streaming a
 * 300-byte answer through a compressor cost three writes and a thread hand-off. A body still
 * coming (a page with deferred data) is streamed and flushed as its pieces arrive.
 */
async function sendResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  load: LoadGauge,
  /** Given the whole body, as sent before compression, once all of it has gone out. */
  onWholeBody?: (body: Buffer) => void,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;

  const type = response.headers.get("content-type") ?? "";
  const encoding =
    response.body && !response.headers.has("content-encoding") && isCompressible(type)
      ? chooseEncoding(req.headers["accept-encoding"] as string | undefined)
      : null;
  if (encoding) {
    headers.vary = response.headers.has("vary")
      ? `${response.headers.get("vary")}, Accept-Encoding`
      : "Accept-Encoding";
  }
  // An answer given before the request body was read (413, 403, 400...) first reads what is
  // left of it (up to a limit), so the client, done sending, reads the answer; beyond the limit
  // the connection is closed, as the unread body would sit in front of the next request.
  if (!req.complete && !(await settleBody(req))) {
    headers.connection = "close";
    lingerBeforeClose(req);
  }
  const writeHead = () => {
    if (response.statusText) res.writeHead(response.status, response.statusText, headers);
    else res.writeHead(response.status, headers);
  };
  if (!response.body || req.method === "HEAD") {
    if (encoding) headers["content-encoding"] = encoding;
    writeHead();
    res.end();
    return;
  }

  const body = (response.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  let finished = false;
  try {
    // What the body gives before it pauses.
    const first: Uint8Array[] = [];
    let next = body.next();
    for (;;) {
      const step = await Promise.race([next, pause()]);
      if (step === PAUSED) break;
      if (step.done) {
        finished = true;
        break;
      }
      first.push(step.value);
      next = body.next();
    }

    if (finished) {
      const whole =
        first.length === 1 && first[0]
          ? Buffer.from(first[0].buffer, first[0].byteOffset, first[0].byteLength)
          : Buffer.concat(first);
      const sent =
        encoding && whole.byteLength >= COMPRESS_MIN_BYTES ? compressWhole(whole, encoding, load.effort()) : whole;
      if (sent !== whole && encoding) headers["content-encoding"] = encoding;
      headers["content-length"] = String(sent.byteLength);
      writeHead();
      res.end(sent);
      onWholeBody?.(whole);
      return;
    }

    if (encoding) headers["content-encoding"] = encoding;
    delete headers["content-length"];
    writeHead();
    const sink = encoding ? compressStream(encoding, load.effort()) : null;
    const out = sink ?? res;
    if (sink) sink.pipe(res);
    try {
      // React renders in ~2 KB pieces. Writing (and flushing the compressor) once per piece
      // costs a system call and a compressed block each, so pieces that arrive together are
      // gathered and written once the stream pauses, which still sends deferred HTML as it is
      // ready.
      let pending: Uint8Array[] = first;
      const all: Uint8Array[] | null = onWholeBody ? [...first] : null;
      let scheduled: Promise<void> | null = null;
      const writePending = async () => {
        const chunks = pending;
        pending = [];
        scheduled = null;
        if (res.destroyed || chunks.length === 0) return;
        const ok = out.write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
        if (sink) sink.flush();
        if (!ok) await new Promise<void>((resolve) => out.once("drain", resolve));
      };
      await writePending();
      for (let step = await next; !step.done; step = await body.next()) {
        if (res.destroyed) return;
        pending.push(step.value);
        all?.push(step.value);
        scheduled ??= new Promise<void>((resolve) => setImmediate(resolve)).then(writePending);
      }
      finished = true;
      await scheduled;
      await writePending();
      if (all && !res.destroyed) onWholeBody?.(Buffer.concat(all));
    } finally {
      out.end();
    }
  } finally {
    // A client that went away stops the render.
    if (!finished) await body.return?.();
  }
}

function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile, base: Record<string, string>): void {
  const headers: Record<string, string> = {
    ...base,
    "Content-Type": file.type,
    ETag: file.etag,
    "Cache-Control": file.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600, must-revalidate",
  };
  if (file.gzip) headers.Vary = "Accept-Encoding";
  if (req.headers["if-none-match"] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = file.gzip ? chooseEncoding(req.headers["accept-encoding"] as string | undefined) : null;
  const body = encoding === "br" && file.br ? file.br : encoding === "gzip" && file.gzip ? file.gzip : file.body;
  if (body !== file.body && encoding) headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * POST /_backup: the embedded database as a gzipped tar, for `npm run backup` on this machine
 * with the key from the data folder's control file (server/backup.ts); 404 to anyone else.
 */
async function sendBackup(
  req: IncomingMessage,
  res: ServerResponse,
  backup: BackupService | undefined,
  base: Record<string, string>,
  log: Logger,
): Promise<void> {
  const allowed = backup && req.method === "POST" && isLoopbackClient(req) && backup.accepts(req.headers.authorization);
  if (!backup || !allowed) {
    await settleBody(req);
    res.writeHead(404, { ...base, "Content-Type": "text/plain; charset=utf-8" });
    res.end("Not found.");
    return;
  }
  const started = Date.now();
  const dump = Buffer.from(await (await backup.dump()).arrayBuffer());
  log.info("backup taken", { bytes: dump.byteLength, ms: Date.now() - started });
  res.writeHead(200, {
    ...base,
    "Content-Type": "application/gzip",
    "Content-Length": String(dump.byteLength),
    "Cache-Control": "no-store",
  });
  res.end(dump);
}

/**
 * GET /metrics in Prometheus's text format, to whom may read it (server/metrics.ts); 404 to
 * anyone else, as if there were none. Where several processes share the port, each knows only
 * its own figures, so they are read from METRICS_PORT, where they are added up.
 */
async function sendMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: Metrics,
  env: Env,
  base: Record<string, string>,
): Promise<void> {
  await settleBody(req);
  const text = { ...base, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!mayReadMetrics(req, env) || (req.method !== "GET" && req.method !== "HEAD")) {
    res.writeHead(404, text);
    res.end("Not found.");
    return;
  }
  if (env.WEB_CONCURRENCY > 1) {
    res.writeHead(404, text);
    res.end(
      env.METRICS_PORT
        ? `Several processes serve this port; their metrics are added up at port ${env.METRICS_PORT}.`
        : "Several processes serve this port; set METRICS_PORT to read their metrics added up.",
    );
    return;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, { ...base, "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The app's headers worth keeping with an answer: not the per-response ones. */
function cachedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name === "set-cookie" || name === "content-security-policy" || name === "content-length") return;
    kept[name] = value;
  });
  return kept;
}

/**
 * The answer to keep, with its secrets cut out; null when it cannot be kept safely. A secret
 * can only be cut out where it is recognisable: a token from the browser's cookie that this
 * server could not have made (a short or common word) would cut the page apart elsewhere, and a
 * page whose nonce is nowhere to be found would go out with the first shopper's.
 */
function cachedAnswer(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
  secrets: Secrets,
  keep: KeepRequest,
): CachedAnswer | null {
  if (!secretsCanBeCut(secrets)) return null;
  const { pieces, slots } = cutSecrets(body, secrets);
  if ((headers["content-type"] ?? "").startsWith("text/html") && !slots.includes("nonce")) return null;
  return {
    status,
    headers,
    pieces,
    slots,
    bytes: body.byteLength,
    expiresAt: Date.now() + keep.seconds * 1000,
    shows: keep.products,
  };
}

/** Sends a cached answer with this response's own nonce and the browser's own token. */
function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  kept: CachedAnswer,
  env: Env,
  load: LoadGauge,
  antiForgery: AntiForgery,
) {
  const nonce = newNonce();
  const knownCsrf = antiForgery.valid(req.headers.cookie);
  const csrf = knownCsrf ?? antiForgery.mint(req.headers.cookie);
  // The cached headers hold the security headers already, as the first answer sent them.
  const headers: Record<string, string | string[]> = { ...kept.headers };
  const html = (kept.headers["content-type"] ?? "").startsWith("text/html");
  if (html) {
    headers["content-security-policy"] = contentSecurityPolicy(nonce, env);
    if (!knownCsrf) headers["set-cookie"] = [antiForgery.cookie(csrf)];
  }
  headers["x-page-cache"] = "hit";
  sendWhole(req, res, kept.status, headers, Buffer.concat(joinSecrets(kept, { nonce, csrf })), load);
}

/** The methods the store's routes answer; any other is refused before routing (405). */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

export function createHttpHandler(deps: HttpDeps) {
  const handle = createRequestHandler(deps.build, deps.env.NODE_ENV === "development" ? "development" : "production");
  const baseHeaders = securityHeaders(deps.env);
  const load = deps.load ?? new LoadGauge();

  return async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    // Read while the socket is there: once a body is cancelled the request has no socket, and
    // reading its address afterwards threw and stopped the process (issue 53).
    const ip = clientAddress(req, deps.env);
    const requestId = requestIdFor(req, deps.env);
    res.setHeader("X-Request-Id", requestId);
    const log = deps.log.child({ requestId });
    const url = requestUrl(req, deps.env);
    // The API answers in JSON, its errors as { error } like every route under it (issue 60).
    const api = url !== null && (url.pathname === "/api" || url.pathname.startsWith("/api/"));
    const refuse = async (status: number, message: string, headers: Record<string, string> = {}) => {
      log.info("request refused", { method: req.method, target: req.url?.slice(0, 200), status, ip });
      const whole = await settleBody(req);
      res.writeHead(status, {
        ...baseHeaders,
        ...headers,
        "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(whole ? {} : { Connection: "close" }),
      });
      res.end(api ? JSON.stringify({ error: message }) : message);
    };
    if (!url) return refuse(400, "Bad request: this address or host name cannot be read.");
    const method = req.method ?? "GET";
    if (!KNOWN_METHODS.has(method))
      return refuse(405, `This store does not answer ${method} requests.`, { Allow: ALLOW });
    const unreadable = unreadableAddress(url);
    if (unreadable) return refuse(400, `Bad request: ${unreadable}`);
    if (api) {
      const refusal = apiRefusal(method, url.pathname);
      if (refusal?.status === 204) {
        const whole = await settleBody(req);
        res.writeHead(204, { ...baseHeaders, Allow: refusal.allow, ...(whole ? {} : { Connection: "close" }) });
        res.end();
        return;
      }
      if (refusal) return refuse(refusal.status, refusal.error, refusal.allow ? { Allow: refusal.allow } : {});
    }
    if (method === "OPTIONS") {
      // No cross-origin requests are allowed, so there is nothing to negotiate.
      const whole = await settleBody(req);
      res.writeHead(204, { ...baseHeaders, Allow: ALLOW, ...(whole ? {} : { Connection: "close" }) });
      res.end();
      return;
    }
    // The route requests are counted under: the app's route pattern unless a part of its own answers.
    let route: string | null = null;
    res.on("finish", () => {
      const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      deps.metrics?.observe(method, route ?? deps.metrics.routeOf(url.pathname), res.statusCode, ms / 1000);
      log.info("request", {
        method,
        path: url.pathname,
        status: res.statusCode,
        ms,
        bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        host: url.host,
        ip,
      });
    });

    try {
      if (url.pathname === "/healthz" || url.pathname === "/readyz" || url.pathname === BACKUP_PATH) {
        route = url.pathname;
      }
      if (url.pathname === "/healthz") {
        // Liveness: the process answers. Its internals (process id, caches, compression) only
        // to this machine itself, as the development outbox is, never through a proxy.
        const internals = isLoopbackClient(req)
          ? {
              database: deps.databaseKind,
              pid: process.pid,
              pageCache: deps.pageCache?.report(),
              parts: deps.parts?.report(),
              compression: load.report(),
            }
          : {};
        res.writeHead(200, { ...baseHeaders, "Content-Type": "application/json", "Cache-Control": "no-store" });
        res.end(JSON.stringify({ status: "ok", ...internals }));
        return;
      }

      if (url.pathname === "/readyz") {
        const state = await readiness(deps.db);
        res.writeHead(state.ready ? 200 : 503, {
          ...baseHeaders,
          "Content-Type": "application/json",
          "Cache-Control": "no-store",
        });
        res.end(JSON.stringify({ status: state.ready ? "ready" : "not ready", ...state }));
        return;
      }

      if (url.pathname === BACKUP_PATH) {
        await sendBackup(req, res, deps.backup?.(), baseHeaders, log);
        return;
      }

      if (url.pathname === METRICS_PATH && deps.metrics) {
        route = METRICS_PATH;
        await sendMetrics(req, res, deps.metrics, deps.env, baseHeaders);
        return;
      }

      if (req.method === "GET" || req.method === "HEAD") {
        const file = deps.staticFiles.get(url.pathname);
        if (file) {
          route = "static";
          sendStatic(req, res, file, baseHeaders);
          return;
        }
      }

      const cache = deps.pageCache?.active ? deps.pageCache : null;
      const cacheKey = cache && pageCacheKey(req.method, url, req.headers.cookie, req.headers["user-agent"]);
      if (cache && cacheKey) {
        const kept = cache.get(cacheKey);
        if (kept) {
          sendCached(req, res, kept, deps.env, load, deps.antiForgery);
          return;
        }
      }
      const ticket = cache?.ticket() ?? 0;

      const store = await deps.findStore(url.hostname);
      // Nobody is left to answer when the client went away while the store was looked up.
      if (req.destroyed) return;
      const nonce = newNonce();
      // A token is known only when this server signed it for this browser's session.
      const knownCsrf = deps.antiForgery.valid(req.headers.cookie);
      let csrf = knownCsrf;
      const keep = new KeepRequest(deps.pageCache);
      const context: AppLoadContext = {
        db: deps.db,
        env: deps.env,
        log,
        requestId,
        store,
        nonce,
        clientIp: ip,
        fromLoopback: isLoopbackClient(req),
        // Made only when a page asks for it (JSON answers never do).
        get csrf() {
          csrf ??= deps.antiForgery.mint(req.headers.cookie);
          return csrf;
        },
        antiForgery: deps.antiForgery,
        pageCache: keep,
        outline: deps.outline,
        searchStarts: deps.searchStarts,
        searchFacets: deps.searchFacets,
        parts: deps.parts,
      };
      let response = await handle(toFetchRequest(req, res, url), context);
      if (api) response = await apiErrorShape(response);
      for (const [name, value] of Object.entries(baseHeaders)) {
        if (!response.headers.has(name)) response.headers.set(name, value);
      }
      // Taken before this process adds its own cookie: an answer that sets one is not kept.
      const keepAs =
        cache && cacheKey && response.status === 200 && !response.headers.has("set-cookie")
          ? { key: cacheKey, headers: cachedHeaders(response.headers) }
          : null;
      if (cache && cacheKey) response.headers.set("x-page-cache", "miss");
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
        response.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, deps.env));
        // Every page hands the browser its anti-forgery token once (see modules/security).
        if (!knownCsrf) {
          response.headers.append("Set-Cookie", deps.antiForgery.cookie(context.csrf));
        }
      }
      await sendResponse(
        req,
        res,
        response,
        load,
        cache && keepAs
          ? (body) => {
              if (!keep.allowed || !cache.admits(keepAs.key)) return;
              const answer = cachedAnswer(response.status, keepAs.headers, body, { nonce, csrf: csrf ?? "" }, keep);
              if (answer) cache.put(keepAs.key, ticket, answer);
            }
          : undefined,
      );
    } catch (error) {
      log.error("request failed", { error, path: url.pathname });
      reportError(error, { requestId, method, path: url.pathname });
      if (!res.headersSent) {
        res.writeHead(500, { ...baseHeaders, "Content-Type": api ? "application/json" : "text/plain; charset=utf-8" });
        res.end(api ? JSON.stringify({ error: SERVER_ERROR }) : SERVER_ERROR);
      } else {
        res.destroy();
      }
    }
  };
}
