/**
 * Loads a shop's catalogue into its store. See docs/catalogue-import.md for the columns.
 *
 * npm run import -- products.csv [--categories categories.csv] [--brands brands.csv]
 * npm run import -- catalogue.json
 * Options: --store <slug> (needed when there are several stores), --dry-run (check only).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { stores } from "../app/db/schema";
import { readCatalogueCsv, readCatalogueJson } from "../app/modules/catalog/catalogue-file";
import { CatalogueValidationError, type ValidCatalogue } from "../app/modules/catalog/catalogue-input";
import { CatalogueConflictError, writeCatalogue } from "../app/modules/catalog/catalogue-writer.server";
import { fail, openFromEnv, parseArgs, readEnv } from "./cli";

const { options, positional } = parseArgs(process.argv.slice(2));
const file = positional[0];
if (!file)
  fail(
    "Usage: npm run import -- products.csv [--categories categories.csv] [--brands brands.csv] [--store slug] [--dry-run]",
  );

function readText(p: string): { name: string; text: string } {
  try {
    return { name: path.basename(p), text: readFileSync(p, "utf8") };
  } catch (error) {
    fail(
      `Cannot read ${p}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
    );
  }
}

let catalogue: ValidCatalogue;
try {
  if (file.toLowerCase().endsWith(".json")) {
    const { name, text } = readText(file);
    catalogue = readCatalogueJson(name, text);
  } else {
    const categories = options.get("categories");
    const brands = options.get("brands");
    catalogue = readCatalogueCsv({
      products: readText(file),
      categories: typeof categories === "string" ? readText(categories) : undefined,
      brands: typeof brands === "string" ? readText(brands) : undefined,
    });
  }
} catch (error) {
  if (error instanceof CatalogueValidationError) fail(`${error.message}\nNothing was imported.`);
  throw error;
}

const summaryLine = `${catalogue.products.length} products, ${catalogue.categories.length} categories, ${catalogue.brands.length} brands`;
if (options.has("dry-run")) {
  process.stdout.write(`The file is valid: ${summaryLine}. Nothing was imported (--dry-run).\n`);
  process.exit(0);
}

const env = readEnv();
const database = await openFromEnv(env);
try {
  const all = await database.db.select({ id: stores.id, slug: stores.slug, title: stores.title }).from(stores);
  const wanted = options.get("store");
  const store = typeof wanted === "string" ? all.find((s) => s.slug === wanted) : all.length === 1 ? all[0] : undefined;
  if (!store) {
    fail(
      all.length === 0
        ? "There is no store yet. Start Mandi once (npm start) or run npm run seed, then import."
        : `Choose the store with --store: ${all.map((s) => s.slug).join(", ")}`,
    );
  }
  const s = await writeCatalogue(database.db, store.id, catalogue);
  process.stdout.write(
    `Imported into "${store.title}": ${s.productsCreated} products created, ${s.productsUpdated} updated, ${s.categoriesCreated} categories and ${s.brandsCreated} brands created.\n${
      s.photosToFetch > 0
        ? `${s.photosToFetch} photo links will be fetched into the store's own photos by the running store (its Jobs page lists any that fail).\n`
        : ""
    }`,
  );
} catch (error) {
  if (error instanceof CatalogueConflictError) fail(`${error.message}\nNothing was imported.`);
  throw error;
} finally {
  await database.close();
}
