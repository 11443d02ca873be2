import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "../app/env.server";
import { bodyStream } from "./request-body";

/**
 * Whether the request comes from this machine and from no proxy: the socket's address is a
 * loopback one and the request carries no forwarding header. A reverse proxy on the same
 * machine connects from loopback too, so a forwarded request is never the machine's own.
 */
export function isLoopbackClient(req: IncomingMessage): boolean {
  const address = req.socket?.remoteAddress ?? "";
  const loopback = address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
  if (!loopback) return false;
  const headers = req.headers;
  return !headers["x-forwarded-for"] && !headers.forwarded && !headers["x-real-ip"] && !headers["x-forwarded-host"];
}

export function clientAddress(req: IncomingMessage, env: Env): string {
  if (env.TRUST_PROXY) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket?.remoteAddress ?? "";
}

/** What a proxy's request id may look like to be taken: letters, digits and a few marks. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id, sent back as X-Request-Id and put on every log line of the request (issue
 * 61): the proxy's own when TRUST_PROXY says one is in front and it sent a sane one, so its logs
 * and Mandi's name a request alike; otherwise a new UUID. A client's own is never taken.
 */
export function requestIdFor(req: IncomingMessage, env: Env): string {
  if (env.TRUST_PROXY) {
    const sent = req.headers["x-request-id"];
    const id = Array.isArray(sent) ? sent[0] : sent;
    if (id && REQUEST_ID.test(id)) return id;
  }
  return randomUUID();
}

/**
 * A Host header as RFC 9110 allows it: a name (underscores too, as container names have them) or
 * IPv4 address, or an IPv6 one in brackets, and a port.
 */
const HOST_HEADER = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The request's address, or null when the request names none this server can read: a target
 * that is not a path (`http://other.example/x`, `*`), or a Host header that is not a host name.
 * The path is always this host's: `//other.example/products` is that path here, never a page
 * of another host, and no request can make `new URL` throw in the middle of the server (a
 * request for `//` or with `Host: a b` stopped the process).
 */
export function requestUrl(req: IncomingMessage, env: Env): URL | null {
  const target = req.url ?? "/";
  const host = req.headers.host ?? "localhost";
  if (!target.startsWith("/") || !HOST_HEADER.test(host)) return null;
  const proto = env.TRUST_PROXY
    ? String(req.headers["x-forwarded-proto"] ?? "http")
        .split(",")[0]
        ?.trim()
        .toLowerCase()
    : "http";
  if (proto !== "http" && proto !== "https") return null;
  try {
    return new URL(`${proto}://${host}${target}`);
  } catch {
    return null;
  }
}

/** Node request -> Fetch Request, with an abort signal tied to the client going away. */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse, url: URL): Request {
  const controller = new AbortController();
  // Only a client that went away before its answer was sent aborts: 'close' follows every
  // response, and an abort (a DOMException and its listeners) cost 8 µs or more each time.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  // A client that went away before this point left a body that can no longer be read (Node
  // hands back a cancelled stream, which Request refuses): the request comes already aborted.
  if (req.destroyed) controller.abort();
  const hasBody = method !== "GET" && method !== "HEAD" && !req.destroyed;
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: bodyStream(req), duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Why an address is refused before routing, or null: a NUL byte (PostgreSQL refuses text
 * holding one, which answered 500) or a percent-encoding that is not UTF-8, in the path or the
 * query.
 */
export function unreadableAddress(url: URL): string | null {
  if (/%00/i.test(url.pathname) || /%00/i.test(url.search)) return "The address holds a NUL byte.";
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return "The address is not valid UTF-8.";
  }
  return null;
}
