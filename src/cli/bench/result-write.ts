/**
 * Bench (issue 21, ADR 076): PostgreSQL's CPU to store a batch's results, per 1,000 batch rows,
 * for ways of storing the same results, run interleaved (round after round, each way once per
 * round) so the machine's load falls on all alike. The results are those of a real run of
 * `batch-100k-national-postgres` (its BENCH_RESULTS_DUMP file, one stored result per line),
 * given in BENCH_RESULTS_FILE; each is written as `writeChunk` writes it (the rows of one chunk
 * of BENCH_CHUNK_ROWS batch rows per transaction, through `insertResults`), then the table is
 * emptied (not counted). BENCH_WRITE_WAYS picks the ways, BENCH_WRITE_ROUNDS the rounds.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { insertResults, type ResultWrite } from '#server/batches/processing-queries';
import { createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';
import { figure, type Figure } from './measure';
import { databaseServerCpuMs } from './postgres-cpu';

interface Way {
  /** Statements that set the table up for this way (run before each of its rounds). */
  setup: string[];
  /** What the way stores of a result, when not the result as it was stored. */
  reshape?: (r: ResultWrite) => ResultWrite;
}

/** The table as migration 0028 left it: pglz compression, rows over ~2 KB compressed, three secondary indexes. */
const INDEXES = [
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_row ON batch_results (batch_id, result_type, row_index)',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_status ON batch_results (batch_id, review_status)',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_score ON batch_results (batch_id, result_type, score)',
];
const FK = `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'batch_results_batch_id_batches_id_fk') THEN
  ALTER TABLE batch_results ADD CONSTRAINT batch_results_batch_id_batches_id_fk FOREIGN KEY (batch_id) REFERENCES batches(id) ON DELETE CASCADE; END IF; END $$`;
const BEFORE = [
  ...INDEXES,
  'ALTER TABLE batch_results ALTER COLUMN explanation SET COMPRESSION pglz, ALTER COLUMN record SET COMPRESSION pglz',
  'ALTER TABLE batch_results RESET (toast_tuple_target)',
  FK,
];
/** An NPI result stored as `storedNpiCheck` (row-screening.ts) stores it: the name comparison's fields and version. */
function trimNpi(r: ResultWrite): ResultWrite {
  const e = r.explanation as { npiCheck?: { nameAgreement?: { explanation?: { fields?: unknown; algorithmVersion?: string } } | null } | null };
  const agreement = e?.npiCheck?.nameAgreement;
  if (!agreement?.explanation) return r;
  const { fields, algorithmVersion } = agreement.explanation;
  return { ...r, explanation: { ...e, npiCheck: { ...e.npiCheck, nameAgreement: { ...agreement, explanation: { algorithmVersion, fields } } } } };
}
const WAYS: Record<string, Way> = {
  before: { setup: BEFORE },
  lz4: { setup: [...BEFORE, 'ALTER TABLE batch_results ALTER COLUMN explanation SET COMPRESSION lz4, ALTER COLUMN record SET COMPRESSION lz4'] },
  uncompressed: { setup: [...BEFORE, 'ALTER TABLE batch_results SET (toast_tuple_target = 8160)'] },
  'npi-trimmed': { setup: BEFORE, reshape: trimNpi },
  'npi-trimmed-lz4': { setup: [...BEFORE, 'ALTER TABLE batch_results ALTER COLUMN explanation SET COMPRESSION lz4, ALTER COLUMN record SET COMPRESSION lz4'], reshape: trimNpi },
  'npi-trimmed-uncompressed': { setup: [...BEFORE, 'ALTER TABLE batch_results SET (toast_tuple_target = 8160)'], reshape: trimNpi },
  // Bounds, not proposals: what the secondary indexes and the foreign key cost.
  'no-secondary-indexes': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_row, batch_results_batch_status, batch_results_batch_type_score'] },
  'no-score-index': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_score'] },
  'npi-trimmed-no-score-index': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_score'], reshape: trimNpi },
  'npi-trimmed-no-secondary-indexes': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_row, batch_results_batch_status, batch_results_batch_type_score'], reshape: trimNpi },
  'no-foreign-key': { setup: [...BEFORE, 'ALTER TABLE batch_results DROP CONSTRAINT batch_results_batch_id_batches_id_fk'] },
};

const CHUNK_ROWS = Number(process.env.BENCH_CHUNK_ROWS ?? 1000);
const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 3);

interface StoredResult {
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

function readResults(file: string | undefined): StoredResult[] {
  if (!file) throw new Error('BENCH_RESULTS_FILE is not set: give the results of a batch-100k-national-postgres run (its BENCH_RESULTS_DUMP file)');
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as StoredResult);
}

/** The sample's results as a chunk write gives them, grouped by chunk of CHUNK_ROWS batch rows. */
function chunksOf(results: StoredResult[], batchId: number, now: Date): ResultWrite[][] {
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

async function writeAll(db: Db, chunks: ResultWrite[][], reshape?: (r: ResultWrite) => ResultWrite): Promise<void> {
  for (const chunk of chunks) await db.transaction(async (tx) => insertResults(tx as unknown as Db, reshape ? chunk.map(reshape) : chunk));
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
    const user = await createUser(db, {});
    const [batch] = (
      (await db.execute(
        sql`INSERT INTO batches (client_id, uploader_user_id, file_name, stored_path, sha256, size_bytes, header, record_count) VALUES (${user.clientId}, ${user.id}, 'sample.csv', 'sample.csv', '0', 0, '{}', ${rows}) RETURNING id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const chunks = chunksOf(results, batch.id, new Date());
    const spent: Record<string, { db: number; self: number; bytes: number }> = Object.fromEntries(ways.map((w) => [w, { db: 0, self: 0, bytes: 0 }]));
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
        await writeAll(db, chunks, WAYS[w].reshape);
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
