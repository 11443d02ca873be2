/**
 * npm run bench:desk [-- --orders 200000 --products 100000 --duration 8 --connections 5 --keep | --reuse <url>]
 *
 * The console at scale (issues 54 and 56): a fresh PostgreSQL database with the demo store's
 * catalogue made `--products` long and `--orders` orders (two line items each on average, over
 * the last year, in every status, from 20,000 phones); then every filter and search of the
 * orders desk, the dashboard, the new-orders check, and the products list's searches, filters,
 * sorts and pages, each for `--duration` seconds at `--connections` connections, signed in as
 * the demo owner. The target: p95 at most 50 ms for each. Writes bench-results/desk-<time>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/db/client.server";
import { seedDemoStore } from "../app/demo/seed.server";
import { DEMO_OWNER } from "../app/modules/staff/demo-owner.server";
import { percentile, startProcess, stopProcess, waitFor } from "./bench-common";
import { parseArgs } from "./cli";
import { createFreshDatabase } from "./fresh-postgres.mjs";

const { options } = parseArgs(process.argv.slice(2));
const num = (name: string, fallback: number) => {
  const v = options.get(name);
  return typeof v === "string" ? Number(v) : fallback;
};
const orderCount = num("orders", 200_000);
const productCount = num("products", 100_000);
const duration = num("duration", 8);
const connections = num("connections", 5);
const port = num("port", 3603);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TARGET_P95_MS = 50;

// --reuse <url> measures a database an earlier run kept (--keep), without writing orders again.
const reuse = options.get("reuse");
const fresh =
  typeof reuse === "string"
    ? { url: reuse, drop: async () => {} }
    : await createFreshDatabase(adminUrl, "mandi_bench_desk");
const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATABASE_URL: fresh.url };
const base = `http://127.0.0.1:${port}`;

/**
 * Orders written straight into the tables, a batch of 20,000 a statement: what the desk reads
 * is the same as if shoppers had placed them, and a year of orders takes seconds, not hours.
 */
async function fillOrders(): Promise<void> {
  const database = await openDatabase({ kind: "postgres", url: fresh.url });
  const db = database.db;
  const [store] = ((await db.execute(sql`select id from stores limit 1`)) as unknown as { rows: Array<{ id: string }> })
    .rows;
  if (!store) throw new Error("no store");
  const batch = 20_000;
  for (let start = 0; start < orderCount; start += batch) {
    const size = Math.min(batch, orderCount - start);
    await db.execute(sql`
      with made as (
        select gen_random_uuid() as id, n,
          now() - (random() * interval '365 days') as created_at,
          (array['Pending','Confirmed','Packed','Shipped','Delivered','Delivered','Delivered','Cancelled'])[1 + (n % 8)] as status,
          case when n % 3 = 0 then 'ONLINE' else 'COD' end as method,
          '98' || lpad(((n * 7919) % 20000)::text, 8, '0') as phone,
          (array['400703','400001','400050','411001','400601','400614'])[1 + (n % 6)] as pin,
          (array['Nisha','Farhan','Asha','Ravi','Meera','Imran','Kavya','Sunil'])[1 + (n % 8)] as first_name,
          (array['Desai','Sheikh','Caterers','Hotel','Kitchens','Foods','Rao','Iyer'])[1 + ((n / 8) % 8)] as last_name,
          10000 + (n % 500) * 1700 as amount
        from generate_series(${start}::int, ${start + size - 1}::int) as n
      ), placed as (
        insert into orders (id, store_id, order_number, phone, email, payment_method, status, payment_status,
          subtotal, shipping, grand_total, shipping_type, customer_address, signed_in, created_at, updated_at)
        select id, ${store.id}::uuid, 'B' || lpad(n::text, 9, '0') || 'X', phone,
          case when n % 4 = 0 then lower(first_name) || n || '@hotel.example' end,
          method, status,
          case when status = 'Cancelled' then (case when method = 'ONLINE' then 'refunded' else 'pending' end)
               when method = 'ONLINE' or status = 'Delivered' then 'paid' else 'pending' end,
          amount, 0, amount, 'Free Shipping',
          jsonb_build_object('firstName', first_name, 'lastName', last_name, 'address', n || ' Hill Road',
            'apartment', '', 'city', 'Mumbai', 'state', 'Maharashtra', 'pin', pin, 'landmark', '',
            'companyName', '', 'phone', phone, 'email', ''),
          false, created_at, created_at
        from made
        returning id, grand_total as total
      )
      insert into order_items (order_id, name, quantity, unit_price, total, position)
      select p.id, 'Item ' || k, 1 + k, p.total / 2, p.total / 2, k - 1
      from placed p, generate_series(1, 2) as k`);
    process.stdout.write(`  ${start + size} orders\n`);
  }
  // As autovacuum would by the time a shop had this many orders: statistics and the visibility map.
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
  await database.close();
}

