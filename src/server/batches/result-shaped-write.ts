/**
 * The write of results the screening threads shaped (ADR 084, ADR 093): the main thread only
 * joins their text. JSON objects go in with one `jsonb_to_recordset` statement per 2,000, each
 * hit's list record copied in SQL (PostgreSQL); on PGlite, COPY lines go in with COPY, the
 * records they name read beforehand as stored text, made whole and appended (a COPY cannot read them).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgliteCopyLines } from '../db/pglite-copy';
import { versionRecordJsonbSql, versionRecordsSql } from '../db/list-records';
import { expandStoredRecord } from '#lists/core/stored-record';
import { rowsOf } from '../db/rows';
import { batchResults } from '../db/schema';
import { COPY_LINE_COLUMNS, COPY_PREFIX_COLUMNS, copyText, RESULT_COLUMNS, type RecordToCopy } from '../screening/result-lines';

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

/** A shaped result's record in SQL: as given, or copied from its list version (`record_from`), as json (ADR 095). */
export const SHAPED_RECORD_SQL = sql`CASE WHEN x.record_from IS NULL THEN x.record ELSE ${versionRecordJsonbSql(sql`x.record_from`, sql`x.source_record_id`)}::json END`;

/**
 * The INSERT of JSON-shaped results (a JSON array's text): every column from the JSON but the
 * record, copied from its list version when `record_from` names one.
 */
function shapedInsert(batchId: number, createdAt: Date, json: string): SQL {
  const columns = new Map(Object.values(getTableColumns(batchResults) as Record<string, { name: string; getSQLType(): string }>).map((c) => [c.name, c]));
  const names = RESULT_COLUMNS.filter((c) => c !== 'record' && c !== 'record_from');
  const shape = RESULT_COLUMNS.map((c) => `"${c}" ${c === 'record_from' ? 'integer' : columns.get(c)!.getSQLType()}`).join(', ');
  return sql`INSERT INTO batch_results ("batch_id", "created_at", ${sql.raw(names.map((n) => `"${n}"`).join(', '))}, "record") SELECT ${batchId}::integer, ${createdAt.toISOString()}::timestamptz, ${sql.raw(names.map((n) => `x."${n}"`).join(', '))}, ${SHAPED_RECORD_SQL} FROM jsonb_to_recordset(${json}::jsonb) AS x(${sql.raw(shape)})`;
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
 * Record fields already read, per database, by `version|record id`: a version's records never
 * change once it is screened against, and a batch names the same records again and again (a
 * 100,000-row roster: 49,562 exclusion hits, 19,054 records). At most `MAX_HELD` (~25 MB).
 */
const heldFields = new WeakMap<Db, Map<string, string>>();
const MAX_HELD = 20_000;

function heldFieldsOf(db: Db): Map<string, string> {
  let held = heldFields.get(db);
  if (!held) heldFields.set(db, (held = new Map()));
  return held;
}

/**
 * The COPY field of a record as the JSON statement stores it (`versionRecordJsonbSql`): the
 * empty record's fields with the stored ones over them (`expandStoredRecord`), whole. The column
 * is json (ADR 095): it keeps the text as given, so the fields are merged here, not left to
 * the database as jsonb did with a key given twice.
 */
export function copiedRecordField(stored: string | null): string {
  return stored === null ? copyText(null) : copyText(JSON.stringify(expandStoredRecord(stored)));
}

/**
 * A chunk's COPY lines, in order, each with its record (`shapeForCopy`): the records the lines
 * wait for are read as stored text (those not held already), one statement per list version.
 */
export async function withCopiedRecords(db: Db, slices: readonly { results: readonly string[]; recordsToCopy?: readonly RecordToCopy[] }[]): Promise<string[]> {
  const lines: string[] = [];
  const waiting: RecordToCopy[] = [];
  for (const slice of slices) {
    const offset = lines.length;
    for (const line of slice.results) lines.push(line);
    for (const [at, versionId, recordId] of slice.recordsToCopy ?? []) waiting.push([offset + at, versionId, recordId]);
  }
  const held = heldFieldsOf(db);
  const byVersion = new Map<number, Set<string>>();
  for (const [, versionId, recordId] of waiting) {
    if (!held.has(`${versionId}|${recordId}`)) byVersion.set(versionId, (byVersion.get(versionId) ?? new Set()).add(recordId));
  }
  const read = new Map<string, string>();
  for (const [versionId, ids] of byVersion) {
    const all = [...ids];
    for (let i = 0; i < all.length; i += RECORDS_PER_READ) {
      for (const r of await rowsOf<{ record_id: string; data: string }>(db, versionRecordsSql(versionId, all.slice(i, i + RECORDS_PER_READ)))) {
        const key = `${versionId}|${r.record_id}`;
        const field = copiedRecordField(r.data);
        read.set(key, field);
        if (held.size >= MAX_HELD) held.delete(held.keys().next().value!);
        held.set(key, field);
      }
    }
  }
  for (const [at, versionId, recordId] of waiting) {
    const key = `${versionId}|${recordId}`;
    lines[at] = `${lines[at]}\t${held.get(key) ?? read.get(key) ?? copiedRecordField(null)}`;
  }
  return lines;
}

/**
 * Writes results shaped as COPY lines, records in (PGlite, outside a transaction: a chunk's
 * slices are, ADR 069), with one COPY. The ids are taken in the lines' order, as the JSON
 * statement takes them in its results' order: the stored rows are those it stores.
 */
export async function insertCopyShaped(db: Db, results: ShapedResults): Promise<void> {
  if (results.texts.length === 0) return;
  const prefix = `${results.batchId}\t${results.createdAt.toISOString()}\t`;
  await pgliteCopyLines(db, COPY_SQL, prefix, results.texts);
}
