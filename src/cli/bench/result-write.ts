/**
 * Bench (issue 21, ADR 076): PostgreSQL's CPU to store a batch's results, per 1,000 batch rows,
 * for ways of storing the same results, run interleaved (round after round, each way once per
 * round) so the machine's load falls on all alike. The results are those of a real run of
 * `batch-100k-national-postgres` (its BENCH_RESULTS_DUMP file, one stored result per line),
 * given in BENCH_RESULTS_FILE; each is written as `writeChunk` writes it (the rows of one chunk
 * of BENCH_CHUNK_ROWS batch rows per transaction, through `insertResults`), then the table is
 * emptied (not counted). BENCH_WRITE_WAYS picks the ways, BENCH_WRITE_ROUNDS the rounds.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { batchRows } from '#server/db/schema';
import { insertBatchRows } from '#server/batches/queries';
import { insertResults, resultCopyStatements, type ResultWrite } from '#server/batches/processing-queries';
import type { ShapedResults } from '#server/batches/result-shaped-write';
import { storedRecordJson } from '#lists/core/stored-record';
import type { ListRecord } from '#shared/list-record';
import { createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';
import { figure, type Figure } from './measure';
import { WAYS, type Way } from './result-write-ways';
import { databaseServerCpuMs } from './postgres-cpu';

const CHUNK_ROWS = Number(process.env.BENCH_CHUNK_ROWS ?? 1000);
/** The exclusion lists' records in the database for the copying ways (the hits' own and others): national size at scale 0.02. */
const LIST_RECORDS = Number(process.env.BENCH_LIST_RECORDS ?? 450_000);
/** Sources whose records a batch sends whole (read by the keyed lookup, ADR 060), never copied. */
const KEYED_SOURCES = new Set(['nppes', 'dmf']);
const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 3);
const ANALYZE = process.env.BENCH_WRITE_ANALYZE === '1';

export interface StoredResult {
  row_index: number;
  result_type: string;
  search_type: string;
  source: string | null;
  source_record_id: string | null;
  list_version_id: number | null;
  score: number | null;
  explanation: Record<string, unknown>;
  record: unknown;
  review_status: string;
  search_criteria_key: string;
}

export function readResults(file: string | undefined): StoredResult[] {
  if (!file) throw new Error('BENCH_RESULTS_FILE is not set: give the results of a batch-100k-national-postgres run (its BENCH_RESULTS_DUMP file)');
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as StoredResult);
}

/** The sample's results as a chunk write gives them, grouped by chunk of CHUNK_ROWS batch rows. */
export function chunksOf(results: StoredResult[], batchId: number, now: Date): ResultWrite[][] {
  const chunks = new Map<number, ResultWrite[]>();
  for (const r of results) {
    const write: ResultWrite = {
      batchId,
      rowIndex: r.row_index,
      resultType: r.result_type,
      searchType: r.search_type,
      source: r.source,
      sourceRecordId: r.source_record_id,
      listVersionId: r.list_version_id,
      score: r.score,
      explanation: r.explanation,
      record: r.record,
      reviewStatus: r.review_status,
      searchCriteriaKey: r.search_criteria_key,
      createdAt: now,
    };
    const key = Math.floor(r.row_index / CHUNK_ROWS);
    chunks.set(key, [...(chunks.get(key) ?? []), write]);
  }
  return [...chunks.values()];
}

async function writeAll(db: Db, chunks: ResultWrite[][], way: Way = { setup: [] }, versions?: Map<string, number>): Promise<void> {
  for (const chunk of chunks) await db.transaction(async (tx) => insertResults(tx as unknown as Db, way.isShaped ? asShaped(shaped(chunk, way, versions)) : shaped(chunk, way, versions)));
}

/** Results as `screenChunkSlice` shapes them (ADR 084). */
export function asShaped(chunk: ResultWrite[]): ShapedResults {
  const json = chunk.map((r) =>
    JSON.stringify({
      row_index: r.rowIndex,
      result_type: r.resultType,
      search_type: r.searchType,
      source: r.source ?? null,
      source_record_id: r.sourceRecordId ?? null,
      score: r.score ?? null,
      explanation: r.explanation,
      review_status: r.reviewStatus,
      search_criteria_key: r.searchCriteriaKey,
      list_version_id: r.listVersionId ?? null,
      record: r.recordFrom != null ? null : (r.record ?? null),
      record_from: r.recordFrom ?? null,
    }),
  );
  return { batchId: chunk[0].batchId, createdAt: chunk[0].createdAt ?? new Date(), texts: json };
}

/** A chunk's results as the way writes them. */
export function shaped(chunk: ResultWrite[], way: Way, versions?: Map<string, number>): ResultWrite[] {
  const kept = way.keep ? chunk.filter(way.keep) : chunk;
  const reshaped = way.reshape ? kept.map(way.reshape) : kept;
  if (!way.copy || !versions) return reshaped;
  return reshaped.map((r) => {
    const version = r.source && r.sourceRecordId && r.record != null && !KEYED_SOURCES.has(r.source) ? versions.get(r.source) : undefined;
    return version === undefined ? r : { ...r, record: null, recordFrom: version };
  });
}

