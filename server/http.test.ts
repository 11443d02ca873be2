import type { IncomingMessage } from "node:http";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../app/env.server";
import { requestIdFor, requestUrl, toFetchRequest } from "./request";

/** A server whose handler hands each request's abort signal to `onSignal`, then answers after `delayMs`. */
async function serve(delayMs: number, onSignal: (signal: AbortSignal) => void): Promise<Server> {
  const server = createServer((req, res) => {
    const request = toFetchRequest(req, res, new URL(req.url ?? "/", "http://localhost"));
    onSignal(request.signal);
    setTimeout(() => {
      if (!res.destroyed) res.end("done");
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  if (running) await new Promise((resolve) => running.close(resolve));
  server = undefined;
});

describe("a request's abort signal", () => {
  it("stays quiet when the answer was sent, though the socket closes after it", async () => {
    let signal: AbortSignal | undefined;
    server = await serve(0, (s) => {
      signal = s;
    });
    const { port } = server.address() as AddressInfo;
    // A new connection per request (Connection: close), so the server's side closes at the end.
    const body = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } }).then((r) => r.text());
    expect(body).toBe("done");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal?.aborted).toBe(false);
  });

  it("aborts when the client goes away before its answer, so the work for it stops", async () => {
    let handOver: (signal: AbortSignal) => void = () => {};
    const inHandler = new Promise<AbortSignal>((resolve) => {
      handOver = resolve;
    });
    // The answer would come long after the client leaves, however slow the machine.
    server = await serve(10_000, (signal) => handOver(signal));
    const { port } = server.address() as AddressInfo;
    const req = httpRequest({ host: "127.0.0.1", port, path: "/" });
    req.on("error", () => {});
    req.end();
    // The client leaves once the handler has its request (leaving sooner is the next test's case).
    const signal = await inHandler;
    expect(signal.aborted).toBe(false);
    const aborted = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
    req.destroy();
    await aborted;
    expect(signal.aborted).toBe(true);
  });

  it("comes already aborted, without a body, when the client left before the request was read", async () => {
    let made: Request | undefined;
    let failure: unknown;
    let resolveLeft: () => void = () => {};
    const left = new Promise<void>((resolve) => {
      resolveLeft = resolve;
    });
    const listening = createServer((req, res) => {
      // Handle the request only once its client is gone, as after a slow look-up.
      req.once("close", () => {
        try {
          made = toFetchRequest(req, res, new URL("/api/cart/quote", "http://localhost"));
        } catch (error) {
          failure = error;
        }
        resolveLeft();
      });
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const { port } = listening.address() as AddressInfo;
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/cart/quote", method: "POST" });
    req.on("error", () => {});
    req.write('{"lines":');
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    await left;
    expect(failure).toBeUndefined();
    expect(made?.signal.aborted).toBe(true);
    expect(made?.body).toBeNull();
  });
});

describe("a request's address", () => {
  const env = parseEnv({});
  const proxied = parseEnv({ TRUST_PROXY: "true" });
  const at = (url: string, headers: Record<string, string> = { host: "shop.example" }, on = env) =>
    requestUrl({ url, headers } as unknown as IncomingMessage, on)?.href ?? null;

  it("is the path on the Host header's host, a path of two slashes included", () => {
    expect(at("/products?q=atta")).toBe("http://shop.example/products?q=atta");
    expect(at("//evil.example/products")).toBe("http://shop.example//evil.example/products");
    expect(at("//")).toBe("http://shop.example//");
    expect(at("/", { host: "[::1]:3000" })).toBe("http://[::1]:3000/");
    expect(at("/", { host: "mandi_web:3000" })).toBe("http://mandi_web:3000/");
    expect(at("/", {})).toBe("http://localhost/");
  });

  it("is none for a target that is not a path or a Host header that is not a host", () => {
    expect(at("http://evil.example/products")).toBeNull();
    expect(at("*")).toBeNull();
    for (const host of [
      "a b",
      "",
      "shop.example/elsewhere",
      "user@shop.example",
      "shop.example:99999",
      "shop.example#x",
    ])
      expect(at("/", { host }), host).toBeNull();
  });

  it("takes the scheme from a trusted proxy, and refuses one that is neither http nor https", () => {
    expect(at("/", { host: "shop.example", "x-forwarded-proto": "HTTPS, http" }, proxied)).toBe(
      "https://shop.example/",
    );
    expect(at("/", { host: "shop.example", "x-forwarded-proto": "https" })).toBe("http://shop.example/");
    expect(at("/", { host: "shop.example", "x-forwarded-proto": "javascript" }, proxied)).toBeNull();
  });
});

describe("a request's id", () => {
  const idOf = (headers: Record<string, string>, on = parseEnv({})) =>
    requestIdFor({ headers } as unknown as IncomingMessage, on);
  const proxied = parseEnv({ TRUST_PROXY: "true" });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("is a new UUID for each request, whatever a client sends", () => {
    const first = idOf({ "x-request-id": "chosen-by-client-1" });
    expect(first).toMatch(UUID);
    expect(idOf({})).not.toBe(first);
  });

  it("is the trusted proxy's own when it sends a sane one", () => {
    expect(idOf({ "x-request-id": "caddy-7f3a9c21" }, proxied)).toBe("caddy-7f3a9c21");
    expect(idOf({ "x-request-id": "short" }, proxied)).toMatch(UUID);
    expect(idOf({ "x-request-id": "has spaces and <tags>" }, proxied)).toMatch(UUID);
  });
});
