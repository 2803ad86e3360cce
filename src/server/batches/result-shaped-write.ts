/**
 * The write of results the screening threads shaped (ADR 084, ADR 093): the main thread only
 * joins their text. JSON objects go in with one `jsonb_to_recordset` statement per 2,000, each
 * hit's list record copied in SQL (PostgreSQL); on PGlite, binary COPY tuples go in with COPY
 * (ADR 100), the records they name read beforehand as stored text, made whole and appended (a COPY
 * cannot read them).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { copyBytesThrough } from '../db/pglite-copy';
import { versionRecordJsonbSql, versionRecordsSql } from '../db/list-records';
import { expandStoredRecord } from '#lists/core/stored-record';
import { rowsOf } from '../db/rows';
import { batchResults } from '../db/schema';
import { copyBinaryData, fieldBytes, tupleStart, TupleWriter, type CopyTuples } from '../screening/copy-binary';
import { COPY_LINE_COLUMNS, COPY_PREFIX_COLUMNS, RESULT_COLUMNS, type RecordToCopy } from '../screening/result-lines';

/**
 * Results shaped for the insert on a screening thread, the batch id and the creation time given
 * once: JSON object texts (`result-lines.ts`), or (`copy`, PGlite only) binary COPY tuples with
 * their records (`withCopiedRecords`).
 */
export type ShapedResults = JsonShapedResults | CopyShapedResults;
export type JsonShapedResults = { batchId: number; createdAt: Date; format?: 'json'; texts: readonly string[] };
export type CopyShapedResults = { batchId: number; createdAt: Date; format: 'copy'; tuples: CopyTuples };

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
export function shapedResultStatements(results: JsonShapedResults): SQL[] {
  const statements: SQL[] = [];
  for (let i = 0; i < results.texts.length; i += RESULTS_PER_STATEMENT) {
    statements.push(shapedInsert(results.batchId, results.createdAt, `[${results.texts.slice(i, i + RESULTS_PER_STATEMENT).join(',')}]`));
  }
  return statements;
}

const COPY_SQL = `COPY batch_results (${[...COPY_PREFIX_COLUMNS, ...COPY_LINE_COLUMNS].join(', ')}) FROM '/dev/blob' WITH (FORMAT binary)`;

/** Record ids per read of the records COPY tuples wait for (a JSON array parameter). */
const RECORDS_PER_READ = 5000;

/**
 * Record fields already read, per database, by `version|record id`: a version's records never
 * change once it is screened against, and a batch names the same records again and again (a
 * 100,000-row roster: 49,562 exclusion hits, 19,054 records). At most `MAX_HELD` (~25 MB).
 */
const heldFields = new WeakMap<Db, Map<string, Uint8Array>>();
const MAX_HELD = 20_000;

function heldFieldsOf(db: Db): Map<string, Uint8Array> {
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
export function copiedRecordField(stored: string | null): Uint8Array {
  return fieldBytes((w) => (stored === null ? w.null() : w.text(JSON.stringify(expandStoredRecord(stored)))));
}

/**
 * A chunk's COPY tuples, in order, each with its record (`shapeForCopy`): the records the tuples
 * wait for are read as stored text (those not held already), one statement per list version.
 */
export async function withCopiedRecords(db: Db, slices: readonly { tuples?: CopyTuples; recordsToCopy?: readonly RecordToCopy[] }[]): Promise<CopyTuples> {
  const held = heldFieldsOf(db);
  const byVersion = new Map<number, Set<string>>();
  for (const slice of slices) {
    for (const [, versionId, recordId] of slice.recordsToCopy ?? []) {
      if (!held.has(`${versionId}|${recordId}`)) byVersion.set(versionId, (byVersion.get(versionId) ?? new Set()).add(recordId));
    }
  }
  const read = new Map<string, Uint8Array>();
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
  const out = new TupleWriter();
  const missing = copiedRecordField(null);
  for (const { tuples, recordsToCopy = [] } of slices) {
    if (!tuples) continue;
    let next = 0;
    for (let i = 0; i < tuples.ends.length; i++) {
      out.raw(tuples.bytes.subarray(tupleStart(tuples, i), tuples.ends[i]));
      const waiting = recordsToCopy[next];
      if (waiting && waiting[0] === i) {
        const key = `${waiting[1]}|${waiting[2]}`;
        out.raw(held.get(key) ?? read.get(key) ?? missing);
        next++;
      }
      out.end();
    }
  }
  return out.finish();
}

/** The head of every tuple of a chunk's COPY: the field count, the batch id and the creation time. */
function tupleHead(batchId: number, createdAt: Date): Uint8Array {
  return fieldBytes((w) => w.count(COPY_PREFIX_COLUMNS.length + COPY_LINE_COLUMNS.length).int4(batchId).timestamptz(createdAt));
}

/**
 * Writes results shaped as COPY tuples, records in (PGlite, outside a transaction: a chunk's
 * slices are, ADR 069), with one COPY. The ids are taken in the tuples' order, as the JSON
 * statement takes them in its results' order: the stored rows are those it stores.
 */
export async function insertCopyShaped(db: Db, batchId: number, createdAt: Date, tuples: CopyTuples): Promise<void> {
  if (tuples.ends.length === 0) return;
  await copyBytesThrough(db, COPY_SQL, copyBinaryData(tupleHead(batchId, createdAt), tuples));
}
