import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { createProcessDatabase, startServerProcess } from "./helpers/server-process";

/**
 * A running store keeps its categories and brands in memory for a few seconds (ADR 0023); a
 * change written to the database by anything else (an import, another process, the shop owner
 * at a SQL prompt) shows on its very next page, because the database tells the process. Pages
 * are rendered every time here (PAGE_CACHE_MB=0), so only the kept outline could be stale.
 */

const PORT = 3343;

test("categories and brands changed in the database show on the next page, well within the time they are kept", async () => {
  test.skip(!process.env.DATABASE_URL, "needs PostgreSQL (DATABASE_URL): runs in the PostgreSQL pass of .ci/run");
  test.setTimeout(180_000);
  const database = await createProcessDatabase("mandi_outline");
  const server = await startServerProcess(PORT, { PAGE_CACHE_MB: "0" }, "mandi_outline", database);
  const direct = await openDatabase({ kind: "postgres", url: database.env.DATABASE_URL ?? "" });
  const html = async (path: string) => (await fetch(`${server.url}${path}`)).text();
  // Well under the 5 s an outline is kept: only the database's word can make the change show.
  const soon = { timeout: 1_500, intervals: [50] };
  try {
    const [brand] = (
      (await direct.db.execute(sql`select b.slug, b.name from brands b
        where exists (select 1 from products p where p.brand_id = b.id and p.active) order by b.name limit 1`)) as unknown as {
        rows: { slug: string; name: string }[];
      }
    ).rows;
    if (!brand) throw new Error("the demo store has no brand with products");

    // The outline is loaded (and kept) by these pages.
    expect(await html("/products")).not.toContain('href="/products?category=festive-sweets"');
    expect(await html(`/products?brand=${brand.slug}`)).toContain(`<h1 id="products-heading">${brand.name}<`);
    expect(await html("/")).toContain(`href="/products?brand=${brand.slug}"`);

    await direct.db.execute(sql`insert into categories (store_id, name, slug, position)
      select id, 'Festive Sweets', 'festive-sweets', 0 from stores limit 1`);
    await direct.db.execute(sql`update brands set name = 'Renamed Brand Co' where slug = ${brand.slug}`);
    await expect.poll(() => html("/products"), soon).toContain('href="/products?category=festive-sweets"');
    await expect
      .poll(() => html(`/products?brand=${brand.slug}`), soon)
      .toContain('<h1 id="products-heading">Renamed Brand Co<');

    // A brand whose products are all taken off sale leaves the home page's brand tiles.
    expect(await html("/")).toContain(`href="/products?brand=${brand.slug}"`);
    await direct.db.execute(sql`update products set active = false
      where brand_id = (select id from brands where slug = ${brand.slug})`);
    await expect.poll(() => html("/"), soon).not.toContain(`href="/products?brand=${brand.slug}"`);
  } finally {
    await direct.close();
    await server.stop();
    await database.drop();
  }
});

test("a search's remembered start is forgotten when the shop's words or synonyms change", async () => {
  test.skip(!process.env.DATABASE_URL, "needs PostgreSQL (DATABASE_URL): runs in the PostgreSQL pass of .ci/run");
  test.setTimeout(180_000);
  const database = await createProcessDatabase("mandi_search_start");
  const server = await startServerProcess(PORT + 1, { PAGE_CACHE_MB: "0" }, "mandi_search_start", database);
  const direct = await openDatabase({ kind: "postgres", url: database.env.DATABASE_URL ?? "" });
  const suggested = async (q: string) => {
    const body = (await (await fetch(`${server.url}/api/search/suggestions?q=${q}`)).json()) as {
      suggestions: { name: string }[];
    };
    return body.suggestions.map((s) => s.name);
  };
  // Well under the minute a search's start is remembered: only the database's word can make the change show.
  const soon = { timeout: 1_500, intervals: [50] };
  try {
    // Each answer is remembered: a word nowhere in the catalogue, and a synonym the shop has not made.
    expect(await suggested("zafranni")).toEqual([]);
    expect(await suggested("zafranni")).toEqual([]);
    expect(await suggested("kesar")).toEqual([]);

    const [product] = (
      (await direct.db.execute(sql`update products set name = 'Zafrani Shrikhand Tub 1 kg'
        where id = (select id from products where active order by created_at desc limit 1) returning name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    expect(product?.name).toBe("Zafrani Shrikhand Tub 1 kg");
    await expect.poll(() => suggested("zafranni"), soon).toEqual(["Zafrani Shrikhand Tub 1 kg"]);

    await direct.db.execute(sql`insert into search_synonyms (store_id, terms)
      select id, array['kesar', 'shrikhand'] from stores limit 1`);
    await expect.poll(() => suggested("kesar"), soon).toEqual(["Zafrani Shrikhand Tub 1 kg"]);
  } finally {
    await direct.close();
    await server.stop();
    await database.drop();
  }
});
