/** What Batch Queue Management shows (ADR 038): the queue in order with figures, failures, workers. */
import type { QueueOverview, QueuedBatch } from '#shared/queue';
import type { AppContext } from '../app-context';
import { waitingJobsByBatch } from '../jobs/boss-jobs';
import { ALIVE_MS } from '../jobs/heartbeat';
import { BATCH_JOB_NAMES } from './jobs';
import { perSecond, queuePlaces } from './queue-places';
import { doneChunkFigures, failedChunks, recentWorkers } from './queue-queries';

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
  };
}
