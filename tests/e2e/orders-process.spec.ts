import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../app/db/client.server";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";
import { antiForgery } from "./helpers/anti-forgery";
import { NO_ORDER_LIMITS } from "./helpers/server-process";

/**
 * Orders against real server processes: a process killed with SIGKILL while orders are being
 * placed loses none it acknowledged and leaves none half-written; and two processes sharing
 * one PostgreSQL database never sell the same unit twice.
 */

test.describe.configure({ mode: "serial" });

const adminUrl = process.env.DATABASE_URL;

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  url: string;
}

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...inherited,
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Hundreds of orders from this machine: the demo store's limits are off.
      DEMO_ORDER_RULES: NO_ORDER_LIMITS,
      ...env,
    },
    stdio: "pipe",
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, exited, output: () => output, url };
}

async function placeOne(url: string, headers: Record<string, string>, productId: string, phone: string) {
  const response = await fetch(`${url}/api/orders`, {
    method: "POST",
    headers: { ...headers, "Idempotency-Key": `proc-${randomUUID()}` },
    body: JSON.stringify({
      lines: [{ productId, qty: 1 }],
      address: {
        fullName: "Ravi Kumar",
        phone,
        addressLine1: "Plot 7, Sector 30",
        city: "Navi Mumbai",
        state: "Maharashtra",
        pincode: "400703",
      },
      paymentMethod: "COD",
      saveAddress: false,
    }),
  });
  const body = (await response.json()) as { orderId?: string; error?: string; fields?: unknown };
  if (body.fields) body.error = `${body.error} ${JSON.stringify(body.fields)}`;
  return { status: response.status, body };
}

async function productWithStock(db: Database["db"], units: number): Promise<string> {
  const rows = (await db.execute(sql`
    update products set inventory = ${units}, track_inventory = true
    where id = (select p.id from products p where p.active
      and not exists (select 1 from product_sizes s where s.product_id = p.id) order by p.created_at desc limit 1)
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const id = rows.rows[0]?.id;
  if (!id) throw new Error("no product");
  return id;
}

async function stockAndSold(db: Database["db"], productId: string) {
  const result = (await db.execute(sql`
    select (select inventory from products where id = ${productId}) as stock,
      (select coalesce(sum(quantity), 0)::int from order_items where product_id = ${productId}) as sold,
      (select count(*)::int from orders o where not exists (select 1 from order_items i where i.order_id = o.id)) as empty_orders`)) as unknown as {
    rows: Array<{ stock: number; sold: number; empty_orders: number }>;
  };
  const row = result.rows[0];
  if (!row) throw new Error("no row");
  return row;
}

test("SIGKILL while orders are placed: every acknowledged order survives with its stock taken, none half-written", async () => {
  test.setTimeout(240_000);
  let env: Record<string, string>;
  let target: Parameters<typeof openDatabase>[0];
  let cleanup: () => Promise<void>;
  if (adminUrl) {
    const fresh = await createFreshDatabase(adminUrl, "mandi_kill");
    env = { DATABASE_URL: fresh.url };
    target = { kind: "postgres", url: fresh.url };
    cleanup = fresh.drop;
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "mandi-kill-"));
    env = { DATA_DIR: dir };
    target = { kind: "pglite", dataDir: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    // Seed through a first run, then give one product a known stock while no server runs.
    const seeding = await startServer(3311, env);
    seeding.child.kill("SIGTERM");
    await seeding.exited;
    let database = await openDatabase(target);
    const productId = await productWithStock(database.db, 5000);
    await database.close();

    const server = await startServer(3312, env);
    const headers = await antiForgery(server.url);
    const acknowledged: string[] = [];
    const refused: string[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const r = await placeOne(server.url, headers, productId, `97${String(10_000_000 + w * 100_000 + i)}`);
          if (r.status === 201 && r.body.orderId) acknowledged.push(r.body.orderId);
          else refused.push(`${r.status} ${r.body.error}`);
        } catch {
          return; // the process died under this request
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    while (acknowledged.length < 40) {
      if (refused.length > 0) throw new Error(`orders refused: ${refused[0]}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill("SIGKILL");
    stop = true;
    await Promise.all(workers);
    await server.exited;

    // Restart on the same data: every acknowledged order is there.
    const again = await startServer(3313, env);
    for (const id of acknowledged) {
      const response = await fetch(`${again.url}/api/orders/${id}`);
      expect(response.status, `order ${id}`).toBe(200);
    }
    again.child.kill("SIGTERM");
    await again.exited;

    database = await openDatabase(target);
    const { stock, sold, empty_orders } = await stockAndSold(database.db, productId);
    await database.close();
    expect(sold).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stock + sold).toBe(5000);
    expect(empty_orders).toBe(0);
  } finally {
    await cleanup();
  }
});

