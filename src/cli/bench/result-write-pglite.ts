/**
 * Bench (issue 21, ADR 090): the embedded database's CPU to store a batch's results, per 1,000
 * batch rows, for ways of sending the same shaped results (ADR 084) to PGlite, and PGlite
 * settings, in one process, round after round with each way once per round, so the machine's
 * load falls on all alike. PGlite runs on this thread: the process's CPU is its. The results are
 * a real run's (`BENCH_RESULTS_DUMP` of `batch-100k-national-pglite`) in BENCH_RESULTS_FILE;
 * each chunk of BENCH_CHUNK_ROWS rows is written as `writeChunkInSlices` writes it (slices of
 * `WRITE_SLICE_ROWS` results, a turn of the event loop between), then the table is emptied and
 * a checkpoint run (not counted; the checkpoint after a round is measured apart).
 *
 * BENCH_WRITE_WAYS: `<way>@<settings>` items, way one of `ShapedWriteWay`, settings a name of
 * `SETTINGS` (a PGlite instance of its own each; those also in `TABLE_CHANGES` change the
 * results table first, to price a part of the write, ADR 102). BENCH_WRITE_CHUNKS: the first so
 * many chunks. Each instance holds its chunks shaped: six at 100,000 rows outgrew the bench's
 * 4 GB heap (ADR 102 ran them on 50,000 rows with a larger heap).
 * Each item's mean and its least round (the round the machine disturbed least): with many items
 * in one process the heap's collections move the mean by more than a part costs (ADR 104); three
 * items and five rounds or more give steadier figures.
 */
import { loadavg } from 'node:os';
import { getTableColumns, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { turnOfTheLoop } from '../../engine-runtime/event-loop-turn';
import { insertResults, WRITE_SLICE_ROWS } from '#server/batches/processing-queries';
import { SHAPED_RECORD_SQL, shapedResultStatements, withCopiedRecords, type ShapedResults } from '#server/batches/result-shaped-write';
import { batchResults } from '#server/db/schema';
import { RESULT_COLUMNS, shapeForCopy, type ResultRow } from '#server/screening/result-lines';
import type { Db } from '#server/db/client';
import { openBenchDatabase } from './bench-db';
import { figure, peakRssMiB, type Figure } from './measure';
import { asShaped, benchBatch, chunksOf, fillLists, readResults, shaped, type StoredResult } from './result-write';
import type { PGlite } from '@electric-sql/pglite';

const SETTINGS: Record<string, Record<string, string>> = {
  default: {},
  wal16: { wal_buffers: '16MB' },
  wal64: { wal_buffers: '64MB' },
  'wal64-nozero': { wal_buffers: '64MB', wal_init_zero: 'off' },
  sb512: { shared_buffers: '512MB' },
  'sb512-wal64': { shared_buffers: '512MB', wal_buffers: '64MB' },
  'sb1g-wal64': { shared_buffers: '1GB', wal_buffers: '64MB' },
  'fpw-off': { wal_buffers: '64MB', full_page_writes: 'off' },
};

/**
 * Settings that change the results table before the write, to price a part of it (not ways to
 * ship: the app needs each part). Each runs on the app's PGlite settings (`wal64`).
 */
const TABLE_CHANGES: Record<string, string> = {
  'no-row-index': 'DROP INDEX batch_results_batch_type_row',
  'no-pkey': 'ALTER TABLE batch_results DROP CONSTRAINT batch_results_pkey',
  'no-partial-indexes': 'DROP INDEX batch_results_batch_status; DROP INDEX batch_results_exclusion_score',
  'explanation-json': 'ALTER TABLE batch_results ALTER COLUMN explanation DROP DEFAULT, ALTER COLUMN explanation TYPE json',
  'no-criteria-index': 'DROP INDEX batch_results_batch_type_criteria',
  'no-row-or-criteria-index': 'DROP INDEX batch_results_batch_type_row; DROP INDEX batch_results_batch_type_criteria',
};
for (const name of Object.keys(TABLE_CHANGES)) SETTINGS[name] = SETTINGS.wal64;
const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 3);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/**
 * The ways of sending shaped results measured against `insertResults`'s JSON statement (`text`);
 * `lines`: as the threads shape them for PGlite since ADR 093 (`shapeForCopy`), written by
 * `insertResults` (COPY, the records to copy by the JSON statement).
 */
type ShapedWriteWay = 'text' | 'bytes' | 'copy' | 'lines';

const dialect = new PgDialect();
const JSONB = 3802;
/** The JSON text as jsonb's binary input: its format version (1), then the text in UTF-8. */
function jsonbBytes(text: string): Uint8Array {
  const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(text));
  bytes[0] = 1;
  bytes.write(text, 1);
  return bytes;
}

