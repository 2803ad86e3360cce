/**
 * Bench (issue 21, ADR 092): the CPU a batch row costs a screening thread of the embedded batch, which
 * runs `screenChunkSlice` per slice of a chunk (keyed texts parsed and indexed, rows screened, results
 * shaped for the write; ADR 084, 093). batch-cpu-pglite does not run it, and its own thread has imported the
 * list importers (pdfjs-dist's core-js polyfills), so its profiles are not a pool thread's. Here: the
 * database batch-cpu-pglite keeps (BENCH_BATCH_CPU_DB=<folder>, required), the index in parts by source
 * as the server holds it, batch-cpu's roster cut as processing.ts cuts it (chunks of 1,000, one slice
 * of 500 per thread), screened on a one-thread pool started as the server starts it; the thread reads
 * its own CPU around each slice. Results shaped as COPY lines as the embedded batch shapes them (ADR 093;
 * BENCH_SLICE_CPU_SHAPE=json: as JSON, PostgreSQL's way). A warm-up pass, then BENCH_SLICE_CPU_PASSES passes (default 3);
 * the answers' digest is in the figure's name, to compare two builds. CLEARLIST_BENCH_PROFILE=<dir>: the
 * thread's profile of one more pass (slice-cpu.cpuprofile).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { checkNpi, checkSsn } from '#shared/identifiers';
import { openDatabase } from '#server/db/client';
import { ScreeningPool } from '../../engine-runtime/worker-pool';
import type { ChunkSliceInput } from '#server/screening/chunk-screening';
import { createIndexStore } from '#server/screening/index-store';
import { findKeyedVersions, KeyedLookup, readKeyedTexts, screeningVersionOf } from '#server/screening/keyed';
import { npiKey, npiUsesOf, type RowInput } from '#server/screening/row-screening';
import { versionIdsOf } from '#server/screening/screener';
import { figure, type Figure } from './measure';
import { BENCH_BATCH_TYPES, generatedKeys, nationalRoster } from './national-data';
import type { SliceCpu } from './slice-cpu-task';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
const PASSES = Number(process.env.BENCH_SLICE_CPU_PASSES ?? 3);
const CHUNK_ROWS = 1000;
const SLICE_ROWS = 500;
const THRESHOLD = 0.85;
/** The results' shape: COPY lines as the embedded batch writes them (ADR 093, the default), or `json` (PostgreSQL's). */
const SHAPE: 'copy' | 'json' = process.env.BENCH_SLICE_CPU_SHAPE === 'json' ? 'json' : 'copy';
const TASK = new URL('./slice-cpu-task.ts', import.meta.url);

/** The NPIs and SSNs of rows that the keyed lists may hold (processing.ts's chunkKeys, every type asked). */
function keysOf(rows: readonly RowInput[], dmfLoaded: boolean): { npis: Set<string>; ssns: Set<string> } {
  const npis = new Set<string>();
  const ssns = new Set<string>();
  for (const r of rows) {
    const npi = r.values.NPI ? checkNpi(r.values.NPI) : null;
    if (npi?.ok) npis.add(npi.value);
    const ssn = dmfLoaded && r.values.SSN ? checkSsn(r.values.SSN) : null;
    if (ssn?.ok) ssns.add(ssn.value);
  }
  return { npis, ssns };
}