/**
 * The exclusion lists as a batch finds them: a full version per source of the sample's hits,
 * holding the hits' records (stored as an import stores them) and others up to LIST_RECORDS.
 */
export async function fillLists(db: Db, results: StoredResult[]): Promise<Map<string, number>> {
  const bySource = new Map<string, Map<string, unknown>>();
  for (const r of results) {
    if (!r.source || !r.source_record_id || r.record == null || KEYED_SOURCES.has(r.source)) continue;
    if (!bySource.has(r.source)) bySource.set(r.source, new Map());
    bySource.get(r.source)!.set(r.source_record_id, r.record);
  }
  const versions = new Map<string, number>();
  const hits = [...bySource.values()].reduce((n, m) => n + m.size, 0);
  for (const [source, records] of bySource) {
    const inserted = (await db.execute(
      sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at) VALUES (${source}, 'active', 'full', 'import', '{}', '{}', '{}', now()) RETURNING id`,
    )) as unknown as { rows: { id: number }[] };
    const id = inserted.rows[0].id;
    versions.set(source, id);
    const rows = [...records].map(([recordId, record]) => ({ version_id: id, record_id: recordId, data: storedRecordJson(record as ListRecord) }));
    for (let i = 0; i < rows.length; i += 5000) {
      await db.execute(sql`INSERT INTO list_records (version_id, record_id, data) SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb) AS x(version_id integer, record_id text, data text)`);
    }
    // Others of the same list: copies of its first record under ids no result names, in proportion.
    const others = Math.max(0, Math.round(((LIST_RECORDS - hits) * records.size) / hits));
    await db.execute(sql`INSERT INTO list_records (version_id, record_id, data) SELECT ${id}, 'other-' || g, ${rows[0].data} FROM generate_series(1, ${others}) g`);
  }
  await db.execute(sql`VACUUM (ANALYZE) list_records`);
  await db.execute(sql`VACUUM (ANALYZE) list_versions`);
  return versions;
}

export async function benchResultWrite(): Promise<Figure[]> {
  const results = readResults(process.env.BENCH_RESULTS_FILE);
  // The batch's rows: those without a result count too (results per row as in the batch).
  const rows = Math.max(...results.map((r) => r.row_index)) + 1;
  const ways = (process.env.BENCH_WRITE_WAYS ?? Object.keys(WAYS).join(',')).split(',');
  for (const w of ways) if (!WAYS[w]) throw new Error(`unknown way ${w} (${Object.keys(WAYS).join(', ')})`);
  const { database, dispose } = await openBenchDatabase('postgres');
  const db = database.db;
  try {
    const batch = await benchBatch(db, 'sample.csv', rows);
    const chunks = chunksOf(results, batch.id, new Date());
    const versions = ways.some((w) => WAYS[w].copy) ? await fillLists(db, results) : undefined;
    if (process.env.BENCH_WRITE_EXPLAIN) await explainCopies(db, chunks, ways, process.env.BENCH_WRITE_EXPLAIN, versions);
    const spent: Record<string, { db: number; self: number; bytes: number }> = Object.fromEntries(ways.map((w) => [w, { db: 0, self: 0, bytes: 0 }]));
    if (ANALYZE) await db.execute(sql`ALTER TABLE batch_results SET (autovacuum_enabled = false)`);
    const load0 = loadavg()[0];
    // A first write warms the caches and the JIT alike for every way; not counted.
    await writeAll(db, chunks);
    for (let round = 0; round < ROUNDS; round++) {
      for (const w of ways) {
        await db.execute(sql`TRUNCATE batch_results`);
        for (const s of WAYS[w].setup) await db.execute(sql.raw(s));
        await db.execute(sql`CHECKPOINT`);
        const dbBefore = await databaseServerCpuMs({ db });
        const selfBefore = process.cpuUsage();
        await writeAll(db, chunks, WAYS[w], versions);
        // BENCH_WRITE_ANALYZE=1: the ANALYZE that autovacuum runs after such a write, counted (autovacuum off for the table).
        if (ANALYZE) await db.execute(sql`ANALYZE batch_results`);
        const self = process.cpuUsage(selfBefore);
        spent[w].db += (await databaseServerCpuMs({ db })) - dbBefore;
        spent[w].self += (self.user + self.system) / 1000;
        const size = (await db.execute(sql`SELECT pg_total_relation_size('batch_results')::float AS b`)) as unknown as { rows: { b: number }[] };
        spent[w].bytes = size.rows[0].b;
      }
    }
    const per1k = (ms: number) => ms / ROUNDS / (rows / 1000);
    const load = `load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
    return ways.flatMap((w) => [
      figure(`Result write (${w}): PostgreSQL CPU per 1,000 batch rows (${results.length.toLocaleString('en-US')} results of ${rows.toLocaleString('en-US')} rows, ${ROUNDS} rounds interleaved, ${load})`, per1k(spent[w].db), 'ms'),
      figure(`Result write (${w}): this process's CPU per 1,000 batch rows (the statements built and sent)`, per1k(spent[w].self), 'ms'),
      figure(`Result write (${w}): the table with its indexes and TOAST per 1,000 batch rows`, spent[w].bytes / (rows / 1000) / 1024, 'KiB'),
    ]);
  } finally {
    await dispose();
  }
}

