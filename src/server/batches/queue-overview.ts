/** What Batch Queue Management shows (ADR 038): the queue in order with figures, failures, workers. */
import { QUEUE_ACTIONS_SHOWN, QueueActionEntrySchema, type QueueActionEntry, type QueueOverview, type QueuedBatch } from '#shared/queue';
import type { AppContext } from '../app-context';
import { waitingJobsByBatch } from '../jobs/boss-jobs';
import { ALIVE_MS } from '../jobs/heartbeat';
import { BATCH_JOB_NAMES } from './jobs';
import { perSecond, queuePlaces } from './queue-places';
import { doneChunkFigures, failedChunks, recentQueueActions, recentWorkers } from './queue-queries';

const ACTIONS = QueueActionEntrySchema.shape.action.options;

/** What an audited queue action changed, in words (ADR 044). */
export function actionDetail(action: QueueActionEntry['action'], details: Record<string, unknown>): string {
  const rows = (n: unknown) => `${Number(n ?? 0).toLocaleString('en-US')} row${n === 1 ? '' : 's'} screened`;
  switch (action) {
    case 'queue.paused':
      return 'Queue paused for every client';
    case 'queue.resumed':
      return 'Queue running again';
    case 'queue.batch.moved':
      return details.to === 'front' ? 'Moved to the front' : 'Moved to the back';
    case 'queue.batch.cancelled':
      return `Cancelled (was ${String(details.from ?? 'queued')}, ${rows(details.rowsDone)})`;
    case 'queue.batch.retried': {
      const chunks = Array.isArray(details.chunks) ? details.chunks.length : 0;
      return `Failed chunks queued again (${chunks} chunk${chunks === 1 ? '' : 's'})`;
    }
  }
}

/** Workers silent longer than this are left off the page. */
const SHOWN_WORKERS_MS = 10 * 60_000;

export async function queueOverview(ctx: AppContext): Promise<QueueOverview> {
  const now = ctx.now();
  const { pause, rowsPerSecond, open, places } = await queuePlaces(ctx);
  const figures = new Map((await doneChunkFigures(ctx.db, open.map((b) => b.id))).map((f) => [f.batchId, f]));
  const waiting = ctx.jobs ? await waitingJobsByBatch(ctx.db, BATCH_JOB_NAMES) : new Map<number, number>();

  const rows: QueuedBatch[] = open.map((b) => {
    const f = figures.get(b.id);
    const from = b.startedAt ?? f?.firstStart ?? null;
    const place = places.get(b.id)!;
    return {
      id: b.id,
      clientName: b.clientName,
      fileName: b.fileName,
      submitter: `${b.firstName} ${b.lastName}`.trim() || b.username,
      status: b.status ?? '',
      rows: b.rows,
      rowsDone: b.rowsDone,
      rowsPerSecond: f && from && f.lastDone ? perSecond(f.rows, f.lastDone.getTime() - from.getTime()) : null,
      position: place.position,
      submittedAt: b.submittedAt?.toISOString() ?? null,
      estimatedFinish: place.estimatedFinish?.toISOString() ?? null,
      waitingJobs: waiting.get(b.id) ?? 0,
    };
  });

  const workers = await recentWorkers(ctx.db, new Date(now.getTime() - SHOWN_WORKERS_MS));
  const actions = await recentQueueActions(ctx.db, ACTIONS, QUEUE_ACTIONS_SHOWN);
  return {
    now: now.toISOString(),
    pause,
    rowsPerSecond,
    batches: rows,
    failedChunks: await failedChunks(ctx.db),
    workers: workers.map((w) => ({
      id: w.id,
      kind: w.kind,
      host: w.host,
      pid: w.pid,
      startedAt: w.startedAt.toISOString(),
      beatAt: w.beatAt.toISOString(),
      isAlive: now.getTime() - w.beatAt.getTime() <= ALIVE_MS,
      running: w.running as QueueOverview['workers'][number]['running'],
    })),
    recentActions: actions.map((a) => {
      const action = a.action as QueueActionEntry['action'];
      return {
        id: a.id,
        at: a.at.toISOString(),
        actorUsername: a.actorUsername,
        action,
        batchId: a.batchId,
        fileName: a.fileName,
        clientName: a.clientName,
        detail: actionDetail(action, a.details as Record<string, unknown>),
      };
    }),
  };
}
