/**
 * Bench of issues 6 and 14 on a 100,000-row batch with 20,000 exclusion matches (plus an NPI
 * and an SSDMF result per row), on PGlite or PostgreSQL: results pages of every tab with
 * filters and sorts, the triage sorts, score bands, summary and counts (p95 ≤ 300 ms), a bulk
 * status change of 1,000 records (< 2 s) and a status change by filter. Each request's CPU
 * time is this process's (`process.cpuUsage()`): the server's and, on PGlite, the database's.
 */
import { sql } from 'drizzle-orm';
import { figure, peakRssMiB, percentile, type Figure } from './measure';
import { servedBatch } from './results-seed';

const ROWS = Number(process.env.BENCH_RESULTS_ROWS ?? 100_000);
const ROUNDS = 10;

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

const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;

export async function benchResultsReview(kind: 'pglite' | 'postgres'): Promise<Figure[]> {
  const served = await servedBatch(kind, ROWS);
  const { call, prefix, database, batchId } = served;
  try {
    // Warm-up. The first page of each tab builds its facets (kept while the batch stays Completed).
    const firstLoad = new Map<string, number>();
    for (const p of PAGES) {
      const t = performance.now();
      await (await call(prefix + p)).arrayBuffer();
      if (['/result', '/npidetails', '/ssdmfdetails'].includes(p)) firstLoad.set(p, performance.now() - t);
    }
    const latencies: number[] = [];
    const cpu: number[] = [];
    const worst = new Map<string, { ms: number; cpu: number }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const p of PAGES) {
        const t = performance.now();
        const c = process.cpuUsage();
        await (await call(prefix + p)).arrayBuffer();
        const ms = performance.now() - t;
        const used = cpuMs(process.cpuUsage(c));
        latencies.push(ms);
        cpu.push(used);
        const w = worst.get(p);
        worst.set(p, { ms: Math.max(w?.ms ?? 0, ms), cpu: Math.max(w?.cpu ?? 0, used) });
      }
    }
    latencies.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    if (process.env.BENCH_VERBOSE) for (const [p, w] of worst) console.error(`${w.ms.toFixed(0).padStart(6)} ms worst ${w.cpu.toFixed(0).padStart(5)} ms CPU  ${p}`);

    // Bulk changes: 1,000 records needing review, three times.
    const idRows = ((await database.db.execute(sql`SELECT id::int AS id FROM batch_results WHERE batch_id = ${batchId} AND result_type = 'exclusions' AND review_status = 'NONCLEARED' ORDER BY id LIMIT 3000`)) as unknown as { rows: { id: number }[] }).rows;
    const perChange = Math.min(1000, Math.floor(idRows.length / 3));
    if (perChange === 0) throw new Error('not enough records to change');
    const bulk: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ids = idRows.slice(i * perChange, (i + 1) * perChange).map((r) => r.id);
      const t = performance.now();
      const res = await call(`${prefix}/result/${ids.join(',')}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ newStatus: 'CLEARED', comment: 'Bulk clear' }) });
      await res.arrayBuffer();
      bulk.push((performance.now() - t) / 1000);
    }
    // The first page after a change (held orders are rebuilt).
    const afterChange = performance.now();
    await (await call(`${prefix}/result?orderBy=score&sort=DESC`)).arrayBuffer();
    const afterChangeMs = performance.now() - afterChange;

    // Status change of every record a filter matches (issue 14): counted, then changed in one call.
    const byFilter = { scoreBand: ['strong'], status: ['NONCLEARED'] };
    const matched = ((await (await call(`${prefix}/result/count?scoreBand[]=strong&status[]=NONCLEARED`)).json()) as { count: number }).count;
    const filterStarted = performance.now();
    await (
      await call(`${prefix}/result/by-filter`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filter: byFilter, expectedCount: matched, newStatus: 'UNDER_REVIEW', comment: 'Strong scores first' }) })
    ).arrayBuffer();
    const filterSeconds = (performance.now() - filterStarted) / 1000;
    const on = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      figure(`${on} seed: ${ROWS.toLocaleString('en-US')} rows, NPI and SSDMF results`, served.seedSeconds, 's'),
      figure(`${on} first page of the exclusions tab (its facets built)`, firstLoad.get('/result') ?? 0, 'ms'),
      figure(`${on} first page of the NPI tab (its facets built)`, firstLoad.get('/npidetails') ?? 0, 'ms'),
      figure(`${on} first page of the SSDMF tab (its facets built; SSNs not in the DMF ${process.env.BENCH_RESULTS_SSN_STORED === '1' ? 'stored as results' : 'kept by their chunks'})`, firstLoad.get('/ssdmfdetails') ?? 0, 'ms'),
      figure(`${on} results pages p95 (${PAGES.length} tab/filter/sort/summary variants × ${ROUNDS})`, percentile(latencies, 95), 'ms', { max: 300, text: '≤ 300 ms' }),
      figure(`${on} results pages median`, percentile(latencies, 50), 'ms'),
      figure(`${on} results pages slowest`, latencies.at(-1) ?? 0, 'ms'),
      figure(`${on} results pages CPU per request p95 (this process${kind === 'pglite' ? ', database included' : ''})`, percentile(cpu, 95), 'ms'),
      figure(`${on} results pages CPU per request median`, percentile(cpu, 50), 'ms'),
      figure(`${on} bulk status change of ${perChange.toLocaleString('en-US')} records (slowest of 3)`, Math.max(...bulk), 's', { max: 2, text: '< 2 s' }),
      figure(`${on} first results page after a change`, afterChangeMs, 'ms'),
      figure(`${on} status change by filter of ${matched.toLocaleString('en-US')} records (one call)`, filterSeconds, 's'),
      figure(`${on} results bench peak memory`, peakRssMiB(), 'MiB'),
    ];
  } finally {
    await served.close();
  }
}
