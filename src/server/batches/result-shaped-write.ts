/**
 * The write of results the screening threads shaped (ADR 084, ADR 093): the main thread only
 * joins their text. JSON objects go in with one `jsonb_to_recordset` statement per 2,000, each
 * hit's list record copied in SQL (PostgreSQL); on PGlite, COPY lines go in with COPY, the
 * records they name read beforehand as stored text and appended (a COPY cannot read them).
 */
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BytesBlob } from '../db/bytes-blob';
import { EMPTY_RECORD_JSON, versionRecordJsonbSql, versionRecordsSql } from '../db/list-records';
import { rowsOf } from '../db/rows';
import { batchResults } from '../db/schema';
import { copiedRecordField, COPY_LINE_COLUMNS, COPY_PREFIX_COLUMNS, RESULT_COLUMNS, type RecordToCopy } from '../screening/result-lines';

/**
 * Results shaped for the insert on a screening thread: each one's text (`result-lines.ts`), the
 * batch id and the creation time given once. `copy`: COPY lines with their records
 * (`withCopiedRecords`, PGlite only); otherwise JSON objects.
 */
export interface ShapedResults {
  batchId: number;
  createdAt: Date;
  texts: readonly string[];
  format?: 'json' | 'copy';
}

/** Results per INSERT statement (the JSON parameter of 2,000 results is a few MB), shaped or not. */
export const RESULTS_PER_STATEMENT = 2000;

/**
 * The INSERT of JSON-shaped results (a JSON array's text): every column from the JSON but the
 * record, copied from its list version when `record_from` names one.
 */
function shapedInsert(batchId: number, createdAt: Date, json: string): SQL {
  const columns = new Map(Object.values(getTableColumns(batchResults) as Record<string, { name: string; getSQLType(): string }>).map((c) => [c.name, c]));
  const names = RESULT_COLUMNS.filter((c) => c !== 'record' && c !== 'record_from');
  const shape = RESULT_COLUMNS.map((c) => `"${c}" ${c === 'record_from' ? 'integer' : columns.get(c)!.getSQLType()}`).join(', ');
  const record = sql`CASE WHEN x.record_from IS NULL THEN x.record ELSE ${versionRecordJsonbSql(sql`x.record_from`, sql`x.source_record_id`)} END`;
  return sql`INSERT INTO batch_results ("batch_id", "created_at", ${sql.raw(names.map((n) => `"${n}"`).join(', '))}, "record") SELECT ${batchId}::integer, ${createdAt.toISOString()}::timestamptz, ${sql.raw(names.map((n) => `x."${n}"`).join(', '))}, ${record} FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(shape)})`;
}

/** The statements of JSON-shaped results (the results bench EXPLAINs them). */
export function shapedResultStatements(results: ShapedResults): SQL[] {
  const statements: SQL[] = [];
  for (let i = 0; i < results.texts.length; i += RESULTS_PER_STATEMENT) {
    statements.push(shapedInsert(results.batchId, results.createdAt, `[${results.texts.slice(i, i + RESULTS_PER_STATEMENT).join(',')}]`));
  }
  return statements;
}

const COPY_SQL = `COPY batch_results (${[...COPY_PREFIX_COLUMNS, ...COPY_LINE_COLUMNS].join(', ')}) FROM '/dev/blob'`;

/** Record ids per read of the records COPY lines wait for (a JSON array parameter). */
const RECORDS_PER_READ = 5000;

/**
 * A chunk's COPY lines, in order, each with its record (`shapeForCopy`): the records the lines
 * wait for are read as stored text, one statement per list version, and appended whole.
 */
export async function withCopiedRecords(db: Db, slices: readonly { results: readonly string[]; recordsToCopy?: readonly RecordToCopy[] }[]): Promise<string[]> {
  const lines: string[] = [];
  const waiting: RecordToCopy[] = [];
  for (const slice of slices) {
    const offset = lines.length;
    for (const line of slice.results) lines.push(line);
    for (const [at, versionId, recordId] of slice.recordsToCopy ?? []) waiting.push([offset + at, versionId, recordId]);
  }
  const byVersion = new Map<number, Set<string>>();
  for (const [, versionId, recordId] of waiting) byVersion.set(versionId, (byVersion.get(versionId) ?? new Set()).add(recordId));
  const stored = new Map<string, string>();
  for (const [versionId, ids] of byVersion) {
    const all = [...ids];
    for (let i = 0; i < all.length; i += RECORDS_PER_READ) {
      for (const r of await rowsOf<{ record_id: string; data: string }>(db, versionRecordsSql(versionId, all.slice(i, i + RECORDS_PER_READ)))) stored.set(`${versionId}|${r.record_id}`, r.data);
    }
  }
  for (const [at, versionId, recordId] of waiting) lines[at] = `${lines[at]}\t${copiedRecordField(stored.get(`${versionId}|${recordId}`) ?? null, EMPTY_RECORD_JSON)}`;
  return lines;
}

/**
 * Writes results shaped as COPY lines, records in (PGlite, outside a transaction: a chunk's
 * slices are, ADR 069), with one COPY. The ids are taken in the lines' order, as the JSON
 * statement takes them in its results' order: the stored rows are those it stores.
 */
export async function insertCopyShaped(db: Db, results: ShapedResults): Promise<void> {
  const pglite = (db as { $client?: unknown }).$client;
  if (!(pglite instanceof PGlite)) throw new Error('results shaped for COPY are written on PGlite only');
  if (results.texts.length === 0) return;
  const prefix = `${results.batchId}\t${results.createdAt.toISOString()}\t`;
  const text = `${prefix}${results.texts.join(`\n${prefix}`)}`;
  await pglite.query(COPY_SQL, [], { blob: new BytesBlob(Buffer.from(text) as Uint8Array<ArrayBuffer>) });
}
