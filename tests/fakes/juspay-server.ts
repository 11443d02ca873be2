import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  JuspaySimulator,
  memoryBooks,
  SIM_CHOICES,
  type SimChoice,
  type SimOrder,
} from "../../app/modules/payments/juspay/simulator.server";

/**
 * A fake Juspay for tests: the protocol simulator behind a real HTTP server, with switches for
 * what a real gateway does on a bad day (down, slow, 5xx, answering without a link).
 *
 *   POST /session, GET /orders/{id}, POST /orders/{id}/refunds   the gateway API
 *   GET  /pay/{id}?choice=success|failure|pending|cancel          the "payment page": pays and
 *                                                                  redirects to the return URL
 */

export interface FakeJuspayOptions {
  merchantId?: string;
  apiKey?: string;
  responseKey?: string;
  webhook?: { url: string; username: string; password: string; duplicate?: boolean; retryDelaysMs?: number[] };
}

export interface FakeJuspay {
  url: string;
  simulator: JuspaySimulator;
  books: ReturnType<typeof memoryBooks>;
  config: Required<Omit<FakeJuspayOptions, "webhook">>;
  /** Every webhook delivery: the event sent, the store's HTTP status and answer. */
  deliveries: Array<{ body: Record<string, unknown>; status: number; answer: string }>;
  /** Every API request received, in order. */
  requests: Array<{ method: string; path: string; body: string; headers: Record<string, string> }>;
  faults: {
    /** Close the connection without an answer. */
    down: boolean;
    /** Wait this long before answering. */
    delayMs: number;
    /** Answer the next n API calls with 503. */
    failNext: number;
    /** Answer /session without payment_links. */
    noLink: boolean;
  };
  /** The tester's choice for a gateway order, as the payment page would make it; returns the return URL. */
  pay(orderId: string, choice: SimChoice): Promise<string>;
  order(orderId: string): SimOrder | undefined;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function startFakeJuspay(options: FakeJuspayOptions = {}): Promise<FakeJuspay> {
  const config = {
    merchantId: options.merchantId ?? "mandi_test",
    apiKey: options.apiKey ?? "test_api_key_0123456789",
    responseKey: options.responseKey ?? "92206A0A4A75499C9B11206C2B3B9A53",
  };
  const books = memoryBooks();
  let base = "";
  const faults = { down: false, delayMs: 0, failNext: 0, noLink: false };
  const requests: FakeJuspay["requests"] = [];
  const deliveries: FakeJuspay["deliveries"] = [];
  const hook = options.webhook;
  const simulator = new JuspaySimulator({
    ...config,
    books,
    get paymentPageBase() {
      return `${base}/pay`;
    },
    webhook: hook
      ? {
          username: hook.username,
          password: hook.password,
          duplicate: hook.duplicate,
          retryDelaysMs: hook.retryDelaysMs ?? [100, 300],
          deliver: async (request) => {
            const body = await request.text();
            const response = await fetch(hook.url, { method: "POST", headers: request.headers, body });
            const answer = await response.text();
            deliveries.push({ body: JSON.parse(body) as Record<string, unknown>, status: response.status, answer });
            return new Response(answer, { status: response.status });
          },
        }
      : undefined,
  });

  const byGatewayOrder = (orderId: string) => books.all().find((o) => o.order_id === orderId);

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && pay?.[1]) {
        const choice = url.searchParams.get("choice") as SimChoice;
        if (!SIM_CHOICES.includes(choice)) return send(res, new Response("choose", { status: 400 }));
        const paid = await simulator.pay(pay[1], choice);
        if (!paid) return send(res, new Response("no such payment", { status: 404 }));
        return send(res, new Response(null, { status: 302, headers: { location: paid.returnUrl } }));
      }
      const body = await readBody(req);
      requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        body,
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      });
      if (faults.down) {
        req.socket.destroy();
        return;
      }
      if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
      if (faults.failNext > 0) {
        faults.failNext--;
        return send(res, Response.json({ status: "error", error_message: "Service unavailable" }, { status: 503 }));
      }
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      let response = await simulator.handle(request);
      if (faults.noLink && url.pathname === "/session" && response.ok) {
        const { payment_links: _links, ...rest } = (await response.json()) as Record<string, unknown>;
        response = Response.json(rest);
      }
      await send(res, response);
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    simulator,
    books,
    config,
    requests,
    deliveries,
    faults,
    async pay(orderId, choice) {
      const order = byGatewayOrder(orderId);
      if (!order) throw new Error(`fake Juspay has no order ${orderId}`);
      const paid = await simulator.pay(order.id, choice);
      if (!paid) throw new Error("payment vanished");
      return paid.returnUrl;
    },
    order: byGatewayOrder,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
