/**
 * The screener batch chunks use: the engine on this thread for small chunks, else a pool of
 * worker threads sharing the index (kept while chunks keep coming, closed when idle).
 */
import type { PartedIndex, SearchIndex } from '#engine/index-parts';
import { screenMany } from '#engine/screen';
import type { ScreenQuery } from '#engine/query-types';
import { wantsNppesFacts } from '#engine/nppes-facts';
import type { ScreenOptions } from '#engine/settings';
import { toLightResult, type LightScreenResult } from '../../engine-runtime/light-hits';
import { ScreeningPool } from '../../engine-runtime/worker-pool';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { createIndexStore, type IndexStore } from './index-store';
import { findKeyedVersions, KeyedLookup, keyedScreener, screeningVersionOf, type KeyedVersions } from './keyed';
import type { RowInput, Screener } from './row-screening';
import { screenChunkSlice, type ChunkSliceInput, type ChunkSliceOutput } from './chunk-screening';

export type LightScreener = (queries: ScreenQuery[], options: ScreenOptions) => Promise<LightScreenResult[]>;

/** Below this many rows, starting workers costs more than it saves. */
export const POOL_MIN_ROWS = 500;
const IDLE_CLOSE_MS = 60_000;

let pool: { pool: Promise<ScreeningPool>; timer: NodeJS.Timeout | null } | null = null;
/** The threads stay for the process's life once warmed at its start (ADR 103), instead of closing when idle. */
let kept = false;

type StoreContext = { db: Db; screening?: IndexStore | null; config: { indexDir?: string | null; indexParts?: 'one' | 'sources'; indexInThread?: boolean; databaseUrl?: string }; log?: Pick<AppContext['log'], 'info'> };

/**
 * Opens a process's index store and its first index: loaded from its file in the index folder
 * when another process (or an earlier start) wrote it, else built and written (ADR 062); at each
 * swap the worker threads are handed the new parts and drop the old index (ADR 068).
 */
export function openIndexStore(ctx: StoreContext): Promise<IndexStore> {
  const log = ctx.log;
  return createIndexStore(ctx.db, { dir: ctx.config.indexDir ?? null, parts: ctx.config.indexParts ?? 'sources', inThread: ctx.config.indexInThread ?? true, databaseUrl: ctx.config.databaseUrl, log: log ? (line) => log.info(line) : undefined, onSwap: (index) => void movePoolTo(index).catch(() => undefined) });
}

/** The index of the active lists; the store is opened here when the process has none yet (workers). */
export async function currentIndex(ctx: StoreContext): Promise<PartedIndex> {
  ctx.screening ??= await openIndexStore(ctx);
  return ctx.screening.getIndex();
}

/**
 * What a chunk or a search screens against (ADR 060): the match index, the NPPES and DMF
 * versions active now (read once, so every lookup of the chunk uses the same) with the lookup
 * that reads their records by key, and the version string of the whole ("dmf:3,leie:1,nppes:7").
 */
export interface Screening {
  index: SearchIndex;
  keyed: KeyedLookup;
  version: string;
}

export async function currentScreening(ctx: AppContext): Promise<Screening> {
  const index = await currentIndex(ctx);
  const versions = await findKeyedVersions(ctx.db);
  return { index, keyed: new KeyedLookup(ctx.db, versions), version: screeningVersionOf(index.version, versions) };
}

/**
 * At a swap, hands the worker threads the new index: they revive its new parts only and drop the
 * old index (ADR 068). Chunks already sent finish on the old one first. False without a pool, or
 * when it already uses this version.
 */
export async function movePoolTo(index: SearchIndex): Promise<boolean> {
  const held = pool;
  if (!held) return false;
  const running = await held.pool;
  if (pool !== held || running.indexVersion === index.version) return false;
  running.use(index, true);
  return true;
}

/** The running pool's index version, how many index parts it has handed its workers in all, and how many tasks and searches it has sent them (null without a pool). */
export async function screeningPoolState(): Promise<{ version: string; partsSent: number; messagesSent: number } | null> {
  const held = pool;
  if (!held) return null;
  const running = await held.pool;
  return { version: running.indexVersion, partsSent: running.partsSent, messagesSent: running.messagesSent };
}

/** The running pool, null without one (tests: to make one of its threads fail). */
export async function runningScreeningPool(): Promise<ScreeningPool | null> {
  return pool ? pool.pool : null;
}

/** Whether worker threads are running (started by a large enough batch chunk or bulk request). */
export function isScreeningPoolRunning(): boolean {
  return pool !== null;
}

/**
 * Keeps the running threads until the process stops them (`closeScreeningPool`): they are not
 * closed after a minute idle (ADR 103). False without a running pool.
 */
export function keepScreeningPool(): boolean {
  if (!pool) return false;
  kept = true;
  if (pool.timer) clearTimeout(pool.timer);
  pool.timer = null;
  return true;
}

/** Whether the running threads are kept for the process's life (ADR 103). */
export function isScreeningPoolKept(): boolean {
  return pool !== null && kept;
}

/** Ends the worker threads now (a stopping process): kept idle, they would hold it alive for a minute. */
export async function closeScreeningPool(): Promise<void> {
  await closePool();
}

async function closePool(): Promise<void> {
  const held = pool;
  pool = null;
  kept = false;
  if (held?.timer) clearTimeout(held.timer);
  if (held) await (await held.pool).close();
}

