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
import { createIndexStore } from './index-store';
import type { Screener } from './row-screening';

export type LightScreener = (queries: ScreenQuery[], options: ScreenOptions) => Promise<LightScreenResult[]>;

/** Below this many rows, starting workers costs more than it saves. */
export const POOL_MIN_ROWS = 500;
const IDLE_CLOSE_MS = 60_000;

let pool: { version: string; pool: Promise<ScreeningPool>; timer: NodeJS.Timeout | null } | null = null;

/** The index of the active lists; built here when the process has no index store yet (workers). */
export async function currentIndex(ctx: AppContext): Promise<MatchIndex> {
  ctx.screening ??= await createIndexStore(ctx.db);
  return ctx.screening.getIndex();
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