const QUICK_ORDER_TARGET_MS = 300;

/** 200 lines a buyer might paste, each with a quantity. */
async function quickOrderLines(): Promise<string> {
  const database = await openDatabase({ kind: "postgres", url: fresh.url });
  const rows = (
    (await database.db.execute(
      sql`select sku, name from products where active and sku is not null order by random() limit 200`,
    )) as unknown as { rows: Array<{ sku: string; name: string }> }
  ).rows;
  await database.close();
  // 150 by SKU, 25 by the whole name, 25 by its first three words (found by the store's search).
  return rows
    .map((row, index) =>
      index < 150
        ? `${row.sku}\t${1 + (index % 12)}`
        : `${index < 175 ? row.name : row.name.split(" ").slice(0, 3).join(" ")} ${1 + (index % 5)}`,
    )
    .join("\n");
}

/** The demo store with a catalogue of `--products`, written before the server first starts. */
async function fillCatalogue(): Promise<void> {
  const database = await openDatabase({ kind: "postgres", url: fresh.url });
  await seedDemoStore(database.db, { products: productCount });
  await database.db.execute(sql`vacuum analyze products`);
  await database.close();
}

/** An order number, a phone, an email and a second page's cursor from the database, to search for. */
async function sampleOf(): Promise<Record<string, string>> {
  const database = await openDatabase({ kind: "postgres", url: fresh.url });
  const db = database.db;
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<Record<string, string>> }).rows[0] ?? {};
  const sample = {
    ...(await one(sql`select order_number as number, phone from orders order by random() limit 1`)),
    ...(await one(sql`select email from orders where email is not null order by random() limit 1`)),
    ...(await one(
      sql`select to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '_' || id as cursor from orders order by created_at desc, id desc offset 49 limit 1`,
    )),
    ...(await one(sql`select sku from products where sku is not null order by random() limit 1`)),
    ...(await one(sql`select category_id as category from products where category_id is not null limit 1`)),
    ...(await one(sql`select brand_id as brand from products where brand_id is not null limit 1`)),
  };
  await database.close();
  return sample;
}

