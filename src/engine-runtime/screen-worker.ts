/** Worker thread body: revive the shared index once, then screen the chunks it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { fromTransferable, type TransferableIndex } from '../engine/index-transfer';
import type { ScreenQuery } from '../engine/query-types';
import { screenMany } from '../engine/screen';
import type { ScreenOptions } from '../engine/settings';

export interface ChunkRequest {
  id: number;
  queries: ScreenQuery[];
  options: ScreenOptions;
}

const index = fromTransferable(workerData as TransferableIndex);
parentPort!.on('message', (req: ChunkRequest) => {
  try {
    parentPort!.postMessage({ id: req.id, results: screenMany(index, req.queries, req.options) });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort!.postMessage({ ready: true });
