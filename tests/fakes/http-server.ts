import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A throwaway HTTP server on a free port, answering each request with `answer`, for adapter tests. */

export interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface FakeServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function fakeServer(answer: (r: Received) => { status: number; body: unknown }): Promise<FakeServer> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const r = { method: req.method ?? "", url: new URL(req.url ?? "/", "http://fake"), headers: req.headers, body };
      received.push(r);
      const { status, body: out } = answer(r);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
