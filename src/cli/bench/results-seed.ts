/**
 * The results benches' batch (issues 6 and 14): a Completed batch with one exclusion match in
 * five rows (plus an NPI and an SSDMF result per row) written straight into the database, and
 * the app serving it over HTTP on PGlite or on PostgreSQL (DATABASE_URL).
 */
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { createMailer } from '#server/mail/mailer';
import { createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';

/** Exclusion matches of a batch of `rows` rows: one in five rows, on 60% of those rows. */
export const matchesOf = (rows: number): number => Math.round(rows / 5);

/** Writes the batch, its rows and results with set-based SQL (the screening has its own bench). */
export async function seedBatch(database: Database, clientId: number, userId: number, rows: number): Promise<number> {
  const matches = matchesOf(rows);
  const db = database.db;
  const [{ id: versionId }] = (
    (await db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, as_of, activated_at)
      VALUES ('leie', 'active', 'full', 'import', '{UPDATED.csv}', '{-}', '{0}', now(), '2026-03-01', now()) RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const [{ id: dmfVersionId }] = (
    (await db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, as_of, activated_at)
      VALUES ('dmf', 'active', 'full', 'import', '{ssdm1}', '{-}', '{0}', now(), '2026-03-01', now()) RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const [{ id: batchId }] = (
    (await db.execute(sql`INSERT INTO batches (client_id, uploader_user_id, file_name, stored_path, sha256, size_bytes, header, status, search_types, record_count, rows_done, uploaded_at, submitted_at, started_at, processed_at, review_threshold)
      VALUES (${clientId}, ${userId}, 'roster-100k.csv', 'uploads/none.bin', '-', 0, '{Employee ID,First Name,Last Name,NPI,SSN}', 'Completed',
        '{Exclusion Search by Individual Name,NPI Validation,SSDMF}', ${rows}, ${rows}, now(), now(), now(), now(), 0.8) RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await db.execute(sql`INSERT INTO batch_rows (batch_id, row_index, values, additional, unique_id)
    SELECT ${batchId}, g, jsonb_build_object('First Name', 'First' || g, 'Last Name', 'Last' || (g % 7919), 'NPI', lpad((1000000000 + g)::text, 10, '0'), 'SSN', lpad((400000000 + g)::text, 9, '0')),
      jsonb_build_object('Department', 'Dept ' || (g % 40)), 'E' || g
    FROM generate_series(0, ${rows - 1}) g`);
  const key = (g: string) => sql.raw(`'E' || ${g} || ': First' || ${g} || ' Last' || (${g} % 7919) || ' | NPI ' || lpad((1000000000 + ${g})::text, 10, '0')`);
  // 20,000 matches on 12,000 rows: every fifth row has one, two in three of those a second.
  await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, source, source_record_id, list_version_id, score, explanation, record, review_status, latest_note, search_criteria_key)
    SELECT ${batchId}, r, 'exclusions', 'Exclusion Search by Individual Name', (ARRAY['leie','sam','state-ny','state-ca'])[1 + (m % 4)], 'REC' || m, ${versionId}, 0.8 + (m % 20) / 100.0,
      jsonb_build_object('algorithm', 'Fuzzy', 'score', 0.9, 'threshold', 0.8, 'summary', 'Potential match', 'matchedName', null, 'nameScore', 0.9,
        'fields', jsonb_build_array(jsonb_build_object('queryField', 'lastName', 'listField', 'lastName', 'queryValue', 'Last', 'listValue', 'LAST', 'score', 1, 'method', 'exact')),
        'adjustments', jsonb_build_array(jsonb_build_object('reason', 'date of birth missing', 'effect', -0.02))),
      jsonb_build_object('source', 'leie', 'sourceRecordId', 'REC' || m, 'kind', 'person', 'firstName', 'FIRST' || r, 'lastName', 'LAST' || (r % 7919), 'state', 'NY', 'exclusionType', '1128a1',
        'exclusionDate', to_char(date '2005-01-01' + (m * 37 % 7000), 'YYYY-MM-DD'), 'akas', '[]'::jsonb, 'dbas', '[]'::jsonb, 'licenseNumbers', '[]'::jsonb, 'providerNumbers', '[]'::jsonb, 'extra', '{}'::jsonb, 'address', m || ' MAIN ST', 'city', 'ALBANY'),
      (ARRAY['NONCLEARED','NONCLEARED','NONCLEARED','NONCLEARED','NONCLEARED','NONCLEARED','NONCLEARED','UNDER_REVIEW','HISTORICAL_MATCH','CLEARED'])[1 + (m % 10)],
      CASE WHEN m % 10 >= 7 THEN 'Reviewed in bulk' END, ${key('r')}
    FROM (SELECT m, CASE WHEN m < ${Math.round(matches * 0.6)} THEN m * 5 ELSE (m - ${Math.round(matches * 0.6)}) * 5 END AS r FROM generate_series(0, ${matches - 1}) m) x`);
  await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, source, source_record_id, score, explanation, review_status, search_criteria_key)
    SELECT ${batchId}, g, 'npi', 'NPI Validation', 'nppes', lpad((1000000000 + g)::text, 10, '0'), NULL,
      jsonb_build_object('npiCheck', jsonb_build_object('npi', lpad((1000000000 + g)::text, 10, '0'), 'valid', g % 97 <> 0, 'found', g % 13 <> 0, 'status', CASE WHEN g % 17 = 0 THEN 'deactivated' ELSE 'active' END, 'nppesName', 'Last, First'),
        'optedOut', g % 50 = 0, 'excluded', NULL),
      CASE WHEN g % 97 <> 0 AND g % 13 <> 0 AND g % 17 <> 0 AND g % 50 <> 0 THEN 'CLEARED' ELSE 'NONCLEARED' END, ${key('g')}
    FROM generate_series(0, ${rows - 1}) g`);
  // One SSN in fifty is in the DMF: a stored result. The others are kept by their chunks of 1,000
  // rows as the screening keeps them (ADR 105), or stored as results (BENCH_RESULTS_SSN_STORED=1,
  // the way before it).
  const stored = process.env.BENCH_RESULTS_SSN_STORED === '1';
  await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, source, source_record_id, score, explanation, review_status, search_criteria_key)
    SELECT ${batchId}, g, 'ssdmf', 'SSDMF', CASE WHEN g % 50 = 0 THEN 'dmf' END, CASE WHEN g % 50 = 0 THEN lpad((400000000 + g)::text, 9, '0') END, NULL,
      jsonb_build_object('found', g % 50 = 0, 'dateOfDeath', CASE WHEN g % 50 = 0 THEN '2024-01-01' END),
      CASE WHEN g % 50 = 0 THEN 'NONCLEARED' ELSE 'CLEARED' END, ${key('g')}
    FROM generate_series(0, ${rows - 1}) g WHERE ${stored} OR g % 50 = 0`);
  await db.execute(sql`INSERT INTO batch_chunks (batch_id, chunk_index, first_row, row_count, status, done_at, ssn_not_found_rows, ssn_dmf_version_id)
    SELECT ${batchId}, c, c * 1000, least(1000, ${rows} - c * 1000), 'done', now(),
      CASE WHEN NOT ${stored} THEN ARRAY(SELECT g FROM generate_series(c * 1000, least(c * 1000 + 999, ${rows - 1})) g WHERE g % 50 <> 0) END,
      CASE WHEN NOT ${stored} THEN ${dmfVersionId}::int END
    FROM generate_series(0, ${Math.ceil(rows / 1000) - 1}) c`);
  await db.execute(sql`ANALYZE batch_results`);
  await db.execute(sql`ANALYZE batch_rows`);
  await db.execute(sql`ANALYZE batch_chunks`);
  return batchId;
}

/** Session and CSRF cookies over fetch. */
export function client(base: string) {
  const cookies = new Map<string, string>();
  return async function call(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method && init.method !== 'GET') headers.set('x-csrf-token', cookies.get('csrf') ?? '');
    const res = await fetch(base + url, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [name, value] = c.split(';')[0].split('=');
      cookies.set(name, value);
    }
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${(await res.clone().text()).slice(0, 300)}`);
    return res;
  };
}


export type Call = ReturnType<typeof client>;

/** A served app on a fresh database with a seeded batch, signed in as its client's owner. */
export async function servedBatch(kind: 'pglite' | 'postgres', rows: number) {
  const { database, dispose } = await openBenchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-results-'));
  const config = testConfig({ dataDir });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  const app = await createApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const user = await createUser(database.db, { roles: ['account_owner_user'] });
  const seedStarted = performance.now();
  const batchId = await seedBatch(database, user.clientId, user.id, rows);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const call = client(base);
  await call('/services/health');
  await call('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: user.password }) });
  return {
    database,
    call,
    batchId,
    seedSeconds,
    prefix: `/services/flexsearchs/${batchId}`,
    close: async () => {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
