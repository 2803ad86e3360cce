/**
 * What a customer is told about a batch still in the queue (ADR 044): paused by the operator,
 * queued behind other batches (position, estimated start), or running. Read only when the
 * answer holds such a batch, so a dashboard of finished batches costs nothing more.
 */
import type { BatchQueueState } from '#shared/batches';
import { IN_PROGRESS_STATUSES, type BatchStatus } from '#shared/batch-status';
import type { AppContext } from '../app-context';
import { queuePlaces, type QueuePlace } from './queue-places';

const secondsUntil = (at: Date | null, now: Date) => (at ? Math.max(0, Math.round((at.getTime() - now.getTime()) / 1000)) : null);

/** The customer's view of one place in the queue (pure). */
export function queueStateOf(place: QueuePlace, isPaused: boolean, now: Date): BatchQueueState {
  const state = isPaused ? 'paused' : place.isActive || place.batchesAhead === 0 ? 'running' : 'queued';
  return {
    state,
    position: place.position,
    batchesAhead: place.batchesAhead,
    startsInSeconds: state === 'queued' ? secondsUntil(place.estimatedStart, now) : null,
    finishesInSeconds: secondsUntil(place.estimatedFinish, now),
  };
}

/** Queue states of the given batches that are queued or running (others are left out). */
export async function queueStatesOf(ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>, batches: readonly { id: number; status: BatchStatus }[]): Promise<Map<number, BatchQueueState>> {
  const states = new Map<number, BatchQueueState>();
  if (!batches.some((b) => IN_PROGRESS_STATUSES.includes(b.status))) return states;
  const now = ctx.now();
  const { pause, places } = await queuePlaces(ctx);
  for (const b of batches) {
    const place = places.get(b.id);
    if (place && IN_PROGRESS_STATUSES.includes(b.status)) states.set(b.id, queueStateOf(place, pause.isPaused, now));
  }
  return states;
}
