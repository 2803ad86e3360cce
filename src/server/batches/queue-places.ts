/**
 * Where each open batch stands in the batch queue (ADR 038, 044): its position in the order the
 * queue takes work, the rows ahead of it, and when it should start and finish at the queue's
 * recent speed. One computation for the operators' page and the customers' notice.
 */
import type { AppContext } from '../app-context';
import { activeJobsByBatch } from '../jobs/boss-jobs';
import { readPause, type PauseState } from '../jobs/pause';
import { BATCH_JOB_NAMES } from './jobs';
import { openBatches, recentThroughput } from './queue-queries';

/** Throughput is measured over this window, all workers together. */
const THROUGHPUT_WINDOW_MS = 10 * 60_000;

export const perSecond = (rows: number, ms: number): number | null => (rows > 0 && ms > 0 ? Math.round((rows / ms) * 1000 * 10) / 10 : null);

export type OpenBatch = Awaited<ReturnType<typeof openBatches>>[number];

export interface QueuePlace {
  position: number;
  batchesAhead: number;
  /** Rows still to screen in the batches ahead of it. */
  rowsAhead: number;
  /** Rows still to screen in it (none once a cancel is asked for). */
  remaining: number;
  /** A chunk of it (or its cut) is being screened right now. */
  isActive: boolean;
  /** Null while paused, or before the queue has any recent speed. */
  estimatedStart: Date | null;
  estimatedFinish: Date | null;
}

export interface QueuePlaces {
  pause: PauseState;
  /** Rows per second of the chunks written recently, all workers together (null: nothing ran). */
  rowsPerSecond: number | null;
  open: OpenBatch[];
  places: Map<number, QueuePlace>;
}

/** Positions and estimates of the open batches, in queue order (pure). */
export function placeBatches(open: readonly OpenBatch[], active: ReadonlySet<number>, rowsPerSecond: number | null, isPaused: boolean, now: Date): Map<number, QueuePlace> {
  const at = (rows: number) => (!isPaused && rowsPerSecond ? new Date(now.getTime() + (rows / rowsPerSecond) * 1000) : null);
  const places = new Map<number, QueuePlace>();
  let rowsAhead = 0;
  for (const [i, b] of open.entries()) {
    const remaining = b.status === 'Batch Kill Requested' ? 0 : Math.max(0, b.rows - b.rowsDone);
    places.set(b.id, {
      position: i + 1,
      batchesAhead: i,
      rowsAhead,
      remaining,
      isActive: active.has(b.id),
      estimatedStart: at(rowsAhead),
      estimatedFinish: remaining > 0 ? at(rowsAhead + remaining) : null,
    });
    rowsAhead += remaining;
  }
  return places;
}

/** Reads the queue (pause, open batches, recent speed, running jobs) and places every open batch. */
export async function queuePlaces(ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>): Promise<QueuePlaces> {
  const now = ctx.now();
  const pause = await readPause(ctx.db);
  const open = await openBatches(ctx.db);
  const windowStart = new Date(now.getTime() - THROUGHPUT_WINDOW_MS);
  const recent = await recentThroughput(ctx.db, windowStart);
  const measuredFrom = recent.firstStart && recent.firstStart > windowStart ? recent.firstStart : windowStart;
  // Over the span the workers were writing (first start to last write), so an idle or paused
  // stretch since then does not pass for slowness.
  const rowsPerSecond = recent.lastDone ? perSecond(recent.rows, recent.lastDone.getTime() - measuredFrom.getTime()) : null;
  const active = ctx.jobs && open.length > 0 ? await activeJobsByBatch(ctx.db, BATCH_JOB_NAMES) : new Set<number>();
  return { pause, rowsPerSecond, open, places: placeBatches(open, active, rowsPerSecond, pause.isPaused, now) };
}