/** `bytes`: `shapedResultStatements`'s statements, the JSON parameter sent as jsonb's binary form (no string for PGlite's protocol writer to measure and encode). */
async function insertShapedAsBytes(pglite: PGlite, results: ShapedResults): Promise<void> {
  for (const statement of shapedResultStatements(results)) {
    const query = dialect.sqlToQuery(statement);
    const params = query.params.map((p, i) => (i === query.params.length - 1 ? jsonbBytes(p as string) : p));
    await pglite.query(query.sql, params, { serializers: { [JSONB]: (x: unknown) => x as string } });
  }
}

const linesTableReady = new WeakSet<PGlite>();
/** COPY's CSV options under which a JSON text is one field as it is: JSON text never holds these control characters raw. */
const JSON_LINE_CSV = `(FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')`;

/** `copy`: the results' JSON lines COPYed from a Blob into a session table, then inserted from there as `shapedResultStatements` does (one transaction). */
async function insertShapedByCopy(pglite: PGlite, results: ShapedResults): Promise<void> {
  if (!linesTableReady.has(pglite)) {
    await pglite.exec(`CREATE TEMP TABLE IF NOT EXISTS result_lines (line text) ON COMMIT DELETE ROWS; ALTER TABLE result_lines ALTER COLUMN line SET STORAGE EXTERNAL`);
    linesTableReady.add(pglite);
  }
  const columns = new Map(Object.values(getTableColumns(batchResults) as Record<string, { name: string; getSQLType(): string }>).map((c) => [c.name, c]));
  const names = RESULT_COLUMNS.filter((c) => c !== 'record' && c !== 'record_from');
  const shape = RESULT_COLUMNS.map((c) => `"${c}" ${c === 'record_from' ? 'integer' : columns.get(c)!.getSQLType()}`).join(', ');
  const insert = dialect.sqlToQuery(
    sql`INSERT INTO batch_results ("batch_id", "created_at", ${sql.raw(names.map((n) => `"${n}"`).join(', '))}, "record") SELECT ${results.batchId}::integer, ${results.createdAt.toISOString()}::timestamptz, ${sql.raw(names.map((n) => `x."${n}"`).join(', '))}, ${SHAPED_RECORD_SQL} FROM result_lines l CROSS JOIN LATERAL jsonb_to_record(l.line::jsonb) AS x(${sql.raw(shape)})`,
  );
  const blob = new Blob([results.texts.join('\n')]);
  await pglite.transaction(async (tx) => {
    await tx.query(`COPY result_lines (line) FROM '/dev/blob' WITH ${JSON_LINE_CSV}`, [], { blob });
    await tx.query(insert.sql, insert.params);
  });
}

async function insertShaped(db: Db, pglite: PGlite, results: ShapedResults, way: ShapedWriteWay): Promise<void> {
  if (way === 'bytes') return insertShapedAsBytes(pglite, results);
  if (way === 'copy') return insertShapedByCopy(pglite, results);
  return insertResults(db, results);
}

/** A bound, not a way: every result as a COPY text line straight into the table, records whole (none copied in SQL), lines built before. */
const copyField = (v: unknown) => (v == null ? '\\N' : (typeof v === 'string' ? v : JSON.stringify(v)).replace(/[\\\n\r\t]/g, (c) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!));
function copyLines(results: StoredResult[], batchId: number): string[][] {
  const chunks = new Map<number, string[]>();
  for (const r of results) {
    const line = [batchId, r.row_index, r.result_type, r.search_type, r.source, r.source_record_id, r.list_version_id, r.score, r.explanation, r.record, r.review_status, r.search_criteria_key].map((v) => copyField(typeof v === 'number' ? String(v) : v)).join('\t');
    const key = Math.floor(r.row_index / 1000);
    if (!chunks.has(key)) chunks.set(key, []);
    chunks.get(key)!.push(line);
  }
  return [...chunks.values()];
}
async function copyChunks(pglite: PGlite, chunks: string[][]): Promise<void> {
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i += WRITE_SLICE_ROWS) {
      await turnOfTheLoop();
      const blob = new Blob([chunk.slice(i, i + WRITE_SLICE_ROWS).join('\n')]);
      await pglite.query(`COPY batch_results (batch_id, row_index, result_type, search_type, source, source_record_id, list_version_id, score, explanation, record, review_status, search_criteria_key) FROM '/dev/blob'`, [], { blob });
    }
  }
}

/** A chunk's results as the threads shape them for each way: JSON objects, or COPY lines waiting for their records. */
interface BenchChunk {
  json: ShapedResults;
  lines: ReturnType<typeof shapeForCopy>;
}

/** The CPU `lines` spent reading the records its lines wait for (within its write's). */
let recordReadMs = 0;

