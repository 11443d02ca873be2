import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import {
  compileStatement,
  executePrepared,
  limitAsWritten,
  preparedPerDatabase,
  withRowMapper,
} from "../../app/db/prepared.server";
import { categories, stores } from "../../app/db/schema";
import { makeStore } from "../../app/demo/factories";
import { createStore } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

describe.each(databaseKinds)("statements compiled once on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const sum = compileStatement(
    "test_sum",
    sql`select ${sql.placeholder("a")}::int + ${sql.placeholder("b")}::int as sum, ${sql.placeholder("a")}::int as a`,
  );

  it("fills every placeholder by name, a name used twice included, on every run", async () => {
    expect(await sum.run(database.db, { a: 2, b: 3 })).toEqual([{ sum: 5, a: 2 }]);
    // The second run on a connection reuses the prepared statement with new values.
    for (let i = 0; i < 12; i++) expect(await sum.run(database.db, { a: i, b: 1 })).toEqual([{ sum: i + 1, a: i }]);
  });

  it("runs side by side on many connections", async () => {
    const runs = await Promise.all(Array.from({ length: 30 }, (_, i) => sum.run(database.db, { a: i, b: i })));
    expect(runs.map((rows) => (rows[0] as { sum: number }).sum)).toEqual(Array.from({ length: 30 }, (_, i) => 2 * i));
  });

  it("refuses to run with a value missing", async () => {
    await expect(sum.run(database.db, { a: 1 })).rejects.toThrow(/placeholder "b"/);
  });

  it("runs a prepared query inside a transaction, on the transaction's own connection", async () => {
    const rows = await database.db.transaction((tx) =>
      executePrepared<{ one: number }>(tx, "test_in_tx", sql`select ${1}::int as one`),
    );
    expect(rows).toEqual([{ one: 1 }]);
  });

  it("builds a Drizzle statement once per database and shape, and maps its rows as Drizzle does", async () => {
    let built = 0;
    const storeBy = preparedPerDatabase((db, bySlug: boolean) => {
      built++;
      return db
        .select({ id: stores.id, createdAt: stores.createdAt })
        .from(stores)
        .where(bySlug ? sql`${stores.slug} = ${sql.placeholder("key")}` : sql`${stores.id} = ${sql.placeholder("key")}`)
        .prepare(bySlug ? "test_store_by_slug" : "test_store_by_id");
    });
    const store = await createStore(database.db, makeStore({ slug: "prepared-test", domains: [] }));
    expect(storeBy(database.db, true)).toBe(storeBy(database.db, true));
    expect(storeBy(database.db, false)).not.toBe(storeBy(database.db, true));
    expect(built).toBe(2);
    for (let i = 0; i < 8; i++) {
      const [bySlug] = await storeBy(database.db, true).execute({ key: "prepared-test" });
      expect(bySlug?.id).toBe(store?.id);
      expect(bySlug?.createdAt).toBeInstanceOf(Date);
    }
    expect(await storeBy(database.db, false).execute({ key: store?.id })).toHaveLength(1);
    expect(await storeBy(database.db, true).execute({ key: "no-such-store" })).toEqual([]);
    const other = await createTestDatabase(kind);
    try {
      expect(storeBy(other.db, true)).not.toBe(storeBy(database.db, true));
      expect(await storeBy(other.db, true).execute({ key: "prepared-test" })).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("writes a limit into the statement's text, not as a value", async () => {
    const query = database.db.select({ id: stores.id }).from(stores).limit(limitAsWritten(25));
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/ limit 25$/);
    expect(params).toEqual([]);
    expect(await query).toEqual(expect.any(Array));
    expect(() => limitAsWritten(2.5)).toThrow(RangeError);
    expect(() => limitAsWritten(-1)).toThrow(RangeError);
  });

  it("maps rows as Drizzle's own mapping does: columns, expressions with decoders, aliases, nested objects, nulls", async () => {
    await createStore(database.db, makeStore({ slug: "mapped-rows", domains: [] }));
    const fields = {
      id: stores.id,
      createdAt: stores.createdAt,
      twice: sql<number>`length(${stores.slug}) * 2`.mapWith(Number),
      title: sql<string>`upper(${stores.title})`.as("upper_title"),
      nothing: sql<string | null>`null::text`,
      nested: { slug: stores.slug, at: sql<Date>`${stores.createdAt}`.mapWith(stores.createdAt), none: sql`null` },
    };
    const select = (db: typeof database.db) =>
      db
        .select(fields)
        .from(stores)
        .where(eq(stores.slug, sql.placeholder("slug")))
        .prepare("");
    const mapped = preparedPerDatabase((db) => select(db));
    const statement = mapped(database.db) as unknown as { customResultMapper?: unknown };
    expect(statement.customResultMapper).toBeTypeOf("function");
    const ours = await mapped(database.db).execute({ slug: "mapped-rows" });
    const drizzles = await select(database.db).execute({ slug: "mapped-rows" });
    expect(drizzles).toHaveLength(1);
    expect(ours).toEqual(drizzles);
    expect(ours[0]?.createdAt).toBeInstanceOf(Date);
    expect(ours[0]?.nested.at).toBeInstanceOf(Date);
    expect(typeof ours[0]?.twice).toBe("number");
  });

  it("leaves a select with joins to Drizzle, which nulls a joined table whose fields are all null", async () => {
    const joined = withRowMapper(
      database.db
        .select({ slug: stores.slug, category: { id: categories.id, name: categories.name } })
        .from(stores)
        .leftJoin(categories, sql`false`)
        .where(eq(stores.slug, sql.placeholder("slug")))
        .prepare(""),
    );
    expect((joined as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    await createStore(database.db, makeStore({ slug: "joined-rows", domains: [] }));
    expect(await joined.execute({ slug: "joined-rows" })).toEqual([{ slug: "joined-rows", category: null }]);
  });

  it("keeps at most `most` shapes per database, the least recently used going first", async () => {
    const built: number[] = [];
    const numberOf = preparedPerDatabase(
      (db, n: number) => {
        built.push(n);
        return db
          .select({ n: sql<number>`${sql.placeholder("n")}::int + ${n}` })
          .from(sql`(select 1) one`)
          .prepare("");
      },
      (n) => n,
      2,
    );
    numberOf(database.db, 1);
    numberOf(database.db, 2);
    numberOf(database.db, 1); // 1 is now the last used: 2 goes when 3 comes.
    numberOf(database.db, 3);
    numberOf(database.db, 1);
    expect(built).toEqual([1, 2, 3]);
    numberOf(database.db, 2);
    expect(built).toEqual([1, 2, 3, 2]);
    expect(await numberOf(database.db, 3).execute({ n: 4 })).toEqual([{ n: 7 }]);
    expect(built).toEqual([1, 2, 3, 2, 3]);
  });
});