async function signIn(): Promise<string> {
  const page = await fetch(`${base}/admin/sign-in`);
  const token = page.headers
    .getSetCookie()
    .find((c) => c.startsWith("mandi_csrf="))
    ?.split(";")[0];
  const csrf = token?.split("=")[1] ?? "";
  const answer = await fetch(`${base}/admin/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: token ?? "", Origin: base },
    body: new URLSearchParams({ csrf, email: DEMO_OWNER.email, password: DEMO_OWNER.password }).toString(),
  });
  const session = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("mandi_console="))
    ?.split(";")[0];
  if (!session) throw new Error(`sign-in failed: ${answer.status}`);
  return `${session}; ${token}`;
}

interface Figure {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
}

async function measure(
  cookie: string,
  name: string,
  address: string,
  post?: { body: string; connections: number },
): Promise<Figure> {
  const options = {
    url: base + address,
    connections: post?.connections ?? connections,
    headers: { Cookie: cookie, ...(post ? { "Content-Type": "application/json" } : {}) },
    ...(post ? { method: "POST" as const, body: post.body } : {}),
  };
  await autocannon({ ...options, duration: 1 });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, duration }, (error, r) => (error ? reject(error) : resolve(r)));
    instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    path: address,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    errors: result.errors + result.non2xx,
  };
}

if (typeof reuse !== "string") {
  process.stdout.write(`Writing the demo store with ${productCount} products...\n`);
  await fillCatalogue();
}
let child = startProcess(["scripts/start.mjs"], env);
try {
  await waitFor(`${base}/healthz`, child);
  await stopProcess(child);
  if (typeof reuse !== "string") {
    process.stdout.write(`Writing ${orderCount} orders...\n`);
    await fillOrders();
  }
  const sample = await sampleOf();
  child = startProcess(["scripts/start.mjs"], env);
  await waitFor(`${base}/healthz`, child);
  const cookie = await signIn();
  const week = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const addresses: Array<[string, string]> = [
    ["all, newest first", "/admin/orders"],
    ["page 2", `/admin/orders?after=${encodeURIComponent(sample.cursor ?? "")}`],
    ["status Pending", "/admin/orders?status=Pending"],
    ["status Delivered", "/admin/orders?status=Delivered"],
    ["payment paid", "/admin/orders?payment=paid"],
    ["method Online", "/admin/orders?method=ONLINE"],
    ["a week", `/admin/orders?from=${week(7)}&to=${week(0)}`],
    ["a day last month", `/admin/orders?from=${week(30)}&to=${week(30)}`],
    ["pincode", "/admin/orders?pincode=411001"],
    ["Pending, COD, pincode", "/admin/orders?status=Pending&method=COD&pincode=400050"],
    ["order number", `/admin/orders?q=${sample.number}`],
    ["phone", `/admin/orders?q=${sample.phone}`],
    ["end of a phone", `/admin/orders?q=${sample.phone?.slice(-4)}`],
    ["email", `/admin/orders?q=${encodeURIComponent(sample.email ?? "")}`],
    ["name", "/admin/orders?q=Meera%20Rao"],
    ["name nobody has", "/admin/orders?q=Zubin%20Mehta"],
    ["new orders check", `/admin/orders/new?since=${encodeURIComponent(new Date().toISOString())}`],
    ["dashboard", "/admin"],
    ["customers", "/admin/customers"],
    ["products", "/admin/products"],
    ["products, page 20", "/admin/products?page=20"],
    ["products, words", "/admin/products?q=basmati%20rice"],
    ["products, a SKU", `/admin/products?q=${encodeURIComponent(sample.sku ?? "")}`],
    ["products, low stock", "/admin/products?stock=low"],
    ["products, category by price", `/admin/products?category=${sample.category}&sort=price`],
    ["products, brand off sale", `/admin/products?brand=${sample.brand}&active=off`],
    ["products, least stock", "/admin/products?sort=stock"],
    ["stock ledger", "/admin/stock"],
  ];
  const figures: Figure[] = [];
  for (const [name, address] of addresses) {
    const figure = await measure(cookie, name, address);
    figures.push(figure);
    process.stdout.write(
      `${name.padEnd(28)} ${String(figure.requestsPerSecond).padStart(6)} req/s  p50 ${String(figure.p50Ms).padStart(6)} ms  p95 ${String(figure.p95Ms).padStart(6)} ms${figure.errors ? `  ${figure.errors} errors` : ""}${figure.p95Ms > TARGET_P95_MS ? "  over target" : ""}\n`,
    );
  }
  // Quick order (issue 59): a buyer pastes 200 lines, 150 by SKU and 50 by name, into a store of
  // --products products; target: under 300 ms, measured one buyer at a time.
  const pasted = await quickOrderLines();
  const quick = await measure(cookie, "quick order, 200 lines", "/api/quick-order", {
    body: JSON.stringify({ text: pasted }),
    connections: 1,
  });
  figures.push(quick);
  process.stdout.write(
    `${quick.name.padEnd(28)} ${String(quick.requestsPerSecond).padStart(6)} req/s  p50 ${String(quick.p50Ms).padStart(6)} ms  p95 ${String(quick.p95Ms).padStart(6)} ms${quick.errors ? `  ${quick.errors} errors` : ""}${quick.p95Ms > QUICK_ORDER_TARGET_MS ? "  over target (300 ms)" : ""}\n`,
  );
  const date = new Date().toISOString();
  mkdirSync("bench-results", { recursive: true });
  const out = path.join("bench-results", `desk-${date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    out,
    `${JSON.stringify({ date, node: process.version, orders: orderCount, products: productCount, connections, durationSeconds: duration, targetP95Ms: TARGET_P95_MS, figures }, null, 2)}\n`,
  );
  process.stdout.write(`\nWritten to ${out}\n`);
} finally {
  await stopProcess(child);
  // --keep leaves the database for EXPLAIN and a second look.
  if (options.has("keep")) process.stdout.write(`Kept the database: ${fresh.url}\n`);
  else await fresh.drop();
}
