import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { Column, fillPlaceholders, is, SQL, Subquery, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db, Tx } from "./client.server";

const dialect = new PgDialect();

/** The pool behind `db` when it is PostgreSQL's (a transaction has a client of its own: none). */
const poolOf = (db: Db | Tx) => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/**
 * A statement's name: `name` and a hash of its text, so another text is another statement. A
 * shape's key can stand for the text (PostgreSQL keeps 63 bytes of a name: a long key is hashed).
 */
export const statementName = (name: string, text: string) =>
  `${name}_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;

/**
 * Runs `query` as a named prepared statement on PostgreSQL: each pooled connection parses and
 * plans it once, then only binds and executes it. For a long statement run on every request
 * (recording an order plans in about 2 ms and executes in less) that is most of its cost.
 * The name carries a hash of the text, so a statement whose text changes (another shape, a new
 * release) is another statement. PGlite runs in this process, and a transaction has a client
 * of its own: both get the query as it is.
 */
export async function executePrepared<Row>(db: Db | Tx, name: string, query: SQL): Promise<Row[]> {
  const pool = poolOf(db);
  if (pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await pool.query<Row & pg.QueryResultRow>({ name: statementName(name, text), text, values: params });
    return result.rows;
  }
  // Both drivers answer execute() with { rows }.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

interface Queryable<Row> {
  query(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

export interface CompiledStatement {
  /** Runs the statement with `values` for its placeholders (by name). */
  run<Row>(db: Db | Tx, values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A statement written once with `sql.placeholder(name)` for each value, compiled to text once:
 * each run only fills in the values. Building and compiling a 5 KB Drizzle statement was a
 * twelfth of an order's server time. On PostgreSQL it runs as a named prepared statement (see
 * executePrepared); on PGlite as a query with parameters.
 */
export function compileStatement(name: string, query: SQL): CompiledStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const prepared = statementName(name, text);
  return {
    async run<Row>(db: Db | Tx, values: Record<string, unknown>): Promise<Row[]> {
      const filled = fillPlaceholders(params, values);
      const pool = poolOf(db);
      if (pool) return (await pool.query<Row & pg.QueryResultRow>({ name: prepared, text, values: filled })).rows;
      const client = (db as unknown as { $client?: unknown }).$client;
      if (client instanceof PGlite) return (await client.query<Row>(text, filled)).rows;
      // In a transaction: its own connection (node-postgres) or PGlite's transaction, which have
      // no $client; both take query(text, values).
      const session = (db as unknown as { session?: { client?: Queryable<Row> } }).session;
      if (session?.client) return (await session.client.query(text, filled)).rows;
      throw new Error("compileStatement: the database is neither a PostgreSQL pool nor PGlite, nor a transaction");
    },
  };
}

/** What turns one value from the driver into what the select's field gives. */
interface DriverDecoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as Drizzle lists it on a prepared query: where it goes, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** The parts of a Drizzle prepared query (either driver's) that its rows are mapped by. */
interface MappedStatement {
  fields?: SelectedField[];
  /** Per table of the select, whether its fields are never all null (false: an outer join's). */
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A field's decoder, found as Drizzle's own row mapping finds it (`mapResultRow`). */
function decoderOf(field: unknown): DriverDecoder {
  if (is(field, Column)) return field;
  // An SQL's decoder is not in Drizzle's types, though its own mapping reads it.
  type Decoded = { decoder: DriverDecoder };
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * Maps a select's rows (arrays, as Drizzle asks the driver for them) to objects as Drizzle's
 * `mapResultRow` does for a select without an outer join, with each field's decoder found once instead
 * of for every value of every row: Drizzle's search for it (`is()` walks class chains) and its
 * path iterators were 3% of the server's time on a rendered listing, for 25 rows of 18 fields.
 */
function rowMapper(fields: readonly SelectedField[]): (rows: unknown[][]) => Record<string, unknown>[] {
  const decoders = fields.map((f) => decoderOf(f.field));
  const paths = fields.map((f) => f.path);
  return (rows) => {
    const mapped: Record<string, unknown>[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r] as unknown[];
      const result: Record<string, unknown> = {};
      for (let i = 0; i < paths.length; i++) {
        const path = paths[i] as string[];
        let node = result;
        for (let p = 0; p < path.length - 1; p++) {
          const chunk = path[p] as string;
          if (!(chunk in node)) node[chunk] = {};
          node = node[chunk] as Record<string, unknown>;
        }
        const raw = row[i];
        node[path[path.length - 1] as string] =
          raw === null ? null : (decoders[i] as DriverDecoder).mapFromDriverValue(raw);
      }
      mapped[r] = result;
    }
    return mapped;
  };
}

/**
 * Gives a prepared select the row mapping above, when it is one whose rows Drizzle maps field by
 * field: not one with an outer join, whose joined table's object Drizzle makes null when all its
 * fields are (which this does not do). Drizzle calls a prepared query's `customResultMapper`,
 * when it has one, with all the rows; a statement of another kind, or from a Drizzle that names
 * these otherwise, is left as it is and mapped by Drizzle.
 */
export function withRowMapper<Statement>(statement: Statement): Statement {
  const s = statement as MappedStatement;
  const outerJoin = s.joinsNotNullableMap !== undefined && Object.values(s.joinsNotNullableMap).includes(false);
  if (Array.isArray(s.fields) && s.customResultMapper === undefined && !outerJoin) {
    s.customResultMapper = rowMapper(s.fields);
  }
  return statement;
}

/**
 * A LIMIT written into a statement's text instead of sent as a value, for a statement prepared
 * by name. Drizzle sends every limit as a parameter, `.limit(1)` too, and for a generic plan
 * PostgreSQL cannot tell how many rows a parameter asks for: it costs that plan as if it read a
 * tenth of the rows, finds it dearer than the plan it makes for each run's values, and so plans
 * every run again (0.3 ms a listing and 0.5 ms the related products at 100,000 products, more
 * than running them took; ADR 0045). Drizzle writes a limit as `sql\`limit ${limit}\``, so an SQL
 * chunk given as the limit is written as it is; a test reads the text to keep that true.
 */
