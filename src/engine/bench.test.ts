import { describe, expect, it } from 'vitest';
import { runBench } from './bench';

describe('runBench', () => {
  it('builds an index over synthetic records and returns the figures', () => {
    const r = runBench({ records: 3000, nppesRecords: 500, interactiveQueries: 100, batchRows: 200, memory: () => 1 << 20, cpuMs: () => performance.now() });
    expect(r.records).toBe(3000);
    expect(r.npiKeys).toBeGreaterThan(500);
    expect(r.buildMs).toBeGreaterThanOrEqual(0);
    expect(r.interactive.queries).toBe(100);
    expect(r.interactive.p95Ms).toBeGreaterThanOrEqual(r.interactive.p50Ms);
    expect(r.batch.rows).toBe(200);
    expect(r.batch.rowsPerSec).toBeGreaterThan(0);
    expect(r.peakRssMb).toBe(1);
    // CPU time per query and per 1,000 rows, from the probe the caller gives (here a clock, so > 0).
    expect(r.interactive.cpuMsPerQuery).toBeGreaterThan(0);
    expect(r.batch.cpuMsPer1000Rows).toBeGreaterThan(0);
    expect(runBench({ records: 200, interactiveQueries: 5, batchRows: 5 }).batch.cpuMsPer1000Rows).toBeNull();
  });
});
