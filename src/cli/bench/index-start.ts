/**
 * Bench of the persisted match index (ADR 062), at about 1,000,000 list records (the records of
 * the interactive-search bench, written to PGlite): building the index from the database,
 * writing its file, and a start that loads the file instead (time to ready); resident memory
 * after each, and the peak during a swap while the old index still serves, for a new index
 * built from the database against one loaded from its file. Memory is sampled every 10 ms.
 * CLEARLIST_BENCH_INDEX_DIR puts the index file somewhere else than a temp folder.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { interactiveQueries } from '#engine/bench';
import type { MatchIndex } from '#engine/match-index';
import { screenMany } from '#engine/screen';
import { syntheticRecords } from '#engine/synthetic-records';
import type { AppContext } from '#server/app-context';
import { testConfig } from '#server/config';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { buildIndexFromDatabase, createIndexStore, findActiveVersions } from '#server/screening/index-store';
import { indexFileKey, indexFilePath } from '#server/screening/index-files';
import { readIndexFile, writeIndexFile } from '../../engine-runtime/index-file';
import { openBenchDatabase } from './bench-db';
import { loadRecords } from './interactive-search';
import { figure, peakRssMiB, type Figure } from './measure';

const MiB = 1_048_576;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** Runs `fn`, sampling resident memory: its result, wall and CPU ms, and the highest RSS seen (MiB). */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpu: number; peakMiB: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  const cpu0 = cpuMs();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, ms: performance.now() - started, cpu: cpuMs() - cpu0, peakMiB: peak / MiB };
  } finally {
    clearInterval(timer);
  }
}

export async function benchIndexStart(): Promise<Figure[]> {
  const gc = collector();
  const rssMiB = (): number => {
    gc();
    gc();
    return process.memoryUsage.rss() / MiB;
  };
  const { database, dispose } = await openBenchDatabase('pglite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-index-'));
  const indexDir = process.env.CLEARLIST_BENCH_INDEX_DIR ? mkdtempSync(path.join(process.env.CLEARLIST_BENCH_INDEX_DIR, 'index-')) : path.join(dataDir, 'index');
  const config = testConfig({ dataDir });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  const load = [loadavg()[0]];
  try {
    const loaded = await loadRecords(ctx);
    const active = await findActiveVersions(database.db);
    const base = rssMiB();

    // 1. Build from the database, as every start did before.
    const built = await measured(() => buildIndexFromDatabase(database.db, active));
    let old: MatchIndex | null = built.value.index;
    const records = old.recordCount;
    const afterBuild = rssMiB();

    // 2. Write its file.
    const key = await indexFileKey(database.db, active);
    const file = indexFilePath(indexDir, key);
    await mkdir(indexDir, { recursive: true });
    const written = await measured(() => writeIndexFile(old!, file));
    const bytes = statSync(file).size;

    // 3. A swap while the old index serves: the new one built from the database (before) …
    const swapBuild = await measured(async () => (await buildIndexFromDatabase(database.db, active)).index.recordCount);
    load.push(loadavg()[0]);
    rssMiB();
    // … and the new one loaded from its file (after).
    const swapLoad = await measured(async () => (await readIndexFile(file, { shared: true })).recordCount);
    const oneIndexMiB = afterBuild - base;

    // 4. A start with the file there: a store over the same folder loads it (time to ready).
    const queries = interactiveQueries([...syntheticRecords(20_000, 42)], 300, 5);
    const expected = JSON.stringify(screenMany(old, queries));
    old = null;
    built.value.index = null as never;
    const beforeStart = rssMiB();
    const start = await measured(() => createIndexStore(database.db, { dir: indexDir }));
    const store = start.value;
    const afterStart = rssMiB();
    if (store.loadCount !== 1 || store.buildCount !== 0) throw new Error('the store built instead of loading the file');
    const same = JSON.stringify(screenMany(store.getIndex(), queries)) === expected;
    load.push(loadavg()[0]);

    const s = (ms: number) => ms / 1000;
    return [
      figure('index-start: records written to the database', records, 'records'),
      figure('index-start: loading the records into PGlite', s(loaded.ms), 's'),
      figure('index-start: build from the database', s(built.ms), 's'),
      figure('index-start: build CPU per 1,000 records', built.cpu / (records / 1000), 'ms'),
      figure('index-start: RSS after the build (one index)', afterBuild, 'MiB'),
      figure('index-start: one index in memory (RSS over the empty process)', oneIndexMiB, 'MiB'),
      figure('index-start: index file size', bytes / MiB, 'MiB'),
      figure('index-start: write the file', s(written.ms), 's'),
      figure('index-start: write CPU', written.cpu, 'ms'),
      figure('index-start: peak RSS, swap to an index built from the database (before)', swapBuild.peakMiB, 'MiB'),
      figure('index-start: peak RSS, swap to an index loaded from its file (after)', swapLoad.peakMiB, 'MiB'),
      figure('index-start: load the file while the old index serves', s(swapLoad.ms), 's'),
      figure('index-start: load CPU per 1,000 records', swapLoad.cpu / (records / 1000), 'ms'),
      figure('index-start: RSS before a start from the file', beforeStart, 'MiB'),
      figure('index-start: start from the file, time to ready', s(start.ms), 's', { max: 10, text: 'a few s at 1M (<= 60 s national)' }),
      figure('index-start: start from the file, CPU', start.cpu, 'ms'),
      figure('index-start: peak RSS during that start', start.peakMiB, 'MiB'),
      figure('index-start: RSS after the start from the file', afterStart, 'MiB'),
      figure('index-start: loaded index answers 300 queries as the built one', same ? 1 : 0, 'yes=1', { min: 1, text: '1' }),
      figure('index-start: load average at the start', load[0], `(mid ${load[1].toFixed(1)}, end ${load[2].toFixed(1)})`),
      figure('index-start: process peak RSS', peakRssMiB(), 'MiB'),
    ];
  } finally {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.CLEARLIST_BENCH_INDEX_DIR) rmSync(indexDir, { recursive: true, force: true });
  }
}