export function limitAsWritten(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`A written limit is a whole number, not ${rows}.`);
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * A Drizzle statement built once per database, and per shape, instead of for every request:
 * building a select with Drizzle (its SQL text, its prepared-query object) cost a page about as
 * much as PostgreSQL's answer. `prepare(db, shape)` builds it for the first request of a shape
 * (a lookup by id or by slug; which filters a listing has), `keyOf(shape)` tells shapes apart
 * (the shape itself by default). Write it with `sql.placeholder(name)` for each value and end it
 * with `.prepare(name)`: on PostgreSQL each pooled connection then parses it once, by that
 * name, and after five runs keeps one generic plan for it when that plan costs no more than the
 * plans made for each run's values. Use a name only for a statement whose best plan does not
 * depend on its values (lookups by key), and write into its text what a generic plan must know:
 * its limit (`limitAsWritten`) and that products are active (`isActive`, which the catalogue's
 * partial indexes require); a test checks that the named statements keep their generic plans.
 * With an empty name PostgreSQL plans each run for its values (a price range, whose best plan
 * depends on how wide it is). PGlite runs it as a query with parameters. Rows are mapped as
 * Drizzle maps them, by `withRowMapper`.
 *
 * `most` bounds how many shapes are kept per database, the least recently used going first: a
 * search's shapes depend on its words (how many, how many synonyms each has), which anyone can
 * vary, and an unbounded map would grow with every new combination.
 */
export function preparedPerDatabase<Statement, Shape = undefined>(
  prepare: (db: Db, shape: Shape) => Statement,
  keyOf: (shape: Shape) => unknown = (shape) => shape,
  most = Number.POSITIVE_INFINITY,
): (db: Db, shape?: Shape) => Statement {
  const built = new WeakMap<Db, Map<unknown, Statement>>();
  return (db, shape) => {
    let shapes = built.get(db);
    if (!shapes) {
      shapes = new Map();
      built.set(db, shapes);
    }
    const key = keyOf(shape as Shape);
    let statement = shapes.get(key);
    if (statement === undefined) {
      statement = withRowMapper(prepare(db, shape as Shape));
      if (shapes.size >= most) shapes.delete(shapes.keys().next().value);
    } else if (most !== Number.POSITIVE_INFINITY) {
      // Last used, last in the map's order.
      shapes.delete(key);
    }
    shapes.set(key, statement);
    return statement;
  };
}
