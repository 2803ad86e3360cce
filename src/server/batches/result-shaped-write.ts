/**
 * The write of results the screening threads shaped (ADR 084, ADR 093): the main thread only
 * joins their text. JSON objects go in with one `jsonb_to_recordset` statement per 2,000
 * (PostgreSQL); on PGlite, COPY lines go in with COPY and only the results whose record the
 * database copies from a list version (a COPY cannot read one) with the JSON statement.
 */
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BytesBlob } from '../db/bytes-blob';
import { versionRecordJsonbSql } from '../db/list-records';
import { batchResults } from '../db/schema';
import { COPY_LINE_COLUMNS, COPY_PREFIX_COLUMNS, isJsonShaped, RESULT_COLUMNS } from '../screening/result-lines';

/**
 * Results shaped for the insert on a screening thread: each one's text (`result-lines.ts`), the
 * batch id and the creation time given once. `copy`: COPY lines and JSON objects (`shapeForCopy`,
 * PGlite only); otherwise JSON objects.
 */
export interface ShapedResults {
  batchId: number;
  createdAt: Date;
  json: readonly string[];
  format?: 'json' | 'copy';
}

/** The JSON keys whose type is not their column's (`bigserial` is no type; `record_from` is no column). */
const SHAPE_TYPES: Record<string, string> = { id: 'bigint', record_from: 'integer' };

/** Results per INSERT statement (the JSON parameter of 2,000 results is a few MB). */
const RESULTS_PER_STATEMENT = 2000;

/**
 * The INSERT of JSON-shaped results (a JSON array's text): every column from the JSON but the
 * record, copied from its list version when `record_from` names one. `withIds`: each object
 * carries its row's `id` (taken beforehand, so that ids keep the results' order).
 */
function shapedInsert(batchId: number, createdAt: Date, json: string, withIds = false): SQL {
  const columns = new Map(Object.values(getTableColumns(batchResults) as Record<string, { name: string; getSQLType(): string }>).map((c) => [c.name, c]));
  const names = [...(withIds ? ['id'] : []), ...RESULT_COLUMNS.filter((c) => c !== 'record' && c !== 'record_from')];
  const shape = [...(withIds ? ['id'] : []), ...RESULT_COLUMNS].map((c) => `"${c}" ${SHAPE_TYPES[c] ?? columns.get(c)!.getSQLType()}`).join(', ');
  const record = sql`CASE WHEN x.record_from IS NULL THEN x.record ELSE ${versionRecordJsonbSql(sql`x.record_from`, sql`x.source_record_id`)} END`;
  return sql`INSERT INTO batch_results ("batch_id", "created_at", ${sql.raw(names.map((n) => `"${n}"`).join(', '))}, "record") SELECT ${batchId}::integer, ${createdAt.toISOString()}::timestamptz, ${sql.raw(names.map((n) => `x."${n}"`).join(', '))}, ${record} FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(shape)})`;
}

/** The statements of JSON-shaped results (the results bench EXPLAINs them). */
export function shapedResultStatements(results: ShapedResults): SQL[] {
  const statements: SQL[] = [];
  for (let i = 0; i < results.json.length; i += RESULTS_PER_STATEMENT) {
    statements.push(shapedInsert(results.batchId, results.createdAt, `[${results.json.slice(i, i + RESULTS_PER_STATEMENT).join(',')}]`));
  }
  return statements;
}

const COPY_SQL = `COPY batch_results (${[...COPY_PREFIX_COLUMNS, ...COPY_LINE_COLUMNS].join(', ')}) FROM '/dev/blob'`;

/**
 * Takes `count` ids of `batch_results` in one statement and answers the first: PGlite runs one
 * statement at a time on its one connection, so no other insert takes one in between.
 */
async function takeIds(pglite: PGlite, count: number): Promise<number> {
  const { rows } = await pglite.query<{ last: string }>(`SELECT setval('batch_results_id_seq', nextval('batch_results_id_seq') + $1 - 1)::text AS last`, [count]);
  return Number(rows[0].last) - count + 1;
}

/**
 * Writes results shaped for COPY (PGlite, outside a transaction: a chunk's slices are, ADR 069):
 * their ids taken first in the results' order, the COPY lines with COPY, the JSON ones (records
 * copied from their list version) with one statement. The stored rows, ids and their order
 * included, are those the JSON statement alone writes.
 */
export async function insertCopyShaped(db: Db, results: ShapedResults): Promise<void> {
  const pglite = (db as { $client?: unknown }).$client;
  if (!(pglite instanceof PGlite)) throw new Error('results shaped for COPY are written on PGlite only');
  const count = results.json.length;
  if (count === 0) return;
  const first = await takeIds(pglite, count);
  const prefix = `\t${results.batchId}\t${results.createdAt.toISOString()}\t`;
  const lines: string[] = [];
  const json: string[] = [];
  for (let i = 0; i < count; i++) {
    const shaped = results.json[i];
    if (isJsonShaped(shaped)) json.push(`{"id":${first + i},${shaped.slice(1)}`);
    else lines.push(`${first + i}${prefix}${shaped}`);
  }
  if (lines.length > 0) await pglite.query(COPY_SQL, [], { blob: new BytesBlob(Buffer.from(lines.join('\n'))) });
  for (let i = 0; i < json.length; i += RESULTS_PER_STATEMENT) {
    await db.execute(shapedInsert(results.batchId, results.createdAt, `[${json.slice(i, i + RESULTS_PER_STATEMENT).join(',')}]`, true));
  }
}
