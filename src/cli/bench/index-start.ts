/**
 * Bench of the persisted match index (ADR 062), at about 1,000,000 list records (the records of
 * the interactive-search bench, written to an on-disk PGlite): a start that builds the index from
 * the database against one that loads its file (time to ready, CPU, peak memory), the file's
 * size and write time, and the peak memory of a swap while the old index still serves, to a new
 * index built from the database (before) or loaded from its file (after). Each start and swap
 * runs in a process of its own, so its peak resident memory (maxRSS) is its own.
 * The starts and the swaps through the store run twice, interleaved: on this thread (before ADR
 * 072) and on a worker thread of their own (after), with the index in parts and in one part.
 * CLEARLIST_BENCH_INDEX_DIR puts the data (database and index file) there instead of a temp folder;
 * CLEARLIST_BENCH_INDEX_SYNTHETIC=<n> adds a file-only run on n synthetic records (no database).
 * CLEARLIST_BENCH_INDEX_PG=1 puts the records in the PostgreSQL server of DATABASE_URL instead of an
 * on-disk PGlite (ADR 081). CLEARLIST_BENCH_INDEX_ONLY=swaps runs only the swaps of the index in
 * parts and in one part on the thread path (the server's default), each with what held the serving
 * thread: its garbage collections and its longest waits (ADR 081); `sam`: the SAM part's alone.
 * CLEARLIST_BENCH_INDEX_LOG=<file>: each swap's log lines appended there, at their time from the swap's start (ADR 086).
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex } from '#engine/index-builder';
import type { MatchIndex } from '#engine/match-index';
import { screen } from '#engine/screen';
import { syntheticIndividuals, syntheticRecords } from '#engine/synthetic-records';
import type { AppContext } from '#server/app-context';
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { buildIndexFromDatabase, buildIndexInThreadFromDatabase, buildIndexInThreadFromPostgres, createIndexStore, findActiveVersions, indexedVersionsOf, pageReads, partsOfVersions } from '#server/screening/index-store';
import { indexFileKey, indexFilePath, recordsFilePath, saveIndexFile } from '#server/screening/index-files';
import { indexContentHash, readIndexFile, writeIndexFile } from '../../engine-runtime/index-file';
import { startProfile } from './cpu-profile';
import { prepareNewVersion, switchVersion, SWAPPED_SOURCE, watchPauses, withProbe } from './index-swap';
import { swapFigures, type PhaseResult } from './index-start-swaps';
import { loadRecords } from './interactive-search';
import { figure, peakRssMiB, type Figure } from './measure';

const MiB = 1_048_576;
const PHASE = 'CLEARLIST_INDEX_START_PHASE';
const DIR = 'CLEARLIST_INDEX_START_DIR';
const VERSIONS = 'CLEARLIST_INDEX_START_VERSIONS';
/** "0": the store builds and loads on this thread (before ADR 072); else on a worker thread. */
const THREAD = 'CLEARLIST_INDEX_START_THREAD';
/** "1": a changed part is built from the old part's records file and the changes (ADR 086); else from the database. */
const RECORDS = 'CLEARLIST_INDEX_START_RECORDS';
/** Set: the records are in the PostgreSQL server of DATABASE_URL (ADR 081). */
const PG = 'CLEARLIST_BENCH_INDEX_PG';
const pgUrl = (): string | undefined => (process.env[PG] === '1' ? process.env.DATABASE_URL : undefined);
/** The whole index in one file, for the swaps as they were before ADR 068. */
const WHOLE_FILE = 'whole-index.idx.bench';
const bin = fileURLToPath(new URL('../../../bin/clearlist.mjs', import.meta.url));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rssMiB = (): number => process.memoryUsage.rss() / MiB;

