/** SSNs checked and not found, kept per chunk, read back as SSDMF results (docs/plans/ssn-checks-per-chunk.md). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import { createTestDatabase } from '#test/app';
import { createBareBatch, createUser } from '#test/factories';
import { rowOfSsnCheckId, SSN_CHECK_ID_BASE, ssnCheckId, ssnChecksOf } from './ssn-checks';

let db: Db;
let drop: () => Promise<void>;
let batchId: number;

beforeAll(async () => {
  const made = await createTestDatabase();
  db = made.database.db;
  drop = made.drop;
  const user = await createUser(db, {});
  batchId = await createBareBatch(db, user, 5);
  const values = (i: number) => JSON.stringify({ 'First Name': `First${i}`, 'Last Name': `Last${i}`, SSN: `123-45-${String(6780 + i)}` });
  await db.execute(sql`INSERT INTO batch_rows (batch_id, row_index, values, unique_id) VALUES
    (${batchId}, 0, ${values(0)}::jsonb, 'E-0'), (${batchId}, 1, ${values(1)}::jsonb, NULL), (${batchId}, 2, ${values(2)}::jsonb, 'E-2'),
    (${batchId}, 3, ${values(3)}::jsonb, NULL), (${batchId}, 4, ${values(4)}::jsonb, NULL)`);
  // Chunk 0 checked rows 0-2 against DMF version 7 (row 1 was found: a stored result, not listed);
  // chunk 1 ran with no DMF loaded; chunk 2 is not done.
  await db.execute(sql`INSERT INTO batch_chunks (batch_id, chunk_index, first_row, row_count, status, ssn_not_found_rows, ssn_dmf_version_id) VALUES
    (${batchId}, 0, 0, 3, 'done', '{0,2}', 7), (${batchId}, 1, 3, 1, 'done', '{3}', NULL), (${batchId}, 2, 4, 1, 'pending', NULL, NULL)`);
});

afterAll(async () => drop());

describe('SSN checks kept per chunk', () => {
  it('reads each listed row as a cleared SSDMF result with the key and id of its row', async () => {
    const checks = await ssnChecksOf(db, batchId);
    expect(checks.map((c) => c.row_index)).toEqual([0, 2, 3]);
    expect(checks[0]).toMatchObject({
      id: SSN_CHECK_ID_BASE,
      batch_id: batchId,
      result_type: 'ssdmf',
      search_type: 'SSDMF',
      source: null,
      list_version_id: 7,
      review_status: 'CLEARED',
      explanation: { found: false, dateOfDeath: null },
      search_criteria_key: 'E-0: First0 Last0 | SSN ***-**-6780',
      unique_id: 'E-0',
    });
    // No DMF loaded: the row's SSN was not checked, as the stored result says it.
    expect(checks[2].explanation).toEqual({ found: false, dmfLoaded: false, dateOfDeath: null });
    expect(checks[2].list_version_id).toBeNull();
    expect(checks[2].search_criteria_key).toBe('First3 Last3 | SSN ***-**-6783');
  });

  it('reads the given rows only, and none for a row the chunks do not list', async () => {
    expect((await ssnChecksOf(db, batchId, [2, 1, 4])).map((c) => c.id)).toEqual([ssnCheckId(2)]);
    expect(await ssnChecksOf(db, batchId, [])).toEqual([]);
    expect(await ssnChecksOf(db, batchId + 1)).toEqual([]);
  });

  it('tells a check id from a stored result id', () => {
    expect(rowOfSsnCheckId(ssnCheckId(41))).toBe(41);
    expect(rowOfSsnCheckId(123)).toBeNull();
    expect(Number.isSafeInteger(ssnCheckId(10_000_000))).toBe(true);
  });
});
