/**
 * Bulk INSERT of many rows as one JSON parameter expanded by `jsonb_to_recordset`: about
 * three times faster than a multi-row VALUES list on PGlite (one parameter to bind instead
 * of one per cell), works inside a transaction on both drivers, and keeps column defaults
 * for the columns the rows leave out.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Rows per statement: large enough to amortise the call, small enough for the JSON text. */
const ROWS_PER_STATEMENT = 2000;

/**
 * Inserts `rows` (Drizzle insert objects, keyed by property name) into `table`; `conflict`
 * is an optional tail such as `ON CONFLICT DO NOTHING`.
 */
export async function insertJsonRows<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][], conflict?: SQL): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))].filter((key) => isSetByAnyRow(rows, key));
  for (const key of keys) if (!columns[key]) throw new Error(`insertJsonRows: ${key} is not a column`);
  const names = keys.map((key) => `"${columns[key].name}"`).join(', ');
  const shape = keys.map((key) => `"${columns[key].name}" ${columns[key].getSQLType()}`).join(', ');
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const slice = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => {
      const out: Record<string, unknown> = {};
      for (const key of keys) out[columns[key].name] = (row as Record<string, unknown>)[key] ?? null;
      return out;
    });
    await db.execute(
      sql`INSERT INTO ${table} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) AS x(${sql.raw(shape)}) ${conflict ?? sql``}`,
    );
  }
}

/** Columns no row sets keep their defaults (rows are expected to set the same columns). */
function isSetByAnyRow(rows: readonly object[], key: string): boolean {
  return rows.some((row) => (row as Record<string, unknown>)[key] !== undefined);
}
