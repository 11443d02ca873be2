import { inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { products } from "../../db/schema";
import type { ListingFilters } from "../catalog/listing";
import { type ListingValues, ordering } from "../catalog/listing-sql.server";
import { type SummaryRow, summaryColumns } from "../catalog/products.server";
import { type SearchPlan, sameUnits } from "./query";
import { filtersOnPostings, MOST_WORDS_READ_TOGETHER, startsWithAny, unitLeadingWords } from "./words.server";

/** How far each word's postings is counted: beyond it, a word is as common as any. */
const COUNTED_ENTRIES = 5000;

/**
 * The most units a query may have to be read without each in turn: each try is a search of
 * its own, and without one of five words, four are seldom all in a product either.
 */
export const MOST_UNITS_LEFT_OUT_IN_TURN = 4;

/**
 * The plan's units, each left out in turn, for a search whose words are each in the catalogue
 * but never together ('basmati rice premium'): the plans of every unit but one, the one that
 * more products hold left out first. That is the ranking a search engine gives by how rare a
 * word is, and it keeps what the shopper asked for most narrowly: 'tata salt' lists salt of
 * any brand before the brand's other products, 'amul ghee 5 l' Amul's ghee in other sizes
 * before other 5 L packs. How many products hold a unit is read from its postings
 * (search_postings, counted up to COUNTED_ENTRIES): one statement. A unit with no word of
 * three letters or more to count by (a pack size, a number) is left out first.
 *
 * Of three units or more, only the plans some product may hold (ADR 0051): when every unit's
 * list is shorter than COUNTED_ENTRIES, a second statement reads which of the units each product
 * of the lists holds, and a plan no product holds all of is not read. Reading such a plan found
 * nothing only after each of its tiers had read its lists and then its own indexes: 10-25 ms a
 * plan at 100,000 products ('sugar salt tea coffee', whose four plans find nothing, took 120 ms).
 */
async function leaveOneOut(db: Db, storeId: string, plan: SearchPlan, postingFilters: SQL): Promise<SearchPlan[]> {
  const leading = plan.units.map(unitLeadingWords);
  const counts = await unitCounts(db, storeId, leading);
  const held = (i: number) => counts[i] ?? Number.POSITIVE_INFINITY;
  // Of two units, each plan is one unit, which its count tells of. Lists as long as a word's
  // count goes cost more to read whole than the plans they could spare ('rice oil masala ghee').
  const postings = counts.filter((count) => count !== null);
  const sets =
    plan.units.length >= 3 && postings.length >= 2 && postings.every((count) => count < COUNTED_ENTRIES)
      ? await unitsHeldTogether(db, storeId, leading, postingFilters)
      : null;
  return plan.units
    .map((_, i) => i)
    .filter((i) => !sets || mayHoldAllBut(sets, leading, i))
    .sort((a, b) => held(b) - held(a) || b - a)
    .map((i) => ({ ...plan, units: plan.units.filter((_, j) => j !== i) }));
}

/** How many entries each unit's postings hold, up to COUNTED_ENTRIES; null for a unit without leading words. */
async function unitCounts(
  db: Db,
  storeId: string,
  leading: readonly (readonly string[] | null)[],
): Promise<(number | null)[]> {
  const counts = leading.map((words) => {
    if (!words) return sql`null::int`;
    // search_words and search_postings have no Drizzle tables; the postings by their
    // index, as searchPostings reads them.
    return sql`(select count(*)::int from (select 1 from search_postings
      where store_id = ${storeId} and word in (select word from search_words
        where store_id = ${storeId} and (${startsWithAny(sql`word`, words)}) limit ${MOST_WORDS_READ_TOGETHER})
      limit ${COUNTED_ENTRIES}) c)`;
  });
  const result = (await db.execute(sql`select array[${sql.join(counts, sql`, `)}] as counts`)) as unknown as {
    rows: { counts: (number | null)[] }[];
  };
  return result.rows[0]?.counts ?? [];
}

/**
 * The sets of units (bit i for unit i) that a product the price range and discount `kept` keep
 * holds, of the products holding every unit with leading words but one at least: one statement,
 * which reads every entry of the units' postings. Every word the leading words start is read, since
 * a list left out could hide the one product holding them all.
 */
async function unitsHeldTogether(
  db: Db,
  storeId: string,
  leading: readonly (readonly string[] | null)[],
  postingFilters: SQL,
): Promise<number[]> {
  const lists = leading.flatMap((words, i) =>
    words
      ? [
          sql`select product_id, ${1 << i}::int as unit from search_postings
            where store_id = ${storeId} and word in (select word from search_words
              where store_id = ${storeId} and (${startsWithAny(sql`word`, words)}))${postingFilters}`,
        ]
      : [],
  );
  const result = (await db.execute(sql`select array(select distinct units from (
      select bit_or(unit) as units from (${sql.join(lists, sql` union all `)}) held group by product_id
      having count(distinct unit) >= ${lists.length - 1}) p) as sets`)) as unknown as {
    rows: { sets: number[] }[];
  };
  return result.rows[0]?.sets ?? [];
}

/**
 * Whether some product may hold every unit but unit `out`: one of `sets` holds every other
 * unit with leading words. A unit without them (a pack size) is not in the lists, and may be
 * held by any product.
 */
export function mayHoldAllBut(
  sets: readonly number[],
  leading: readonly (readonly string[] | null)[],
  out: number,
): boolean {
  let needed = 0;
  leading.forEach((words, i) => {
    if (words && i !== out) needed |= 1 << i;
  });
  return needed === 0 || sets.some((units) => (units & needed) === needed);
}

/**
 * A page of the products holding every unit of the plan but one (`leaveOneOut`), each plan's
 * read by `run` as a search of its own. Each plan's products hold a word the others' lack, so
 * none is listed twice. Best match lists them plan by plan; a sort the shopper chose orders
 * the page's share of every plan as one list.
 */
export async function allButOne(
  db: Db,
  values: ListingValues,
  filters: ListingFilters,
  { plan, asTyped }: { plan: SearchPlan; asTyped: SearchPlan | undefined },
  range: { offset: number; limit: number },
  run: (p: SearchPlan, r: { offset: number; limit: number }, asTyped?: SearchPlan) => Promise<SummaryRow[]>,
): Promise<SummaryRow[]> {
  const need = range.offset + range.limit + 1;
  const plans = await leaveOneOut(db, values.storeId, plan, filtersOnPostings(values));
  if (filters.sort === "relevance") {
    const found: SummaryRow[] = [];
    for (const fewer of plans) {
      // The words as typed rank first here too, without the unit left out (each of the typed
      // plan's units is its unit's first term).
      const postingFilters = new Set(fewer.units.map((unit) => unit[0]));
      const typed = asTyped && { ...asTyped, units: asTyped.units.filter((unit) => postingFilters.has(unit[0])) };
      const first = typed && !sameUnits(typed, fewer) ? typed : undefined;
      found.push(...(await run(fewer, { offset: 0, limit: need - found.length - 1 }, first)));
      if (found.length >= need) break;
    }
    return found.slice(range.offset);
  }
  // The first `need` of each plan, in the sort's order, hold the first `need` of them all.
  const ids: string[] = [];
  for (const fewer of plans) ids.push(...(await run(fewer, { offset: 0, limit: need - 1 })).map((row) => row.id));
  if (ids.length === 0) return [];
  return db
    .select(summaryColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(...ordering(filters))
    .offset(range.offset)
    .limit(range.limit + 1);
}
