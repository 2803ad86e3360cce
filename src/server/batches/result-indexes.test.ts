/**
 * What a batch result's insert maintains (ADR 080): the status index holds only results not
 * cleared, the score index only exclusion hits, no foreign key is checked per row (a trigger
 * removes a batch's rows and results with it), and each reader that looks a batch's results up
 * by status or score still finds them through its index.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#test/app';
import { createBareBatch, createUser } from '#test/factories';

let database: Database;
let drop: () => Promise<void>;
let db: Db;
let batchId: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  db = database.db;
  const user = await createUser(db, {});
  batchId = await createBareBatch(db, user, 3000);
  // A batch's results as they come: most cleared (SSNs not in the DMF, NPI checks), some hits.
  await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, source, score, review_status, search_criteria_key)
    SELECT ${batchId}, g, t.type, t.search, t.source, t.score, t.status, 'KEY ' || g
    FROM generate_series(0, 2999) g,
    LATERAL (VALUES ('ssdmf', 'SSDMF', NULL, NULL::real, 'CLEARED'), ('npi', 'NPI Validation', 'nppes', 1::real, CASE WHEN g % 10 = 0 THEN 'NONCLEARED' ELSE 'CLEARED' END),
                    ('exclusions', 'Exclusion Search by Individual Name', 'sam', 0.9::real, CASE WHEN g % 7 = 0 THEN 'UNDER_REVIEW' ELSE 'NONCLEARED' END)) AS t(type, search, source, score, status)
    WHERE t.type <> 'exclusions' OR g % 4 = 0`);
  await db.execute(sql`ANALYZE batch_results`);
});

afterAll(async () => drop());

const indexDef = async (name: string) => {
  const res = (await db.execute(sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'batch_results' AND indexname = ${name}`)) as unknown as { rows: { indexdef: string }[] };
  return res.rows[0]?.indexdef ?? null;
};

/** The plan of a reader's query, without the sequential scan (the table is small here). */
async function planOf(query: SQL): Promise<string> {
  let plan = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as { rows: Record<string, string>[] };
      plan = res.rows.map((r) => Object.values(r)[0]).join('\n');
      throw new Error('rollback');
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rollback') throw error;
    });
  return plan;
}

describe('batch results indexes (ADR 080)', () => {
  it('keeps cleared results out of the status index and all but exclusion hits out of the score index', async () => {
    expect(await indexDef('batch_results_batch_status')).toMatch(/WHERE \(review_status <> 'CLEARED'::text\)/);
    expect(await indexDef('batch_results_exclusion_score')).toMatch(/\(batch_id, score\) WHERE \(result_type = 'exclusions'::text\)/);
    expect(await indexDef('batch_results_batch_type_score')).toBeNull();
    expect(await indexDef('batch_results_batch_type_row')).not.toBeNull();
  });

  it('serves the readers by status and by score from those indexes', async () => {
    // The open results counted at completion (processing-queries.ts), the batch list, monitoring.
    expect(await planOf(sql`SELECT count(*) FROM batch_results WHERE batch_id = ${batchId} AND review_status IN (${'NONCLEARED'}, ${'UNDER_REVIEW'})`)).toContain('batch_results_batch_status');
    // The reports' decided results (report-data.ts) and the carry-forward's open hits.
    expect(await planOf(sql`SELECT id FROM batch_results r WHERE r.batch_id = ${batchId} AND r.review_status IN ('UNDER_REVIEW', 'HISTORICAL_MATCH')`)).toContain('batch_results_batch_status');
    // The threshold preview (review-threshold.ts): a batch's exclusion findings and their scores.
    expect(await planOf(sql`SELECT count(*), min(score) FROM batch_results WHERE batch_id = ${batchId} AND result_type = ${'exclusions'}`)).toContain('batch_results_exclusion_score');
  });

  it('counts the same by status and score as the whole table says', async () => {
    const res = (await db.execute(
      sql`SELECT (SELECT count(*)::int FROM batch_results WHERE batch_id = ${batchId} AND review_status IN ('NONCLEARED', 'UNDER_REVIEW')) AS open,
                 (SELECT count(*)::int FROM batch_results WHERE batch_id = ${batchId} AND result_type = 'exclusions' AND score < 0.95) AS under`,
    )) as unknown as { rows: { open: number; under: number }[] };
    // 300 NPI findings (one row in ten) and 750 exclusion hits (one row in four), none cleared.
    expect(res.rows[0]).toEqual({ open: 1050, under: 750 });
  });

  it('checks no foreign key per row inserted, and a batch removed takes its rows and results with it', async () => {
    const keys = (await db.execute(
      sql`SELECT conrelid::regclass::text AS tbl FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('batch_results', 'batch_rows')`,
    )) as unknown as { rows: { tbl: string }[] };
    expect(keys.rows).toEqual([]);
    const user = await createUser(db, {});
    const gone = await createBareBatch(db, user, 2, 'gone.csv');
    await db.execute(sql`INSERT INTO batch_rows (batch_id, row_index, "values") VALUES (${gone}, 0, '{}'), (${gone}, 1, '{}')`);
    await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, search_criteria_key) VALUES (${gone}, 0, 'ssdmf', 'SSDMF', 'A'), (${gone}, 1, 'ssdmf', 'SSDMF', 'B')`);
    await db.execute(sql`DELETE FROM batch_chunks WHERE batch_id = ${gone}`);
    await db.execute(sql`DELETE FROM batches WHERE id = ${gone}`);
    const left = (await db.execute(
      sql`SELECT (SELECT count(*)::int FROM batch_rows WHERE batch_id = ${gone}) AS rows, (SELECT count(*)::int FROM batch_results WHERE batch_id = ${gone}) AS results,
                 (SELECT count(*)::int FROM batch_results WHERE batch_id = ${batchId}) AS others`,
    )) as unknown as { rows: { rows: number; results: number; others: number }[] };
    expect(left.rows[0]).toEqual({ rows: 0, results: 0, others: 6750 });
  });

  it('gathers no statistics of the JSON columns, which no plan reads', async () => {
    await db.execute(sql`INSERT INTO batch_rows (batch_id, row_index, "values", additional) SELECT ${batchId}, g, jsonb_build_object('SSN', g::text), '{}' FROM generate_series(0, 99) g`);
    await db.execute(sql`ANALYZE batch_results`);
    await db.execute(sql`ANALYZE batch_rows`);
    const stats = (await db.execute(
      sql`SELECT tablename || '.' || attname AS col FROM pg_stats WHERE tablename IN ('batch_results', 'batch_rows') AND attname IN ('explanation', 'record', 'values', 'additional', 'row_index') ORDER BY 1`,
    )) as unknown as { rows: { col: string }[] };
    // The other columns keep theirs (the planner's row estimates).
    expect(stats.rows.map((r) => r.col)).toEqual(['batch_results.row_index', 'batch_rows.row_index']);
  });
});