async function writeChunks(db: Db, chunks: BenchChunk[], way: ShapedWriteWay | 'copy-direct', lines?: string[][], pglite?: PGlite): Promise<void> {
  if (way === 'copy-direct') return copyChunks(pglite!, lines!);
  for (const { json, lines: waiting } of chunks) {
    // `lines`: the records read on the main thread before the write, as the chunk job reads them (ADR 093).
    const before = process.cpuUsage();
    const chunk: ShapedResults = way === 'lines' ? { ...json, texts: await withCopiedRecords(db, [waiting]), format: 'copy' } : json;
    recordReadMs += cpuMs(before);
    for (let i = 0; i < chunk.texts.length; i += WRITE_SLICE_ROWS) {
      await turnOfTheLoop();
      await insertShaped(db, pglite!, { ...chunk, texts: chunk.texts.slice(i, i + WRITE_SLICE_ROWS) }, way);
    }
  }
}

export async function benchResultWritePglite(): Promise<Figure[]> {
  const all = readResults(process.env.BENCH_RESULTS_FILE);
  const items = (process.env.BENCH_WRITE_WAYS ?? 'text@default,bytes@default,copy@default').split(',').map((item) => {
    const [way, settings = 'default'] = item.split('@');
    if (!['text', 'bytes', 'copy', 'lines', 'copy-direct'].includes(way) || !SETTINGS[settings]) throw new Error(`unknown way ${item}`);
    return { item, way: way as ShapedWriteWay | 'copy-direct', settings };
  });
  const instances = new Map<string, { db: Db; pglite: PGlite; dispose(): Promise<void>; chunks: BenchChunk[]; lines: string[][] }>();
  let rows = 0;
  let count = 0;
  try {
    for (const settings of new Set(items.map((i) => i.settings))) {
      const { database, dispose } = await openBenchDatabase('pglite', undefined, SETTINGS[settings]);
      const db = database.db;
      if (TABLE_CHANGES[settings]) await database.pglite!.exec(TABLE_CHANGES[settings]);
      const maxChunks = Number(process.env.BENCH_WRITE_CHUNKS ?? Infinity);
      const rowLimit = maxChunks * Number(process.env.BENCH_CHUNK_ROWS ?? 1000);
      const results = all.filter((r) => r.row_index < rowLimit);
      rows = results.reduce((m, r) => Math.max(m, r.row_index), 0) + 1;
      count = results.length;
      const batch = await benchBatch(db, 'sample.csv', rows);
      const versions = await fillLists(db, results);
      // Shaped before the clock, as the screening threads shape them.
      const chunks = chunksOf(results, batch.id, new Date()).map((c): BenchChunk => {
        const json = asShaped(shaped(c, { setup: [], copy: true }, versions));
        return { json, lines: shapeForCopy(json.texts.map((j) => JSON.parse(j) as ResultRow)) };
      });
      instances.set(settings, { db, pglite: database.pglite!, dispose, chunks, lines: copyLines(results, batch.id) });
      // A first write warms the caches and the JIT; not counted.
      await writeChunks(db, chunks, 'text', undefined, database.pglite);
    }
    const spent = Object.fromEntries(items.map((i) => [i.item, { write: 0, checkpoint: 0, records: 0, least: Infinity }]));
    const load0 = loadavg()[0];
    for (let round = 0; round < ROUNDS; round++) {
      for (const { item, way, settings } of items) {
        const { db, chunks, lines, pglite } = instances.get(settings)!;
        await db.execute(sql`TRUNCATE batch_results`);
        await db.execute(sql`CHECKPOINT`);
        const before = process.cpuUsage();
        recordReadMs = 0;
        await writeChunks(db, chunks, way, lines, pglite);
        const written = cpuMs(before);
        spent[item].write += written;
        spent[item].least = Math.min(spent[item].least, written);
        spent[item].records += recordReadMs;
        const beforeCheckpoint = process.cpuUsage();
        await db.execute(sql`CHECKPOINT`);
        spent[item].checkpoint += cpuMs(beforeCheckpoint);
      }
    }
    const per1k = (ms: number) => ms / ROUNDS / (rows / 1000);
    const load = `load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
    return [
      ...items.flatMap(({ item }) => [
        figure(`PGlite result write (${item}): CPU per 1,000 batch rows (${count.toLocaleString('en-US')} results of ${rows.toLocaleString('en-US')} rows, ${ROUNDS} rounds interleaved, ${load})`, per1k(spent[item].write), 'ms'),
        figure(`PGlite result write (${item}): its least round (the round least disturbed by the machine), CPU per 1,000 batch rows`, spent[item].least / (rows / 1000), 'ms'),
        figure(`PGlite result write (${item}): the checkpoint after it, CPU per 1,000 batch rows`, per1k(spent[item].checkpoint), 'ms'),
        ...(spent[item].records > 0 ? [figure(`PGlite result write (${item}): of the write, reading the records the lines wait for, CPU per 1,000 batch rows`, per1k(spent[item].records), 'ms')] : []),
      ]),
      figure('PGlite result write: peak memory', peakRssMiB(), 'MiB'),
    ];
  } finally {
    for (const { dispose } of instances.values()) await dispose();
  }
}
