/** What Batch Queue Management shows (ADR 038): the queue in order with figures, failures, workers. */
import type { QueueOverview, QueuedBatch } from '#shared/queue';
import type { AppContext } from '../app-context';
import { waitingJobsByBatch } from '../jobs/boss-jobs';
import { ALIVE_MS } from '../jobs/heartbeat';
import { readPause } from '../jobs/pause';
import { BATCH_JOB_NAMES } from './jobs';
import { doneChunkFigures, failedChunks, openBatches, recentThroughput, recentWorkers } from './queue-queries';

/** Throughput is measured over this window, all workers together. */
const THROUGHPUT_WINDOW_MS = 10 * 60_000;
/** Workers silent longer than this are left off the page. */
const SHOWN_WORKERS_MS = 10 * 60_000;

const perSecond = (rows: number, ms: number): number | null => (rows > 0 && ms > 0 ? Math.round((rows / ms) * 1000 * 10) / 10 : null);

export async function queueOverview(ctx: AppContext): Promise<QueueOverview> {
  const now = ctx.now();
  const pause = await readPause(ctx.db);
  const open = await openBatches(ctx.db);
  const figures = new Map((await doneChunkFigures(ctx.db, open.map((b) => b.id))).map((f) => [f.batchId, f]));
  const waiting = ctx.jobs ? await waitingJobsByBatch(ctx.db, BATCH_JOB_NAMES) : new Map<number, number>();

  const windowStart = new Date(now.getTime() - THROUGHPUT_WINDOW_MS);
  const recent = await recentThroughput(ctx.db, windowStart);
  const measuredFrom = recent.firstStart && recent.firstStart > windowStart ? recent.firstStart : windowStart;
  // Over the span the workers were writing (first start to last write), so an idle or paused
  // stretch since then does not pass for slowness.
  const rowsPerSecond = recent.lastDone ? perSecond(recent.rows, recent.lastDone.getTime() - measuredFrom.getTime()) : null;

  let rowsAhead = 0;
  const rows: QueuedBatch[] = open.map((b, i) => {
    const f = figures.get(b.id);
    const from = b.startedAt ?? f?.firstStart ?? null;
    const remaining = b.status === 'Batch Kill Requested' ? 0 : Math.max(0, b.rows - b.rowsDone);
    rowsAhead += remaining;
    const finishMs = !pause.isPaused && rowsPerSecond ? now.getTime() + (rowsAhead / rowsPerSecond) * 1000 : null;
    return {
      id: b.id,
      clientName: b.clientName,
      fileName: b.fileName,
      submitter: `${b.firstName} ${b.lastName}`.trim() || b.username,
      status: b.status ?? '',
      rows: b.rows,
      rowsDone: b.rowsDone,
      rowsPerSecond: f && from && f.lastDone ? perSecond(f.rows, f.lastDone.getTime() - from.getTime()) : null,
      position: i + 1,
      submittedAt: b.submittedAt?.toISOString() ?? null,
      estimatedFinish: remaining > 0 && finishMs !== null ? new Date(finishMs).toISOString() : null,
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
