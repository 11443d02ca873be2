/**
 * npm run seed                          the demo store, if the database has no store yet
 * npm run seed -- --products 100000     a demo store with a large generated catalogue
 * npm run seed -- --reset ...           replace an existing store of the same slug
 * Options: --slug <slug> (default annapurna), --title <title>, --domain <host>.
 */
import { eq } from "drizzle-orm";
import { stores } from "../app/db/schema";
import { DEMO_STORE_SLUG } from "../app/demo/factories";
import { seedDemoStore } from "../app/demo/seed.server";
import { fail, openFromEnv, parseArgs, readEnv } from "./cli";

const { options } = parseArgs(process.argv.slice(2));
const productsOption = options.get("products");
const products = typeof productsOption === "string" ? Number(productsOption) : undefined;
if (products !== undefined && (!Number.isInteger(products) || products < 1 || products > 2_000_000)) {
  fail("--products must be a whole number from 1 to 2,000,000");
}
const slug = typeof options.get("slug") === "string" ? String(options.get("slug")) : DEMO_STORE_SLUG;
const title = typeof options.get("title") === "string" ? String(options.get("title")) : undefined;
const domain = options.get("domain");

const env = readEnv();
const database = await openFromEnv(env);
try {
  const [existing] = await database.db.select({ id: stores.id }).from(stores).where(eq(stores.slug, slug));
  if (existing) {
    if (!options.has("reset"))
      fail(`A store "${slug}" already exists. Add --reset to replace it (its orders and customers go too).`);
    await database.db.delete(stores).where(eq(stores.id, existing.id));
  }
  const started = Date.now();
  const result = await seedDemoStore(database.db, {
    products,
    slug,
    title,
    domains: typeof domain === "string" ? [domain] : undefined,
  });
  const s = result.summary;
  process.stdout.write(
    `Created store "${result.store.title}" (${slug}): ${s.productsCreated} products, ${s.categoriesCreated} categories, ${s.brandsCreated} brands, ${result.pincodes} delivery pincodes in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
} finally {
  await database.close();
}