/** Runs one phase in a child process (its own maxRSS) and returns what it measured. */
function inChild(phase: string, dir: string, versions: { old: number; next: number } | null = null, inThread = true, fromRecords = false): PhaseResult {
  const child = spawnSync(process.execPath, ['--max-old-space-size=4096', bin, 'bench', '--scenario', 'index-start-1m'], {
    encoding: 'utf8',
    env: { ...process.env, [PHASE]: phase, [DIR]: dir, [VERSIONS]: JSON.stringify(versions), [THREAD]: inThread ? '1' : '0', [RECORDS]: fromRecords ? '1' : '0', LOG_LEVEL: 'silent' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith('PHASE '));
  if (child.status !== 0 || !line) throw new Error(`index-start phase ${phase} failed:\n${child.stderr.slice(-3000)}`);
  // Each phase's figures as they come (a long run that fails later keeps them).
  process.stderr.write(`index-start phase ${phase}${inThread ? '' : ' (this thread)'}${fromRecords ? ' (from records file)' : ''}: ${line.slice(6)}\n`);
  return JSON.parse(line.slice(6)) as PhaseResult;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const started = performance.now();
  const cpu = cpuMs();
  const value = await fn();
  return { value, ms: performance.now() - started, cpuMs: cpuMs() - cpu };
}

/** One phase, in this (child) process; prints its figures as a PHASE line. */
async function runPhase(phase: string, dir: string): Promise<void> {
  const out = (r: Omit<PhaseResult, 'peakMiB' | 'rssMiB'>): void => {
    process.stdout.write(`PHASE ${JSON.stringify({ ...r, peakMiB: peakRssMiB(), rssMiB: rssMiB() })}\n`);
  };
  if (phase === 'synthetic-load') {
    const r = await timed(() => readIndexFile(path.join(dir, 'synthetic.idx'), { shared: true }));
    return out({ ms: r.ms, cpuMs: r.cpuMs, records: r.value.recordCount, hash: indexContentHash(r.value) });
  }
  const database = await openDatabase({ url: pgUrl(), dataDir: path.join(dir, 'data') });
  const indexDir = path.join(dir, 'index');
  const inThread = process.env[THREAD] !== '0';
  try {
    const active = await findActiveVersions(database.db);
    if (phase === 'start-build' || phase === 'start-file') {
      // A server start: the store's first index, from the database or from the file.
      const r = await timed(() => createIndexStore(database.db, { dir: phase === 'start-file' ? indexDir : null, parts: 'sources', inThread, databaseUrl: pgUrl() }));
      return out({ ms: r.ms, cpuMs: r.cpuMs, records: r.value.getIndex().recordCount, loads: r.value.loadCount, builds: r.value.buildCount, hash: r.value.getIndex().parts.map((p) => indexContentHash(p.index)).join(',') });
    }
    const versions = JSON.parse(process.env[VERSIONS]!) as { old: number; next: number };
    if (phase.startsWith('swap-part-') || phase.startsWith('swap-one-')) {
      // The store in force with the old version (its parts loaded from their files), then the new one (ADR 068):
      // in parts by source, or in one part (the default).
      const fromRecords = process.env[RECORDS] === '1';
      // The swap's log, each line at its time from the probe's start (stderr): where the longest wait falls (ADR 086).
      let t0 = performance.now();
      const logFile = process.env.CLEARLIST_BENCH_INDEX_LOG;
      const log = (line: string): void => (logFile ? appendFileSync(logFile, `${phase}${process.env[RECORDS] === '1' ? ' (records)' : ''} [${Math.round(performance.now() - t0)} ms] ${line}\n`) : undefined);
      const store = await createIndexStore(database.db, { dir: indexDir, parts: phase.startsWith('swap-one-') ? 'one' : 'sources', inThread, databaseUrl: pgUrl(), fromRecords, log });
      if (store.buildCount !== 0) throw new Error('the store built a part instead of loading its file');
      await switchVersion(database.db, versions.next, versions.old);
      if (phase.endsWith('-build')) {
        // The new part's file, written by the other thread's run of this phase: a build phase builds.
        const parts = partsOfVersions(indexedVersionsOf(await findActiveVersions(database.db)), phase.startsWith('swap-one-') ? 'one' : 'sources');
        const changed = [...parts.values()].find((vs) => vs.some((v) => v.id === versions.next))!;
        rmSync(indexFilePath(indexDir, await indexFileKey(database.db, changed)), { force: true });
        rmSync(recordsFilePath(indexDir, await indexFileKey(database.db, changed)), { force: true });
      }
      // The index in force has served searches before the list changes, as a server's has: the probe's
      // first searches (per-thread caches made once, ADR 079) are not the swap's.
      for (const query of syntheticIndividuals(64, 77)) screen(store.getIndex(), query);
      const rssBeforeMiB = rssMiB();
      try {
        Object.assign(pageReads, { count: 0, totalMs: 0, longestMs: 0, rows: 0 });
        const watch = watchPauses();
        // BENCH_SWAP_PROFILE=<dir>: the serving thread's CPU profile over the swap, sampled every 250 µs, with the probe's slow waits (ADR 086 follow-up).
        const profileDir = process.env.BENCH_SWAP_PROFILE;
        const profile = profileDir ? await startProfile(250) : null;
        t0 = performance.now();
        const t0Monotonic = Number(process.hrtime.bigint()) / 1e6;
        const r = await timed(() => withProbe(() => store.getIndex(), () => store.refreshIfChanged()));
        // The slow waits in the swap's log, beside its lines.
        if (logFile) for (const w of r.value.probe.slow ?? []) if (w.ms >= 30) appendFileSync(logFile, `${phase} SLOW wait ${w.ms.toFixed(0)} ms [${Math.round(w.atMs - w.ms)}..${Math.round(w.atMs)}]\n`);
        if (profile) await profile.stopInto(path.join(profileDir!, `${phase}${fromRecords ? '-records' : ''}-${process.pid}.cpuprofile`), { probeStartMs: t0, probeStartMonotonicMs: t0Monotonic, slow: r.value.probe.slow });
        const hash = store.getIndex().parts.map((p) => indexContentHash(p.index)).join(',');
        return out({ ms: r.ms, cpuMs: r.cpuMs, records: store.getIndex().recordCount, rssBeforeMiB, probe: r.value.probe, parts: store.lastBuild?.parts, reads: { ...pageReads }, pauses: watch.stop(), hash });
      } finally {
        await switchVersion(database.db, versions.old, versions.next);
      }
    }
    // A swap of the whole index as before ADR 068: the old index serves (held here) while the new one is built or loaded.
    const file = path.join(indexDir, WHOLE_FILE);
    const old: MatchIndex = await readIndexFile(file, { shared: true });
    const rssBeforeMiB = rssMiB();
    const r = await timed(() => withProbe(() => old, async () => (phase === 'swap-build' ? (await buildIndexFromDatabase(database.db, active)).index : await readIndexFile(file, { shared: true }))));
    // The old index is still referenced here, as the store's is while it serves.
    if (old.recordCount !== r.value.value.recordCount) throw new Error('the old and the new index differ');
    return out({ ms: r.ms, cpuMs: r.cpuMs, records: r.value.value.recordCount, rssBeforeMiB, probe: r.value.probe });
  } finally {
    await database.close();
  }
}

export async function benchIndexStart(): Promise<Figure[]> {
  const phase = process.env[PHASE];
  if (phase) {
    await runPhase(phase, process.env[DIR]!);
    return [];
  }
  const root = process.env.CLEARLIST_BENCH_INDEX_DIR ?? tmpdir();
  const dir = mkdtempSync(path.join(root, 'clearlist-bench-index-'));
  const load: number[] = [loadavg()[0]];
  try {
    // The records, in an on-disk PGlite the phases open in turn (or PostgreSQL); the first index and its file.
    const database = await openDatabase({ url: pgUrl(), dataDir: path.join(dir, 'data') });
    let loaded: Awaited<ReturnType<typeof loadRecords>>;
    let expected: string;
    let written: { bytes: number; ms: number } | null;
    let writeCpu: number;
    let versions: Awaited<ReturnType<typeof prepareNewVersion>>;
    let recordsWritten = { bytes: 0, ms: 0, records: 0 };
    try {
      await database.migrate();
      const config = testConfig({ dataDir: dir });
      const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
      loaded = await loadRecords(ctx);
      // The files of the parts (ADR 068), each built alone: what a first start writes.
      const hashes: string[] = [];
      written = { bytes: 0, ms: 0 };
      writeCpu = 0;
      for (const versions of partsOfVersions(indexedVersionsOf(await findActiveVersions(database.db)), 'sources').values()) {
        // Built on the index thread, which writes the part's records file beside it (ADR 086): what a first start does.
        const key = await indexFileKey(database.db, versions);
        const target = { file: recordsFilePath(path.join(dir, 'index'), key), key, versions: versions.map((v) => v.id).sort((a, b) => a - b) };
        const url = pgUrl();
        const { index, recordsFile } = url ? await buildIndexInThreadFromPostgres(database.db, url, versions, { records: target }) : await buildIndexInThreadFromDatabase(database.db, versions, { pageMs: 0, records: target });
        if (!recordsFile) throw new Error('a records file was not written');
        recordsWritten = { bytes: recordsWritten.bytes + recordsFile.bytes, ms: recordsWritten.ms + recordsFile.ms, records: recordsWritten.records + recordsFile.records };
        const cpu = cpuMs();
        const w = await saveIndexFile(path.join(dir, 'index'), key, index);
        writeCpu += cpuMs() - cpu;
        if (!w) throw new Error('an index file was not written');
        written = { bytes: written.bytes + w.bytes, ms: written.ms + w.ms };
        hashes.push(indexContentHash(index));
      }
      expected = hashes.join(',');
      // The whole index's file (the swaps before ADR 068), and a second SAM version for the swaps.
      const active = await findActiveVersions(database.db);
      const whole = (await buildIndexFromDatabase(database.db, active)).index;
      await writeIndexFile(whole, path.join(dir, 'index', WHOLE_FILE));
      // The same index is the only part of a store in one part (INDEX_PARTS=one): its file under its key.
      await saveIndexFile(path.join(dir, 'index'), await indexFileKey(database.db, indexedVersionsOf(active)), whole);
      versions = await prepareNewVersion(database.db, SWAPPED_SOURCE);
    } finally {
      await database.close();
    }
    if (!written) throw new Error('the index file was not written');
    load.push(loadavg()[0]);
    if (process.env.CLEARLIST_BENCH_INDEX_ONLY === 'swaps' || process.env.CLEARLIST_BENCH_INDEX_ONLY === 'sam') {
      return swapFigures({ dir, versions, load, samOnly: process.env.CLEARLIST_BENCH_INDEX_ONLY === 'sam', onPostgres: Boolean(pgUrl()), recordsWritten, indexBytes: written.bytes, run: inChild });
    }
    // Interleaved: the start on this thread (before ADR 072) and on a worker thread (after).
    const startBuildMain = inChild('start-build', dir, null, false);
    const startBuild = inChild('start-build', dir);
    const startFileMain = inChild('start-file', dir, null, false);
    const startFile = inChild('start-file', dir);
    load.push(loadavg()[0]);
    // The swaps, interleaved: the whole index (before ADR 068), the index in parts with one list
    // changed and the index in one part, each on this thread (before ADR 072) and on a worker thread.
    const swapBuild = inChild('swap-build', dir, versions);
    const partBuildMain = inChild('swap-part-build', dir, versions, false);
    const partBuild = inChild('swap-part-build', dir, versions);
    const oneBuildMain = inChild('swap-one-build', dir, versions, false);
    const oneBuild = inChild('swap-one-build', dir, versions);
    load.push(loadavg()[0]);
    const swapFile = inChild('swap-file', dir, versions);
    const partFileMain = inChild('swap-part-file', dir, versions, false);
    const partFile = inChild('swap-part-file', dir, versions);
    const oneFileMain = inChild('swap-one-file', dir, versions, false);
    const oneFile = inChild('swap-one-file', dir, versions);
    load.push(loadavg()[0]);
    for (const [b, f] of [[partBuildMain, partFileMain], [partBuild, partFile], [oneBuildMain, oneFileMain], [oneBuild, oneFile]]) {
      if (b.parts?.built !== 1 || f.parts?.loaded !== 1 || f.parts.built !== 0) throw new Error(`a swap did not make one part: ${JSON.stringify([b.parts, f.parts])}`);
    }
    if (startFile.loads !== 1 || startFile.builds !== 0 || startFileMain.loads !== 1) throw new Error('the start with the file built instead of loading it');
    const same = [startFile, startBuild, startFileMain, startBuildMain].every((r) => r.hash === expected);
    const records = startBuild.records;
    const perK = (ms: number) => ms / (records / 1000);
    const s = (ms: number) => ms / 1000;
    const figures = [
      figure('index-start: records in the index', records, 'records'),
      figure('index-start: records written to PGlite', s(loaded.ms), 's'),
      figure('index-start: start building from the database, time to ready', s(startBuild.ms), 's'),
      figure('index-start: build CPU per 1,000 records', perK(startBuild.cpuMs), 'ms'),
      figure('index-start: peak RSS of a start building from the database', startBuild.peakMiB, 'MiB'),
      figure('index-start: index file size', written.bytes / MiB, 'MiB'),
      figure('index-start: write the file', s(written.ms), 's'),
      figure('index-start: write CPU', writeCpu, 'ms'),
      figure('index-start: start loading the file, time to ready', s(startFile.ms), 's', { max: 10, text: 'a few s at 1M (<= 60 s national)' }),
      figure('index-start: load CPU per 1,000 records', perK(startFile.cpuMs), 'ms'),
      figure('index-start: peak RSS of a start loading the file', startFile.peakMiB, 'MiB'),
      figure('index-start: loaded index identical to the built one, on this thread and on a worker thread (content hash)', same ? 1 : 0, 'yes=1', { min: 1, text: '1' }),
      figure('index-start: start building, on this thread (before ADR 072) / on a worker thread, time to ready', s(startBuildMain.ms), `s / ${s(startBuild.ms).toFixed(1)} s`),
      figure('index-start: start building, on this thread / on a worker thread, peak RSS', startBuildMain.peakMiB, `MiB / ${startBuild.peakMiB.toFixed(0)} MiB`),
      figure('index-start: start loading the files, on this thread / on a worker thread, time to ready', s(startFileMain.ms), `s / ${s(startFile.ms).toFixed(1)} s`),
      figure('index-start: start loading the files, on this thread / on a worker thread, peak RSS', startFileMain.peakMiB, `MiB / ${startFile.peakMiB.toFixed(0)} MiB`),
      figure('index-start: swap of the whole index built from the database (before ADR 068), peak RSS', swapBuild.peakMiB, 'MiB'),
      figure('index-start: swap of the whole index loaded from its file (before ADR 068), peak RSS', swapFile.peakMiB, 'MiB', { max: swapBuild.peakMiB, text: '< the swap building' }),
      figure('index-start: swap of the whole index from its file, time', s(swapFile.ms), 's'),
      figure(`index-start: parts of the index (a new ${SWAPPED_SOURCE} version remakes one)`, partFile.parts!.reused + 1, 'parts'),
      figure('index-start: resident memory with the index in parts in force, before the swap', partFile.rssBeforeMiB!, 'MiB'),
      figure(`index-start: swap of the ${SWAPPED_SOURCE} part built from the database (after), peak RSS`, partBuild.peakMiB, 'MiB', { max: swapBuild.peakMiB, text: '< whole-index swap' }),
      figure(`index-start: swap of the ${SWAPPED_SOURCE} part loaded from its file (after), peak RSS`, partFile.peakMiB, 'MiB', { max: swapFile.peakMiB, text: '< whole-index swap' }),
      figure('index-start: peak RSS over the index in force, whole swap from the database (before)', swapBuild.peakMiB - swapBuild.rssBeforeMiB!, 'MiB'),
      figure('index-start: peak RSS over the index in force, part swap from the database (after)', partBuild.peakMiB - partBuild.rssBeforeMiB!, 'MiB'),
      figure('index-start: peak RSS over the index in force, whole swap from the file (before)', swapFile.peakMiB - swapFile.rssBeforeMiB!, 'MiB'),
      figure('index-start: peak RSS over the index in force, part swap from its file (after)', partFile.peakMiB - partFile.rssBeforeMiB!, 'MiB'),
      figure('index-start: swap time, whole from the database / part from the database', s(swapBuild.ms), `s / ${s(partBuild.ms).toFixed(1)} s`),
      figure('index-start: swap CPU, whole from the database / part from the database', swapBuild.cpuMs / 1000, `s / ${(partBuild.cpuMs / 1000).toFixed(1)} s`),
      figure('index-start: swap time, whole from its file / part from its file', s(swapFile.ms), `s / ${s(partFile.ms).toFixed(2)} s`),
      ...[['whole from the database', swapBuild], ['part from the database', partBuild], ['whole from its file', swapFile], ['part from its file', partFile]].map(([name, r]) =>
        figure(`index-start: searches every 5 ms during the swap (${name as string}), longest wait for an answer`, (r as PhaseResult).probe!.maxMs, `ms (p99 ${(r as PhaseResult).probe!.p99Ms.toFixed(1)} ms, ${(r as PhaseResult).probe!.answers} answers)`),
      ),
      ...(
        [
          [`${SWAPPED_SOURCE} part from the database`, partBuildMain, partBuild],
          [`${SWAPPED_SOURCE} part from its file`, partFileMain, partFile],
          ['one part (INDEX_PARTS=one) from the database', oneBuildMain, oneBuild],
          ['one part (INDEX_PARTS=one) from its file', oneFileMain, oneFile],
        ] as const
      ).flatMap(([name, main, thread]) => [
        figure(`index-start: swap of the ${name}, longest wait of searches every 5 ms, worker thread (after) / this thread (before ADR 072)`, thread.probe!.maxMs, `ms / ${main.probe!.maxMs.toFixed(0)} ms (p99 ${thread.probe!.p99Ms.toFixed(1)} / ${main.probe!.p99Ms.toFixed(1)} ms)`, { max: 50, text: 'no pause: a few tens of ms' }),
        figure(`index-start: swap of the ${name}, peak RSS over the index in force, worker thread / this thread`, thread.peakMiB - thread.rssBeforeMiB!, `MiB / ${(main.peakMiB - main.rssBeforeMiB!).toFixed(0)} MiB`),
        figure(`index-start: swap of the ${name}, time / CPU, worker thread / this thread`, s(thread.ms), `s / ${s(main.ms).toFixed(1)} s, CPU ${s(thread.cpuMs).toFixed(1)} / ${s(main.cpuMs).toFixed(1)} s`),
        ...(thread.reads?.count
          ? [figure(`index-start: swap of the ${name}, database page reads on this thread, longest / total (worker thread run)`, thread.reads.longestMs, `ms / ${thread.reads.totalMs.toFixed(0)} ms in ${thread.reads.count} reads (this-thread run: ${main.reads?.longestMs.toFixed(0)} / ${main.reads?.totalMs.toFixed(0)} ms)`)]
          : []),
      ]),
      figure('index-start: load average (start of the run)', load[0], `(then ${load.slice(1).map((l) => l.toFixed(1)).join(', ')})`),
    ];
    const n = Number(process.env.CLEARLIST_BENCH_INDEX_SYNTHETIC ?? 0);
    if (n > 0) {
      // A larger set, file only: built in memory from synthetic records, written, loaded in a child.
      const built = await timed(async () => buildIndex(syntheticRecords(n, 42), { version: `synthetic:${n}`, shared: true }));
      const w = await writeIndexFile(built.value, path.join(dir, 'synthetic.idx'));
      const bytes = statSync(path.join(dir, 'synthetic.idx')).size;
      const hash = indexContentHash(built.value);
      built.value = null as never;
      const l = inChild('synthetic-load', dir);
      figures.push(
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, build in memory`, s(built.ms), 's'),
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, file size`, bytes / MiB, 'MiB'),
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, write`, s(w.ms), 's'),
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, load (time to ready)`, s(l.ms), 's', { max: 60, text: '<= 60 s' }),
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, load CPU`, l.cpuMs, 'ms'),
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, peak RSS loading`, l.peakMiB, 'MiB'),
        figure(`index-start: ${n.toLocaleString('en-US')} synthetic records, loaded identical`, l.hash === hash ? 1 : 0, 'yes=1', { min: 1, text: '1' }),
      );
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
