/** Batch throughput on worker threads, for the bench command (reuses the engine bench's index). */
import type { MatchIndex } from '../engine/match-index';
import type { ScreenQuery } from '../engine/query-types';
import { ScreeningPool } from './worker-pool';

/** Screens the queries on `size` worker threads and reports the wall time (pool start-up excluded). */
export async function benchParallelBatch(index: MatchIndex, queries: ScreenQuery[], size = 2): Promise<{ rows: number; workers: number; startupMs: number; ms: number; rowsPerSec: number }> {
  const ts = performance.now();
  const pool = await ScreeningPool.create(index, { size });
  const startupMs = performance.now() - ts;
  try {
    const t = performance.now();
    const results = await pool.screenBatch(queries);
    const ms = performance.now() - t;
    return { rows: results.length, workers: size, startupMs: Math.round(startupMs), ms: Math.round(ms), rowsPerSec: Math.round(results.length / (ms / 1000)) };
  } finally {
    await pool.close();
  }
}
