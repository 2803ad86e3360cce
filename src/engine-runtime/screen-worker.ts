/**
 * Worker thread body: revive each part of the index once (ADR 068), then screen the chunks it is
 * sent against the index version each names.
 */
import { parentPort, resourceLimits, workerData } from 'node:worker_threads';
import { PartedIndex } from '../engine/index-parts';
import { fromTransferable } from '../engine/index-transfer';
import type { MatchIndex } from '../engine/match-index';
import { attachLexicon, lexiconWork } from '../engine/parts-lexicon';
import type { ScreenQuery } from '../engine/query-types';
import { toLightResult } from './light-hits';
import { screenMany } from '../engine/screen';
import type { ScreenOptions } from '../engine/settings';
import type { UseIndexMessage } from './worker-pool';
import { profileThreadInSlices } from './thread-profile';
import { lowerThisThreadPriority } from './thread-priority';

export interface ChunkRequest {
  id: number;
  queries: ScreenQuery[];
  options: ScreenOptions;
  /** Answer light hits (a search's answer needs no more, ADR 057). */
  light?: boolean;
  /** The index version to screen against (one the pool told this worker to use). */
  version: string;
}

/** A task a module runs on this worker against an index it holds (`ScreeningPool.runTask`, ADR 084). */
export interface TaskRequest {
  id: number;
  /** The URL of the module exporting `runTask(index, payload)`. */
  task: string;
  payload: unknown;
  version: string;
}

type TaskModule = { runTask(index: PartedIndex, payload: unknown): unknown };
const taskModules = new Map<string, Promise<TaskModule>>();

async function runTask(req: TaskRequest): Promise<void> {
  try {
    const held = indexes.get(req.version);
    if (!held) throw new Error(`this worker does not hold index ${req.version}`);
    let loading = taskModules.get(req.task);
    if (!loading) taskModules.set(req.task, (loading = import(req.task) as Promise<TaskModule>));
    const results = await (await loading).runTask(held.index, req.payload);
    parentPort!.postMessage({ id: req.id, results });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
}

const parts = new Map<number, MatchIndex>();
const indexes = new Map<string, { index: PartedIndex; ids: number[] }>();

function use({ use: m }: UseIndexMessage): void {
  for (const p of m.parts) if (p.index && !parts.has(p.id)) parts.set(p.id, fromTransferable(p.index));
  const ids = m.parts.map((p) => p.id);
  const index = new PartedIndex(m.version, m.parts.map((p) => ({ name: p.name, index: parts.get(p.id)! })));
  // The dictionary made at the swap (ADR 077): this worker's first search on the index makes none.
  if (m.lexicon) attachLexicon(index, m.lexicon);
  indexes.set(m.version, { index, ids });
  for (const version of [...indexes.keys()]) if (!m.keep.includes(version)) indexes.delete(version);
  const used = new Set([...indexes.values()].flatMap((i) => i.ids));
  for (const id of [...parts.keys()]) if (!used.has(id)) parts.delete(id);
}

profileThreadInSlices();
// Below the thread that started the pool, which answers requests and writes (ADR 088).
const niceSet = lowerThisThreadPriority((workerData as { nice?: number }).nice ?? 0);
use(workerData as UseIndexMessage);
parentPort!.on('message', (req: ChunkRequest | UseIndexMessage | TaskRequest | { id: number; lexiconsMade: true }) => {
  if ('use' in req) return use(req);
  if ('task' in req) return void runTask(req);
  if ('lexiconsMade' in req) return parentPort!.postMessage({ id: req.id, results: [lexiconWork.built] });
  try {
    const held = indexes.get(req.version);
    if (!held) throw new Error(`this worker does not hold index ${req.version}`);
    const results = screenMany(held.index, req.queries, req.options);
    parentPort!.postMessage({ id: req.id, results: req.light ? results.map(toLightResult) : results });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
});
// The young generation the pool gave this thread (ADR 097), as V8 was told it.
parentPort!.postMessage({ ready: true, nice: niceSet, youngMb: resourceLimits.maxYoungGenerationSizeMb ?? null });