/** What the pool is made with: its threads and their priority below the main thread (ADR 083, 088). */
type PoolConfig = Pick<AppContext['config'], 'batchScreenWorkers'> & Partial<Pick<AppContext['config'], 'screenThreadNice'>>;

/** The pool, holding `index` (a caller on an index the pool has moved past gets it back, without its unchanged parts). */
async function pooled(index: SearchIndex, config: PoolConfig): Promise<ScreeningPool> {
  // A pool one of whose threads failed is replaced: kept for the process's life (ADR 103), it would never be closed idle.
  const current = pool;
  if (current && (await current.pool).hasFailed && pool === current) {
    const keep = kept;
    await closePool();
    kept = keep;
  }
  pool ??= { pool: ScreeningPool.create(index, { size: config.batchScreenWorkers, nice: config.screenThreadNice ?? 0 }), timer: null };
  const held = pool;
  if (held.timer) clearTimeout(held.timer);
  held.timer = kept ? null : setTimeout(() => void (pool === held ? closePool() : undefined), IDLE_CLOSE_MS);
  held.timer?.unref();
  const running = await held.pool;
  if (!running.holds(index.version)) running.use(index);
  return running;
}

/**
 * Starts the pool's threads for a batch of `rows` about to be screened (ADR 088), so their start
 * (booting, reviving the index) runs on their own threads while this one prepares the batch,
 * instead of before its first chunk's screening. Resolves true once the pool holds the current
 * index; false when the batch's chunks screen on this thread (no pool, or chunks too small) or
 * the process has no index open yet; a
 * failure to start is logged and left to the first chunk, which tries again.
 */
export async function warmScreeningPool(ctx: StoreContext & { config: PoolConfig & { batchChunkRows: number } }, rows: number): Promise<boolean> {
  // A process whose index store is not open yet opens it in its first chunk, not twice.
  if (!ctx.screening || ctx.config.batchScreenWorkers === 0 || Math.min(rows, ctx.config.batchChunkRows) < POOL_MIN_ROWS) return false;
  try {
    await pooled(await ctx.screening.getIndex(), ctx.config);
    return true;
  } catch (error) {
    ctx.log?.info(`the screening threads did not start ahead of a batch: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** Chooses how to screen a chunk of the given size. */
export function screenerFor(ctx: { config: PoolConfig }, index: SearchIndex, rows: number): Screener {
  const workers = ctx.config.batchScreenWorkers;
  if (workers === 0 || rows < POOL_MIN_ROWS) return async (queries, options) => screenMany(index, queries, options);
  return async (queries, options) => (await pooled(index, ctx.config)).screenBatch(queries, options, index.version);
}

/**
 * As screenerFor, with the NPPES records of the name queries' NPIs read by key first (one query per call):
 * their practice state and licences are evidence against each list record, as in a batch chunk (ADR 120).
 * `versions`: the active NPPES and DMF versions, read once by the caller.
 */
export function screenerWithNppes(ctx: { db: Db; config: PoolConfig }, index: SearchIndex, rows: number, versions: KeyedVersions): Screener {
  const base = screenerFor(ctx, index, rows);
  if (versions.nppes === null) return base;
  const withNppes = keyedScreener(new KeyedLookup(ctx.db, versions), base);
  // Queries wanting no NPPES facts (an NPI exclusion search) read nothing.
  return async (queries, options) => (queries.some(wantsNppesFacts) ? withNppes(queries, options) : base(queries, options));
}

const CHUNK_TASK = new URL('./chunk-screening.ts', import.meta.url);

/**
 * Screens a batch chunk's rows and shapes their results (ADR 084): on the pool's threads, the
 * rows cut in one slice per thread, or on this thread for a small chunk. `sliceOf` gives what a
 * slice of the rows is screened with (its keyed records, its shared NPIs); the outputs come back
 * in the rows' order.
 */
export async function screenChunkRows(ctx: { config: PoolConfig }, index: SearchIndex, rows: readonly RowInput[], sliceOf: (rows: RowInput[]) => ChunkSliceInput): Promise<ChunkSliceOutput[]> {
  const workers = ctx.config.batchScreenWorkers;
  if (workers === 0 || rows.length < POOL_MIN_ROWS) return [await screenChunkSlice(index, sliceOf([...rows]))];
  const size = Math.ceil(rows.length / workers);
  const slices: ChunkSliceInput[] = [];
  for (let i = 0; i < rows.length; i += size) slices.push(sliceOf(rows.slice(i, i + size)));
  return (await pooled(index, ctx.config)).runTask<ChunkSliceInput, ChunkSliceOutput>(CHUNK_TASK, slices, index.version);
}

/** A search's screener (ADR 057): as screenerFor, answering light hits (their view read back from `index`). */
export function lightScreenerFor(ctx: { config: PoolConfig }, index: SearchIndex, rows: number): LightScreener {
  const workers = ctx.config.batchScreenWorkers;
  if (workers === 0 || rows < POOL_MIN_ROWS) return async (queries, options) => screenMany(index, queries, options).map(toLightResult);
  return async (queries, options) => (await pooled(index, ctx.config)).screenLight(queries, options, index.version);
}

/** The list version id of each source in an index version ("leie:12,sam:4"). */
export function versionIdsOf(indexVersion: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of indexVersion.split(',')) {
    const [source, id] = part.split(':');
    if (source && id && Number.isInteger(Number(id))) out.set(source, Number(id));
  }
  return out;
}
