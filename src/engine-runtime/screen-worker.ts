/** Worker thread body: revive the shared index once, then screen the chunks it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { fromTransferable, type TransferableIndex } from '../engine/index-transfer';
import type { ScreenQuery } from '../engine/query-types';
import { toLightResult } from './light-hits';
import { screenMany } from '../engine/screen';
import type { ScreenOptions } from '../engine/settings';

export interface ChunkRequest {
  id: number;
  queries: ScreenQuery[];
  options: ScreenOptions;
  /** Answer light hits (a search's answer needs no more, ADR 057). */
  light?: boolean;
}

const index = fromTransferable(workerData as TransferableIndex);
parentPort!.on('message', (req: ChunkRequest) => {
  try {
    const results = screenMany(index, req.queries, req.options);
    parentPort!.postMessage({ id: req.id, results: req.light ? results.map(toLightResult) : results });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort!.postMessage({ ready: true });