test("two server processes on one PostgreSQL database sell exactly the 50 units in stock to 200 shoppers", async () => {
  test.skip(!adminUrl, "needs PostgreSQL (DATABASE_URL): runs in the PostgreSQL pass of .ci/run");
  test.setTimeout(240_000);
  const fresh = await createFreshDatabase(adminUrl ?? "", "mandi_two");
  const env = { DATABASE_URL: fresh.url };
  try {
    const first = await startServer(3321, env);
    const second = await startServer(3322, env);
    const database = await openDatabase({ kind: "postgres", url: fresh.url });
    const productId = await productWithStock(database.db, 50);
    const headers = [await antiForgery(first.url), await antiForgery(second.url)];
    const servers = [first, second];
    // Each process keeps the product's page for shoppers who are not signed in (ADR 0018).
    const page = async (server: Server) => {
      const response = await fetch(`${server.url}/products/${productId}`);
      const html = await response.text();
      // The purchase panel's stock comes before any related product's.
      return { cache: response.headers.get("x-page-cache"), stock: /class="stock stock--([\w-]+)"/.exec(html)?.[1] };
    };
    for (const server of servers) {
      await expect.poll(async () => (await page(server)).cache, { timeout: 5_000 }).toBe("hit");
      expect((await page(server)).stock).toBe("in-stock");
    }
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        placeOne(servers[i % 2]?.url ?? "", headers[i % 2] ?? {}, productId, `96${String(10_000_000 + i)}`),
      ),
    );
    const sold = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(sold).toHaveLength(50);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error).toMatch(/is sold out|Only \d+ of|Please review them/);
    }
    const after = await stockAndSold(database.db, productId);
    expect(after).toMatchObject({ stock: 0, sold: 50 });
    // Both processes dropped their cached page when the orders, on either, took the stock.
    for (const server of servers) {
      await expect.poll(async () => (await page(server)).stock, { timeout: 2_000 }).toBe("sold-out");
    }
    await database.close();
    for (const s of servers) {
      s.child.kill("SIGTERM");
      await s.exited;
    }
  } finally {
    await fresh.drop();
  }
});

test("WEB_CONCURRENCY=2 serves one port from two processes, replaces one that dies and stops both on SIGTERM", async () => {
  test.skip(!adminUrl, "needs PostgreSQL (DATABASE_URL): runs in the PostgreSQL pass of .ci/run");
  test.setTimeout(240_000);
  const fresh = await createFreshDatabase(adminUrl ?? "", "mandi_cluster");
  try {
    const server = await startServer(3323, { DATABASE_URL: fresh.url, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
    // Each request on a connection of its own, which the primary hands to the next process.
    const answer = (pathname: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = get(`${server.url}${pathname}`, { agent: false, timeout: 10_000 }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on("timeout", () => request.destroy(new Error(`${pathname} did not answer in 10 s`)));
        request.on("error", reject);
      });
    // The pids that answer eight connections opened at once, for up to 40 rounds: whichever
    // process accepts first takes a connection, so one alone may take a few in a row.
    const pids = async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 40 && seen.size < 2; i += 1) {
        const answers = await Promise.all(Array.from({ length: 8 }, () => answer("/healthz")));
        for (const a of answers) seen.add((JSON.parse(a.body) as { pid: number }).pid);
      }
      return [...seen];
    };
    // /healthz answers once the first process serves; the second may still be starting.
    await expect
      .poll(server.output, { timeout: 60_000 })
      .toContain('"msg":"serving with several processes","processes":2');
    const first = await pids();
    expect(first).toHaveLength(2);
    expect(first).not.toContain(server.child.pid);

    // A process that dies while serving is replaced, and the other answers every connection
    // meanwhile: with Node's default scheduling one connection per death went to the dead
    // process and was never answered (ADR 0021).
    process.kill(first[0] ?? 0, "SIGKILL");
    const meanwhile = await Promise.all([answer("/healthz"), answer("/healthz"), answer("/products")]);
    expect(meanwhile.map((r) => r.status)).toEqual([200, 200, 200]);
    await expect.poll(server.output, { timeout: 10_000 }).toContain('"msg":"a process stopped; starting another"');
    await expect
      .poll(async () => (await pids()).filter((pid) => !first.includes(pid)).length, { timeout: 30_000 })
      .toBe(1);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output().match(/"msg":"stopped"/g)?.length).toBeGreaterThanOrEqual(3);
  } finally {
    await fresh.drop();
  }
});

test("WEB_CONCURRENCY above 1 on the embedded database stops start-up with one line saying why", async () => {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...inherited, WEB_CONCURRENCY: "2", PORT: "3324", HOST: "127.0.0.1" },
    stdio: "pipe",
  });
  let output = "";
  child.stderr?.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(output.trim().split("\n").at(-1)).toBe(
    "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database belongs to one process)",
  );
});

test("WEB_CONCURRENCY=2 whose processes cannot start exits with an error instead of starting them again", async () => {
  test.skip(!adminUrl, "needs PostgreSQL (DATABASE_URL): runs in the PostgreSQL pass of .ci/run");
  const missing = new URL(adminUrl ?? "");
  missing.pathname = `/mandi_missing_${randomUUID().slice(0, 8)}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...inherited, WEB_CONCURRENCY: "2", DATABASE_URL: missing.href, PORT: "3325", HOST: "127.0.0.1" },
    stdio: "pipe",
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain('"msg":"a process stopped before serving; stopping the others"');
  expect(output).toContain(missing.pathname.slice(1));
});