export async function benchSliceCpu(): Promise<Figure[]> {
  const log = (s: string) => process.stderr.write(`[slice-cpu ${new Date().toISOString().slice(11, 19)}] ${s}\n`);
  const dir = process.env.BENCH_BATCH_CPU_DB;
  if (!dir || !existsSync(path.join(dir, 'db', 'PG_VERSION'))) throw new Error('slice-cpu-pglite reads the database batch-cpu-pglite keeps: run that first with BENCH_BATCH_CPU_DB=<folder>, then this with the same');
  const database = await openDatabase({ dataDir: dir });
  let pool: ScreeningPool | null = null;
  try {
    const db = database.db;
    const index = (await createIndexStore(db, { parts: 'sources' })).getIndex();
    const keyedVersions = await findKeyedVersions(db);
    const dmfLoaded = keyedVersions.dmf !== null;
    const keys = generatedKeys({ nppes: Number(process.env.BENCH_BATCH_CPU_NPPES ?? 90_000), dmf: Number(process.env.BENCH_BATCH_CPU_DMF ?? 200_000), scale: 1 });
    const versions = [...versionIdsOf(screeningVersionOf(index.version, keyedVersions))];
    const keyedVersion = new KeyedLookup(db, keyedVersions).indexVersion;
    /** A roster's slices as processing.ts cuts and feeds them (`seed` draws its names, the keys the same). */
    const slicesOf = async (seed: number): Promise<ChunkSliceInput[]> => {
      const rows = nationalRoster(ROWS, keys, seed);
      const npiUses = npiUsesOf(rows.map((r) => ({ rowIndex: r.rowIndex, uniqueId: r.uniqueId, npi: r.values.NPI })));
      const out: ChunkSliceInput[] = [];
      for (let first = 0; first < rows.length; first += CHUNK_ROWS) {
        const chunk = rows.slice(first, first + CHUNK_ROWS);
        const texts = await readKeyedTexts(db, keyedVersions, keysOf(chunk, dmfLoaded));
        for (let at = 0; at < chunk.length; at += SLICE_ROWS) {
          const part = chunk.slice(at, at + SLICE_ROWS);
          const own = keysOf(part, true);
          const shared = new Map(part.flatMap((r) => (r.values.NPI && npiUses.has(npiKey(r.values.NPI)) ? [[npiKey(r.values.NPI), npiUses.get(npiKey(r.values.NPI))!] as const] : [])));
          const keyed = { nppes: [...texts.nppes].filter(([id]) => own.npis.has(id)), dmf: [...texts.dmf].filter(([id]) => own.ssns.has(id)) };
          out.push({ types: BENCH_BATCH_TYPES, rows: part, threshold: THRESHOLD, npiUses: shared, dmfLoaded, keyed, keyedVersion, versions, shape: SHAPE });
        }
      }
      return out;
    };
    const slices = await slicesOf(9);
    const otherSlices = await slicesOf(10);
    pool = await ScreeningPool.create(index, { size: 1 });
    const run = async (profile: string | null, which = slices) => (await pool!.runTask<{ slices: ChunkSliceInput[]; profile: string | null }, SliceCpu>(TASK, [{ slices: which, profile }]))[0];
    // The first pass, on the thread as it starts (its code not yet optimized, its memos empty): a batch's first chunks.
    const cold = await run(null);
    const load = loadavg()[0];
    const passes: SliceCpu[] = [];
    for (let i = 0; i < PASSES; i++) passes.push(await run(null));
    // Another roster's names on the warm thread: its code optimized, its memos holding the first roster's names.
    const other = await run(null, otherSlices);
    const profileDir = process.env.CLEARLIST_BENCH_PROFILE;
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      await run(path.resolve(profileDir, 'slice-cpu.cpuprofile'));
    }
    const digests = new Set(passes.map((p) => p.digest));
    log(`answers digest ${[...digests].join(', ')} (${passes[0].results} result texts); load average ${load.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`);
    const per = (ms: number) => ms / (ROWS / 1000);
    const ms = passes.map((p) => p.ms).sort((a, b) => a - b);
    return [
      figure(`Screening thread CPU per 1,000 rows, screenChunkSlice (${ROWS.toLocaleString('en-US')} rows shaped as ${SHAPE} in slices of ${SLICE_ROWS}, index in ${index.parts.length} parts, ${passes[0].results.toLocaleString('en-US')} result texts, answers ${[...digests].join(', ')}; median of ${PASSES} passes; load ${load.toFixed(2)})`, per(ms[ms.length >> 1]), 'ms'),
      figure('  fastest pass', per(ms[0]), 'ms'),
      figure('  the first pass, on the thread as started', per(cold.ms), 'ms'),
      figure(`  then another roster's names (answers ${other.digest})`, per(other.ms), 'ms'),
    ];
  } finally {
    await pool?.close();
    await database.close();
  }
}