/** Appends to `file` the plan of the first chunk's first statement for each copying way (EXPLAIN ANALYZE, BUFFERS; rolled back). */
async function explainCopies(db: Db, chunks: ResultWrite[][], ways: string[], file: string, versions?: Map<string, number>): Promise<void> {
  for (const w of ways) {
    const way = WAYS[w];
    if (!way.copy) continue;
    const [statement] = resultCopyStatements(shaped(chunks[0], way, versions));
    await db
      .transaction(async (tx) => {
        const plan = (await tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`)) as unknown as { rows: Record<string, string>[] };
        appendFileSync(file, `-- ${w}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}\n`);
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'rollback') throw error;
      });
  }
}

const BATCH_ROWS = Number(process.env.BENCH_BATCH_ROWS_WRITTEN ?? 20_000);

/**
 * Bench (ADR 076 round 2): storing an upload's rows (`insertBatchRows`) as one JSON parameter
 * per 2,000 rows against a multi-row VALUES list (a parameter per cell, as before), interleaved;
 * this process's CPU (the statements built and sent) and PostgreSQL's, per 1,000 rows.
 */
export async function benchBatchRowsWrite(): Promise<Figure[]> {
  const { database, dispose } = await openBenchDatabase('postgres');
  const db = database.db;
  try {
    const batch = await benchBatch(db, 'rows.csv', BATCH_ROWS);
    // A roster's row as the mapping stores it: the searched fields, an additional column, a unique id.
    const rows = Array.from({ length: BATCH_ROWS }, (_, i) => ({
      batchId: batch.id,
      rowIndex: i,
      values: { 'First Name': `FIRST${i % 977}`, 'Last Name': `LASTNAME${i % 1511}`, 'Date of Birth': `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`, NPI: String(1_000_000_000 + i * 7), SSN: String(900_000_000 + i) },
      additional: { Department: `Dept ${i % 12}` },
      uniqueId: `EMP-${i}`,
    }));
    const ways: Record<string, () => Promise<void>> = {
      'values list (before)': async () => {
        for (let i = 0; i < rows.length; i += 2000) await db.insert(batchRows).values(rows.slice(i, i + 2000)).onConflictDoNothing();
      },
      'one JSON parameter (insertBatchRows)': () => insertBatchRows(db, rows),
    };
    const spent: Record<string, { db: number; self: number }> = Object.fromEntries(Object.keys(ways).map((w) => [w, { db: 0, self: 0 }]));
    const load0 = loadavg()[0];
    await ways['values list (before)']();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, write] of Object.entries(ways)) {
        await db.execute(sql`TRUNCATE batch_rows`);
        await db.execute(sql`CHECKPOINT`);
        const dbBefore = await databaseServerCpuMs({ db });
        const selfBefore = process.cpuUsage();
        await write();
        const self = process.cpuUsage(selfBefore);
        spent[name].db += (await databaseServerCpuMs({ db })) - dbBefore;
        spent[name].self += (self.user + self.system) / 1000;
      }
    }
    const per1k = (ms: number) => ms / ROUNDS / (BATCH_ROWS / 1000);
    const load = `load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`;
    return Object.keys(ways).flatMap((w) => [
      figure(`Batch rows write (${w}): PostgreSQL CPU per 1,000 rows (${BATCH_ROWS.toLocaleString('en-US')} rows, ${ROUNDS} rounds interleaved, ${load})`, per1k(spent[w].db), 'ms'),
      figure(`Batch rows write (${w}): this process's CPU per 1,000 rows`, per1k(spent[w].self), 'ms'),
    ]);
  } finally {
    await dispose();
  }
}

/** A batch of a new user's client to write rows and results under (its file is never read). */
export async function benchBatch(db: Db, fileName: string, rows: number): Promise<{ id: number }> {
  const user = await createUser(db, {});
  const result = (await db.execute(
    sql`INSERT INTO batches (client_id, uploader_user_id, file_name, stored_path, sha256, size_bytes, header, record_count) VALUES (${user.clientId}, ${user.id}, ${fileName}, ${fileName}, '0', 0, '{}', ${rows}) RETURNING id`,
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0];
}
