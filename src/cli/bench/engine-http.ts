/**
 * Bench: while a batch is scored on the worker pool, the server still answers HTTP requests
 * quickly. The real app (createApp on a PGlite database) listens in this process; a client in
 * the same process asks GET /services/health every 10 ms during the batch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { runBench } from '#engine/bench';
import { syntheticIndividuals } from '#engine/synthetic-records';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { createMailer } from '#server/mail/mailer';
import { ScreeningPool } from '../../engine-runtime/worker-pool';
import { openBenchDatabase } from './bench-db';
import { figure, percentile, type Figure } from './measure';
import { BATCH_ROWS, ENGINE_RECORDS } from './engine';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests the URL every `gapMs` until `until` settles; answers each request's latency. */
async function probe(url: string, until: Promise<unknown>, gapMs = 10): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t);
    await sleep(gapMs);
  }
  return times;
}

export async function benchHttpDuringBatch(): Promise<Figure[]> {
  const { index } = runBench({ records: ENGINE_RECORDS, interactiveQueries: 0, batchRows: 0, shared: true });
  const { database, dispose } = await openBenchDatabase('pglite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-http-'));
  const config = testConfig({ dataDir });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  const app = await createApp(ctx);
  const pool = await ScreeningPool.create(index, { size: 2 });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/services/health`;
    const idle = await probe(url, sleep(1000));
    const queries = syntheticIndividuals(BATCH_ROWS, 7);
    const started = performance.now();
    const batch = pool.screenBatch(queries);
    const busy = await probe(url, batch);
    const results = await batch;
    const batchSeconds = (performance.now() - started) / 1000;
    idle.sort((a, b) => a - b);
    busy.sort((a, b) => a - b);
    return [
      figure(`HTTP latency idle, p95 (${idle.length} requests)`, percentile(idle, 95), 'ms'),
      figure(`HTTP latency during a ${results.length.toLocaleString('en-US')}-row batch (${batchSeconds.toFixed(0)} s, 2 workers), p50 (${busy.length} requests)`, percentile(busy, 50), 'ms'),
      figure('HTTP latency during the batch, p95', percentile(busy, 95), 'ms', { max: 100, text: '< 100 ms' }),
      figure('HTTP latency during the batch, max', busy.at(-1) ?? 0, 'ms', { max: 100, text: '< 100 ms' }),
    ];
  } finally {
    await pool.close();
    await app.close();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
