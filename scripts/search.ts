/**
 * npm run search -- rebuild                          recompute every product's search text and
 *                                                    the word list the typo fallback uses
 * npm run search -- synonyms list                    the shop's synonym groups (and the built-in ones)
 * npm run search -- synonyms add kesar saffron ...   words that mean the same thing
 * npm run search -- synonyms remove kesar            drop the groups holding a word
 * Options: --store <slug> (default: the only store, or annapurna).
 */
import { and, eq, sql } from "drizzle-orm";
import { products, searchSynonyms, stores } from "../app/db/schema";
import { tidyCatalogueTables } from "../app/modules/catalog/catalogue-writer.server";
import { BUILT_IN_SYNONYMS, normaliseSearchText } from "../app/modules/search/query";
import { fail, openFromEnv, parseArgs, readEnv } from "./cli";

const { options, positional } = parseArgs(process.argv.slice(2));
const [command, action, ...words] = positional;
const database = await openFromEnv(readEnv());
const { db } = database;
try {
  const slug = options.get("store");
  const all = await db.select({ id: stores.id, slug: stores.slug }).from(stores);
  const store =
    typeof slug === "string"
      ? all.find((s) => s.slug === slug)
      : all.length === 1
        ? all[0]
        : all.find((s) => s.slug === "annapurna");
  if (!store)
    fail(
      `No store ${typeof slug === "string" ? `"${slug}"` : "chosen"}: pass --store <slug> (${all.map((s) => s.slug).join(", ")}).`,
    );

  if (command === "rebuild") {
    const started = Date.now();
    // Touching the name runs the triggers that recompute search_text and its postings (search_postings) and add new words.
    const result = await db
      .update(products)
      .set({ name: sql`${products.name}` })
      .where(eq(products.storeId, store.id))
      .returning({ id: products.id });
    // Words no product uses any more go (the triggers only ever add them).
    await db.execute(sql`delete from search_words where store_id = ${store.id} and word not in (
      select mandi_search_words_of(search_text) from products where store_id = ${store.id})`);
    await tidyCatalogueTables(db);
    process.stdout.write(
      `Rebuilt the search index of ${result.length} products in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  } else if (command === "synonyms" && action === "list") {
    const rows = await db
      .select({ terms: searchSynonyms.terms })
      .from(searchSynonyms)
      .where(eq(searchSynonyms.storeId, store.id));
    process.stdout.write(
      `The shop's own groups (${rows.length}):\n${rows.map((r) => `  ${r.terms.join(" = ")}`).join("\n")}\n`,
    );
    process.stdout.write(
      `Built-in groups (${BUILT_IN_SYNONYMS.length}):\n${BUILT_IN_SYNONYMS.map((g) => `  ${g.join(" = ")}`).join("\n")}\n`,
    );
  } else if (command === "synonyms" && action === "add") {
    const terms = [...new Set(words.map(normaliseSearchText).filter((w) => w.length > 0))];
    if (terms.length < 2)
      fail(
        'Give two or more words or quoted phrases that mean the same thing, e.g. add kesar saffron "saffron threads".',
      );
    await db.insert(searchSynonyms).values({ storeId: store.id, terms });
    process.stdout.write(`Added: ${terms.join(" = ")}\n`);
  } else if (command === "synonyms" && action === "remove") {
    const word = normaliseSearchText(words.join(" "));
    if (!word) fail("Give the word whose groups should go.");
    const removed = await db
      .delete(searchSynonyms)
      .where(and(eq(searchSynonyms.storeId, store.id), sql`${word} = any(${searchSynonyms.terms})`))
      .returning({ id: searchSynonyms.id });
    process.stdout.write(`Removed ${removed.length} group${removed.length === 1 ? "" : "s"}.\n`);
  } else {
    fail("Usage: npm run search -- rebuild | synonyms list | synonyms add <word> <word>... | synonyms remove <word>");
  }
} finally {
  await database.close();
}
