// Small SQL helpers both drivers share: rows of a raw query, LIKE-prefix patterns, the next lot number and a typed one read.
// Never builds a query from unescaped user text.
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { lotNumberSpellings } from '../../src/protocol/lot-number';
import type { DbOrTx } from './types';

/** Rows of a raw query. `db.execute` is typed per driver; both return `{ rows }`, checked here. */
export async function queryRows<Row extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute<Row>(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as Row[];
  }
  throw new Error('Unexpected result shape from the database driver (no rows array)');
}

/**
 * Whole rows of `table` that `query` selects (its columns, by their database names), in the order `order` gives over
 * the alias `page`, as drizzle's select would return them. The database builds them into one JSON value: PGlite
 * decodes each field of each row in JavaScript, and for a page of a hundred wide rows that took twice as long as
 * the query itself; one JSON text parses natively. Each value then goes through its column's own mapping (a
 * timestamp's text to a Date, numeric to number), as drizzle maps a row.
 */
export async function selectRowsAsJson<T extends PgTable>(db: DbOrTx, table: T, query: SQLWrapper, order: SQL): Promise<Array<T['$inferSelect']>> {
  const [result] = await queryRows<{ rows: Array<Record<string, unknown>> | null }>(db, sql`select json_agg(page order by ${order}) as rows from (${query}) as page`);
  const columns = Object.entries(getTableColumns(table));
  return (result?.rows ?? []).map((json) =>
    Object.fromEntries(columns.map(([key, column]) => {
      const value = json[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    })) as T['$inferSelect']);
}

/** `text` with LIKE's wildcards (% _) and its escape character (\) escaped, so it matches literally. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A LIKE pattern matching values that start with `text` literally. Pair it with the prefix indexes:
 * `lower(col) LIKE likePrefix(text.toLowerCase())` or `upc LIKE likePrefix(text)`.
 */
export const likePrefix = (text: string): string => `${likeLiteral(text)}%`;

/** A LIKE pattern matching values that contain `text` literally (no index serves it: keep such queries capped). */
export const likeContains = (text: string): string => `%${likeLiteral(text)}%`;

/** Zero-padding of lot numbers: LOT-000042 (DESIGN §5 "Lot numbers"); longer values simply grow. */
export const LOT_NUMBER_DIGITS = 6;

/** The ways a typed lot number may be stored ('lot-7', '7' → LOT-000007 too), best first (issue 31). */
export const storedLotNumbers = (typed: string, prefix: string): string[] => lotNumberSpellings(typed, `${prefix}${'0'.repeat(LOT_NUMBER_DIGITS)}`);

/** The next server-assigned lot number: `prefix` + the padded next value of lot_number_seq. */
export async function nextLotNumber(db: DbOrTx, prefix: string): Promise<string> {
  const [lotNumber] = await nextLotNumbers(db, prefix, 1);
  if (lotNumber === undefined) throw new Error('nextval(lot_number_seq) returned no row');
  return lotNumber;
}

/** `count` lot numbers at once (the demo seed's bulk inserts), each as nextLotNumber makes it. */
export async function nextLotNumbers(db: DbOrTx, prefix: string, count: number): Promise<string[]> {
  const rows = await queryRows<{ n: string }>(db, sql`select nextval('lot_number_seq')::text as n from generate_series(1, ${count})`);
  return rows.map((row) => `${prefix}${row.n.padStart(LOT_NUMBER_DIGITS, '0')}`);
}
