/**
 * The screener batch chunks use: the engine on this thread for small chunks, else a pool of
 * worker threads sharing the index (kept while chunks keep coming, closed when idle).
 */
import type { MatchIndex } from '#engine/match-index';
import { screenMany } from '#engine/screen';
import type { ScreenQuery } from '#engine/query-types';
import type { ScreenOptions } from '#engine/settings';
import { toLightResult, type LightScreenResult } from '../../engine-runtime/light-hits';
import { ScreeningPool } from '../../engine-runtime/worker-pool';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { createIndexStore, type IndexStore } from './index-store';
import { findKeyedVersions, KeyedLookup, screeningVersionOf } from './keyed';
import type { Screener } from './row-screening';

export type LightScreener = (queries: ScreenQuery[], options: ScreenOptions) => Promise<LightScreenResult[]>;

/** Below this many rows, starting workers costs more than it saves. */
export const POOL_MIN_ROWS = 500;
const IDLE_CLOSE_MS = 60_000;

let pool: { version: string; pool: Promise<ScreeningPool>; timer: NodeJS.Timeout | null } | null = null;

type StoreContext = { db: Db; screening?: IndexStore | null; config: { indexDir?: string | null }; log?: Pick<AppContext['log'], 'info'> };

/**
 * Opens a process's index store and its first index: loaded from its file in the index folder
 * when another process (or an earlier start) wrote it, else built and written (ADR 062); at each
 * swap the worker threads still holding the old index are ended, so it is freed.
 */
export function openIndexStore(ctx: StoreContext): Promise<IndexStore> {
  const log = ctx.log;
  return createIndexStore(ctx.db, { dir: ctx.config.indexDir ?? null, log: log ? (line) => log.info(line) : undefined, onSwap: (index) => void releaseStalePool(index.version).catch(() => undefined) });
}

/** The index of the active lists; the store is opened here when the process has none yet (workers). */
export async function currentIndex(ctx: StoreContext): Promise<MatchIndex> {
  ctx.screening ??= await openIndexStore(ctx);
  return ctx.screening.getIndex();
}

/**
 * What a chunk or a search screens against (ADR 060): the match index, the NPPES and DMF
 * versions active now (read once, so every lookup of the chunk uses the same) with the lookup
 * that reads their records by key, and the version string of the whole ("dmf:3,leie:1,nppes:7").
 */
export interface Screening {
  index: MatchIndex;
  keyed: KeyedLookup;
  version: string;
}

export async function currentScreening(ctx: AppContext): Promise<Screening> {
  const index = await currentIndex(ctx);
  const versions = await findKeyedVersions(ctx.db);
  return { index, keyed: new KeyedLookup(ctx.db, versions), version: screeningVersionOf(index.version, versions) };
}

/**
 * Ends the pool of worker threads when it holds another index than `version` and has nothing
 * running (each worker keeps the old index's token maps, and the old arrays alive); a busy
 * pool finishes its chunks and goes at its idle time-out or at the next chunk's version check.
 */
export async function releaseStalePool(version: string): Promise<boolean> {
  const held = pool;
  if (!held || held.version === version) return false;
  const running = await held.pool;
  if (running.busy || pool !== held) return false;
  await closePool();
  return true;
}

/** Whether worker threads are running (started by a large enough batch chunk or bulk request). */
export function isScreeningPoolRunning(): boolean {
  return pool !== null;
}

/** Ends the worker threads now (a stopping process): kept idle, they would hold it alive for a minute. */
export async function closeScreeningPool(): Promise<void> {
  await closePool();
}

async function closePool(): Promise<void> {
  const held = pool;
  pool = null;
  if (held?.timer) clearTimeout(held.timer);
  if (held) await (await held.pool).close();
}

async function pooled(index: MatchIndex, size: number): Promise<ScreeningPool> {
  if (pool && pool.version !== index.version) await closePool();
  pool ??= { version: index.version, pool: ScreeningPool.create(index, { size }), timer: null };
  const held = pool;
  if (held.timer) clearTimeout(held.timer);
  held.timer = setTimeout(() => void (pool === held ? closePool() : undefined), IDLE_CLOSE_MS);
  held.timer.unref();
  return held.pool;
}

/** Chooses how to screen a chunk of the given size. */
export function screenerFor(ctx: { config: Pick<AppContext['config'], 'batchScreenWorkers'> }, index: MatchIndex, rows: number): Screener {
  const workers = ctx.config.batchScreenWorkers;
  if (workers === 0 || rows < POOL_MIN_ROWS) return async (queries, options) => screenMany(index, queries, options);
  return async (queries, options) => (await pooled(index, workers)).screenBatch(queries, options);
}

/** A search's screener (ADR 057): as screenerFor, answering light hits (their view read back from `index`). */
export function lightScreenerFor(ctx: { config: Pick<AppContext['config'], 'batchScreenWorkers'> }, index: MatchIndex, rows: number): LightScreener {
  const workers = ctx.config.batchScreenWorkers;
  if (workers === 0 || rows < POOL_MIN_ROWS) return async (queries, options) => screenMany(index, queries, options).map(toLightResult);
  return async (queries, options) => (await pooled(index, workers)).screenLight(queries, options);
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
