/** The scale-out bench's reading of autovacuum's CPU from PostgreSQL's log (ADR 085). */
import { describe, expect, it } from 'vitest';
import { autovacuumCpuFromLog } from './postgres-breakdown';

const LOG = `2026-11-27 13:03:10.120 UTC [811] LOG:  automatic vacuum of table "clearlist_bench_1.public.batch_results": index scans: 0
\tpages: 0 removed, 4100 remain, 4100 scanned (100.00% of total)
\tsystem usage: CPU: user: 0.12 s, system: 0.01 s, elapsed: 0.50 s
2026-11-27 13:03:11.000 UTC [812] LOG:  automatic analyze of table "clearlist_bench_1.public.batch_results"
\tavg read rate: 1.000 MB/s, avg write rate: 0.000 MB/s
\tsystem usage: CPU: user: 0.20 s, system: 0.00 s, elapsed: 0.30 s
2026-11-27 13:03:12.000 UTC [813] LOG:  automatic analyze of table "clearlist_bench_1.public.batch_results"
\tsystem usage: CPU: user: 0.10 s, system: 0.05 s, elapsed: 0.30 s
2026-11-27 13:03:13.000 UTC [814] LOG:  checkpoint starting: time
2026-11-27 13:03:14.000 UTC [815] LOG:  automatic vacuum of table "clearlist_bench_1.pg_toast.pg_toast_16400": index scans: 0
\tsystem usage: CPU: user: 0.05 s, system: 0.00 s, elapsed: 0.50 s
`;

describe('autovacuum CPU from the server log', () => {
  it('sums each pass’s CPU by kind of pass and table, TOAST tables by their own name, other lines ignored', () => {
    const byPass = autovacuumCpuFromLog(LOG);
    expect([...byPass.keys()]).toEqual(['vacuum batch_results', 'analyze batch_results', 'vacuum pg_toast_16400']);
    expect(byPass.get('vacuum batch_results')).toEqual({ passes: 1, ms: 130 });
    expect(byPass.get('analyze batch_results')?.passes).toBe(2);
    expect(byPass.get('analyze batch_results')?.ms).toBeCloseTo(350);
  });
});
