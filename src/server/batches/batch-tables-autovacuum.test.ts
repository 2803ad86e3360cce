/**
 * The batch tables' autovacuum settings (ADR 085, migration 0030): no pass per N rows inserted on
 * the tables a batch fills, while the passes on dead rows (reviews, retried chunks, resubmits)
 * keep PostgreSQL's thresholds.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#test/app';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

const optionsOf = async (table: string): Promise<string[]> => {
  const res = (await database.db.execute(sql`SELECT coalesce(reloptions, '{}') AS options FROM pg_class WHERE relname = ${table} AND relkind = 'r'`)) as unknown as {
    rows: { options: string[] | string }[];
  };
  const options = res.rows[0]?.options ?? [];
  // node-postgres answers text[] as an array; PGlite may answer its text form.
  return typeof options === 'string' ? options.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : options;
};

describe('batch tables autovacuum (ADR 085)', () => {
  it('sets no vacuum pass per rows inserted on batch_rows and batch_results, and leaves the dead-row and analyze thresholds as they are', async () => {
    for (const table of ['batch_rows', 'batch_results']) expect(await optionsOf(table)).toEqual(['autovacuum_vacuum_insert_threshold=-1']);
  });

  it('leaves the other tables with the server-wide settings', async () => {
    for (const table of ['batches', 'batch_chunks', 'usage_records']) expect(await optionsOf(table)).toEqual([]);
  });
});
