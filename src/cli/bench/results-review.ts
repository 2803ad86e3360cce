/**
 * Bench of issue 6: a Completed batch of 100,000 rows with 20,000 exclusion matches (plus an
 * NPI and an SSDMF result per row) written straight into the embedded database; then over
 * HTTP: results pages of every tab with filters and sorts, the triage sorts, score bands, summary
 * and counts of issue 14 (p95 ≤ 300 ms), a bulk status change of 1,000 records (< 2 s), a status
 * change by filter, and the audit report streamed (memory it adds while streaming).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { openDatabase, type Database } from '#server/db/client';
import { createMailer } from '#server/mail/mailer';
import { createUser } from '#test/factories';
import { figure, peakRssMiB, percentile, type Figure } from './measure';

const ROWS = Number(process.env.BENCH_RESULTS_ROWS ?? 100_000);
const MATCHES = Math.round(ROWS / 5);

/** Writes the batch, its rows and results with set-based SQL (the screening has its own bench). */
export async function seedBatch(database: Database, clientId: number, userId: number): Promise<number> {
  const db = database.db;
  const [{ id: versionId }] = (
    (await db.execute(sql`INSERT INTO list_versions (source, status, mode, origin, file_names, file_sha256, file_sizes, fetched_at, as_of, activated_at)
      VALUES ('leie', 'active', 'full', 'import', '{UPDATED.csv}', '{-}', '{0}', now(), '2026-03-01', now()) RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const [{ id: batchId }] = (
    (await db.execute(sql`INSERT INTO batches (client_id, uploader_user_id, file_name, stored_path, sha256, size_bytes, header, status, search_types, record_count, rows_done, uploaded_at, submitted_at, started_at, processed_at, review_threshold)
      VALUES (${clientId}, ${userId}, 'roster-100k.csv', 'uploads/none.bin', '-', 0, '{Employee ID,First Name,Last Name,NPI,SSN}', 'Completed',
        '{Exclusion Search by Individual Name,NPI Validation,SSDMF}', ${ROWS}, ${ROWS}, now(), now(), now(), now(), 0.8) RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await db.execute(sql`INSERT INTO batch_rows (batch_id, row_index, values, additional, unique_id)
    SELECT ${batchId}, g, jsonb_build_object('First Name', 'First' || g, 'Last Name', 'Last' || (g % 7919), 'NPI', lpad((1000000000 + g)::text, 10, '0'), 'SSN', lpad((400000000 + g)::text, 9, '0')),
      jsonb_build_object('Department', 'Dept ' || (g % 40)), 'E' || g
    FROM generate_series(0, ${ROWS - 1}) g`);
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
    FROM (SELECT m, CASE WHEN m < ${Math.round(MATCHES * 0.6)} THEN m * 5 ELSE (m - ${Math.round(MATCHES * 0.6)}) * 5 END AS r FROM generate_series(0, ${MATCHES - 1}) m) x`);
  await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, source, source_record_id, score, explanation, review_status, search_criteria_key)
    SELECT ${batchId}, g, 'npi', 'NPI Validation', 'nppes', lpad((1000000000 + g)::text, 10, '0'), NULL,
      jsonb_build_object('npiCheck', jsonb_build_object('npi', lpad((1000000000 + g)::text, 10, '0'), 'valid', g % 97 <> 0, 'found', g % 13 <> 0, 'status', CASE WHEN g % 17 = 0 THEN 'deactivated' ELSE 'active' END, 'nppesName', 'Last, First'),
        'optedOut', g % 50 = 0, 'excluded', NULL),
      CASE WHEN g % 97 <> 0 AND g % 13 <> 0 AND g % 17 <> 0 AND g % 50 <> 0 THEN 'CLEARED' ELSE 'NONCLEARED' END, ${key('g')}
    FROM generate_series(0, ${ROWS - 1}) g`);
  await db.execute(sql`INSERT INTO batch_results (batch_id, row_index, result_type, search_type, source, source_record_id, score, explanation, review_status, search_criteria_key)
    SELECT ${batchId}, g, 'ssdmf', 'SSDMF', CASE WHEN g % 50 = 0 THEN 'dmf' END, CASE WHEN g % 50 = 0 THEN lpad((400000000 + g)::text, 9, '0') END, NULL,
      jsonb_build_object('found', g % 50 = 0, 'dateOfDeath', CASE WHEN g % 50 = 0 THEN '2024-01-01' END),
      CASE WHEN g % 50 = 0 THEN 'NONCLEARED' ELSE 'CLEARED' END, ${key('g')}
    FROM generate_series(0, ${ROWS - 1}) g`);
  await db.execute(sql`ANALYZE batch_results`);
  await db.execute(sql`ANALYZE batch_rows`);
  return batchId;
}

/** Session and CSRF cookies over fetch. */
function client(base: string) {
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

const PAGES = [
  '/result',
  '/result?sort=DESC',
  '/result?page=300&limits=10',
  '/result?sc=Last42',
  '/result?status[]=HISTORICAL_MATCH',
  '/result?status[]=NONCLEARED&status[]=UNDER_REVIEW&sources[]=sam',
  '/result?sources[]=state-ny&sort=DESC&page=20',
  // Triage (issue 14): sorts by score, status, source and exclusion date, score bands, the summary bar, a filter's count.
  '/result?orderBy=score&sort=DESC',
  '/result?orderBy=status&sort=ASC&page=50',
  '/result?orderBy=source&sort=DESC&limits=50',
  '/result?orderBy=exclusionDate&sort=DESC&limits=100',
  '/result?scoreBand[]=strong&orderBy=score&sort=DESC',
  '/result?scoreBand[]=likely&scoreBand[]=possible&status[]=NONCLEARED&orderBy=exclusionDate&page=3',
  '/result/summary',
  '/result/count?scoreBand[]=strong&status[]=NONCLEARED',
  '/npidetails',
  '/npidetails?page=3000&limits=25',
  '/npidetails?npiStatus[]=INACTIVE&npiStatus[]=INVALID',
  '/npidetails?recordStatus[]=NONCLEARED',
  '/npidetails?optOutStatus=FOUND',
  '/npidetails?searchCriteria=E4242',
  '/ssdmfdetails',
  '/ssdmfdetails?ssdmfStatus=FOUND',
  '/ssdmfdetails?recordStatus[]=CLEARED&page=2000',
  '/ssdmfdetails?searchCriteria=Last77',
];

/** A collector to call between samples, so the heap sampled is what is alive, not garbage yet to collect. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Reads a streamed download, sampling this process's memory: answers bytes, seconds, what the
 * live JavaScript heap grew by (collected before each sample) and the process's growth (the
 * embedded database's WebAssembly memory included, which never shrinks).
 */
async function download(call: ReturnType<typeof client>, url: string): Promise<{ bytes: number; seconds: number; heapMiB: number; rssMiB: number }> {
  const gc = collector();
  gc();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = () => {
    gc();
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(sample, 500);
  const started = performance.now();
  const res = await call(url);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  clearInterval(timer);
  sample();
  return { bytes, seconds: (performance.now() - started) / 1000, heapMiB: (heap - before.heapUsed) / 1_048_576, rssMiB: (rss - before.rss) / 1_048_576 };
}

export async function benchResultsReview(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-results-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const config = testConfig({ dataDir });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  const app = await createApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const user = await createUser(database.db, { roles: ['account_owner_user'] });
    const seedStarted = performance.now();
    const batchId = await seedBatch(database, user.clientId, user.id);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const call = client(base);
    await call('/services/health');
    await call('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: user.password }) });
    const prefix = `/services/flexsearchs/${batchId}`;

    for (const p of PAGES) await call(prefix + p); // warm-up
    const latencies: number[] = [];
    const worst = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      for (const p of PAGES) {
        const t = performance.now();
        await (await call(prefix + p)).arrayBuffer();
        const ms = performance.now() - t;
        latencies.push(ms);
        worst.set(p, Math.max(worst.get(p) ?? 0, ms));
      }
    }
    latencies.sort((a, b) => a - b);
    if (process.env.BENCH_VERBOSE) for (const [p, ms] of worst) console.error(`${ms.toFixed(0).padStart(6)} ms worst  ${p}`);

    // Bulk changes: 1,000 records needing review, three times.
    const open = (await (await call(`${prefix}/result?status[]=NONCLEARED&limits=100`)).json()) as { records: { id: number }[] };
    const idRows = ((await database.db.execute(sql`SELECT id::int AS id FROM batch_results WHERE batch_id = ${batchId} AND result_type = 'exclusions' AND review_status = 'NONCLEARED' ORDER BY id LIMIT 3000`)) as unknown as { rows: { id: number }[] }).rows;
    const perChange = Math.min(1000, Math.floor(idRows.length / 3));
    if (!open.records.length || perChange === 0) throw new Error('not enough records to change');
    const bulk: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ids = idRows.slice(i * perChange, (i + 1) * perChange).map((r) => r.id);
      const t = performance.now();
      const res = await call(`${prefix}/result/${ids.join(',')}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ newStatus: 'CLEARED', comment: 'Bulk clear' }) });
      await res.arrayBuffer();
      bulk.push((performance.now() - t) / 1000);
    }

    // Status change of every record a filter matches (issue 14): counted, then changed in one call.
    const byFilter = { scoreBand: ['strong'], status: ['NONCLEARED'] };
    const matched = ((await (await call(`${prefix}/result/count?scoreBand[]=strong&status[]=NONCLEARED`)).json()) as { count: number }).count;
    const filterStarted = performance.now();
    await (
      await call(`${prefix}/result/by-filter`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filter: byFilter, expectedCount: matched, newStatus: 'UNDER_REVIEW', comment: 'Strong scores first' }) })
    ).arrayBuffer();
    const filterSeconds = (performance.now() - filterStarted) / 1000;

    const csv = await download(call, `${prefix}/auditreport?format=csv`);
    const pdf = await download(call, `${prefix}/auditreport?format=pdf`);
    return [
      figure(`Seed: ${ROWS.toLocaleString('en-US')} rows, ${MATCHES.toLocaleString('en-US')} matches, NPI and SSDMF results`, seedSeconds, 's'),
      figure(`Results pages p95 (${PAGES.length} tab/filter/sort/summary variants × 10)`, percentile(latencies, 95), 'ms', { max: 300, text: '≤ 300 ms' }),
      figure('Results pages slowest', latencies.at(-1) ?? 0, 'ms'),
      figure(`Bulk status change of ${perChange.toLocaleString('en-US')} records (slowest of 3)`, Math.max(...bulk), 's', { max: 2, text: '< 2 s' }),
      figure(`Status change by filter of ${matched.toLocaleString('en-US')} records (one call)`, filterSeconds, 's'),
      figure(`Audit report CSV (${(csv.bytes / 1_048_576).toFixed(1)} MiB) streamed`, csv.seconds, 's'),
      figure('Live JS heap growth while streaming the CSV audit report', csv.heapMiB, 'MiB', { max: 128, text: '< 128 MiB (not the batch)' }),
      figure('Process memory growth while streaming the CSV (embedded database included)', csv.rssMiB, 'MiB'),
      figure(`Audit report PDF (${(pdf.bytes / 1_048_576).toFixed(1)} MiB) streamed`, pdf.seconds, 's'),
      figure('Live JS heap growth while streaming the PDF audit report', pdf.heapMiB, 'MiB', { max: 128, text: '< 128 MiB (not the batch)' }),
      figure('Process memory growth while streaming the PDF (embedded database included)', pdf.rssMiB, 'MiB'),
      figure('Results bench peak memory', peakRssMiB(), 'MiB'),
    ];
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
