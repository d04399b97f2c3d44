// Many rows written by one statement whose text does not depend on how many there are: the rows travel as one JSON
// parameter. A multi-row VALUES list is a new statement for every row count, and PGlite parses and plans each new one
// in WebAssembly (about half a second for 600 rows of ten columns), so a set-based write is only fast this way.
import { type Insertable, type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { DB } from './schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Inserts the rows with `insert … select … from json_populate_recordset(null::table, $1)`; returns the `returning`
 * columns of the inserted rows in the order given. The columns are the first row's keys, so build every row alike: a
 * column a row leaves out is null, not its default. A json column takes a stored-JSON text (storedJson, already
 * checked against its schema) named in `jsonColumns`: that text is embedded as it is, so the row holds its value.
 */
export async function insertRowsAsJson<T extends keyof DB & string, K extends keyof Selectable<DB[T]> & string = never>(
  db: Db,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  returning: readonly K[] = [],
  jsonColumns: readonly (keyof DB[T] & string)[] = [],
): Promise<Pick<Selectable<DB[T]>, K>[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).map((c) => sql.ref(c));
  const list = sql.join(columns);
  const result = await sql<Pick<Selectable<DB[T]>, K>>`
    insert into ${sql.table(table)} (${list})
    select ${list} from json_populate_recordset(null::${sql.table(table)}, ${rowsAsJsonText(rows, jsonColumns)}::json) -- rows in transit: their stored-JSON columns are StoredJson (typed rows)
    ${returning.length ? sql`returning ${sql.join(returning.map((c) => sql.ref(c)))}` : sql``}
  `.execute(db);
  return result.rows;
}

/** The rows as one JSON array; the texts of `jsonColumns` go in as JSON (they are JSON already), everything else is stringified. */
export function rowsAsJsonText(rows: readonly object[], jsonColumns: readonly string[]): string {
  if (jsonColumns.length === 0) return JSON.stringify(rows);
  const raw = new Set(jsonColumns);
  const fields = (row: object): string =>
    Object.entries(row)
      .map(([key, value]: [string, unknown]) => `${JSON.stringify(key)}:${raw.has(key) && typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null')}`)
      .join(',');
  return `[${rows.map((row) => `{${fields(row)}}`).join(',')}]`;
}
