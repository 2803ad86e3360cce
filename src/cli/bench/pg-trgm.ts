/**
 * The obvious alternative to our engine: names in a PostgreSQL table with a GIN trigram
 * index, queried with `name % $1 ORDER BY similarity(name, $1) DESC LIMIT 10`.
 */
import type { Database } from '#server/db/client';
import type { ScreenQuery } from '#engine/query-types';
import { percentile } from './measure';

const LOAD_BATCH = 20_000;

/** The text pg_trgm is asked for: the name as a person would type it. */
export function queryText(q: ScreenQuery): string {
  if (q.type === 'individual') return [q.firstName, q.middleName, q.lastName].filter(Boolean).join(' ');
  if (q.type === 'business') return q.name;
  return q.type === 'npi' ? q.npi : q.ssn;
}

export interface TrgmLoad {
  rows: number;
  loadMs: number;
  indexMs: number;
}

/** Creates the table, loads the names in batches, then builds the GIN trigram index. */
export async function loadTrgmNames(database: Database, names: Iterable<string>): Promise<TrgmLoad> {
  await database.sql('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await database.sql('DROP TABLE IF EXISTS bench_names');
  await database.sql('CREATE TABLE bench_names (id serial PRIMARY KEY, name text NOT NULL)');
  const t0 = performance.now();
  let batch: string[] = [];
  let rows = 0;
  const flush = async (): Promise<void> => {
    if (!batch.length) return;
    await database.sql('INSERT INTO bench_names (name) SELECT unnest($1::text[])', [batch]);
    rows += batch.length;
    batch = [];
  };
  for (const n of names) {
    batch.push(n);
    if (batch.length >= LOAD_BATCH) await flush();
  }
  await flush();
  const loadMs = performance.now() - t0;
  const t1 = performance.now();
  await database.sql('CREATE INDEX bench_names_trgm ON bench_names USING gin (name gin_trgm_ops)');
  await database.sql('ANALYZE bench_names');
  return { rows, loadMs, indexMs: performance.now() - t1 };
}

export interface TrgmTimes {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  /** Queries answered per second by `concurrency` connections. */
  rowsPerSec: number;
  concurrency: number;
}

const QUERY = 'SELECT id, name, similarity(name, $1) AS score FROM bench_names WHERE name % $1 ORDER BY similarity(name, $1) DESC LIMIT 10';

/** Times each query alone (p50/p95). */
export async function timeTrgmQueries(database: Database, texts: string[]): Promise<{ p50Ms: number; p95Ms: number; times: number[] }> {
  for (const t of texts.slice(0, 5)) await database.sql(QUERY, [t]); // warm-up, not timed
  const times: number[] = [];
  for (const t of texts) {
    const s = performance.now();
    await database.sql(QUERY, [t]);
    times.push(performance.now() - s);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), times };
}

/** Throughput of a batch answered by `concurrency` connections at once (PGlite has one). */
export async function trgmThroughput(database: Database, texts: string[], concurrency: number): Promise<TrgmTimes> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < texts.length) await database.sql(QUERY, [texts[next++]]);
    }),
  );
  const ms = performance.now() - started;
  return { queries: texts.length, p50Ms: 0, p95Ms: 0, rowsPerSec: texts.length / (ms / 1000), concurrency };
}
