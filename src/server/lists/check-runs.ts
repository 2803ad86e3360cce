/**
 * Checks of sources for updates as runs (ADR 049): requested from the Lists page, the schedule
 * or the first start; one open run per source (a second request joins it); each run downloads,
 * parses, imports and refreshes the index through `updateLists`, the CLI's own update, and
 * records its stage as it goes; a version held for approval is mailed to the operators.
 */
import type { AppContext } from '../app-context';
import { sweepMonitoringJob } from '../monitoring/public';
import { mailLongFailures } from './failure-mail';
import { mailHeldVersion } from './held-mail';
import { findRun, openRun, updateRun, type ListRunRow } from './run-queries';
import { updateLists, type UpdateProgress } from './update';

export type RunTrigger = 'manual' | 'schedule' | 'first-start';

/** Opens (or joins) one run per source; `enqueue` sends each new run to the job queue. */
export async function requestChecks(
  ctx: AppContext,
  sources: readonly string[],
  trigger: RunTrigger,
  requestedBy: string | null,
  enqueue: (runId: number) => Promise<unknown>,
): Promise<{ run: ListRunRow; isJoined: boolean }[]> {
  const out = [];
  for (const source of sources) {
    const opened = await openRun(ctx.db, source, trigger, requestedBy, ctx.now());
    if (!opened.isJoined) await enqueue(opened.run.id);
    out.push(opened);
  }
  return out;
}

// Progress is written at most this often (a download reports every chunk).
const PROGRESS_EVERY_MS = 400;

/** Runs one check to its end; safe to run again (a run already done is left alone). */
export async function executeRun(ctx: AppContext, runId: number, options: { sweepMonitoring?: boolean } = {}): Promise<ListRunRow | null> {
  const run = await findRun(ctx.db, runId);
  if (!run || run.status === 'done') return run;
  const { db } = ctx;
  await updateRun(db, runId, { status: 'running', stage: 'download', startedAt: ctx.now(), bytes: 0, totalBytes: null, rows: 0 });
  // Writes of progress, in order; each waits for the one before.
  let writes: Promise<void> = Promise.resolve();
  let lastWrite = 0;
  const write = (values: Parameters<typeof updateRun>[2], isForced = false) => {
    const now = Date.now();
    if (!isForced && now - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = now;
    writes = writes.then(() => updateRun(db, runId, values)).catch((error: unknown) => ctx.log.warn({ err: error }, 'list run progress not written'));
  };
  let result;
  let rows = 0;
  try {
    [result] = await updateLists(db, ctx.config, [run.source], {
      now: ctx.now(),
      onProgress: (p: UpdateProgress) => write({ bytes: p.bytes, totalBytes: p.total }, p.total !== null && p.bytes === p.total),
      onStage: (stage) => write({ stage, rows }, true),
      onRows: (read) => {
        rows = read;
        write({ rows });
      },
    });
  } catch (error) {
    await writes;
    const message = error instanceof Error ? error.message : String(error);
    await updateRun(db, runId, { status: 'done', stage: null, outcome: 'failed', error: message, finishedAt: ctx.now() });
    return findRun(db, runId);
  }
  await writes;
  await updateRun(db, runId, { rows });
  if (result.outcome === 'imported') {
    await updateRun(db, runId, { stage: 'index' });
    await ctx.screening?.refreshIfChanged();
    // Monitored rosters are screened against what changed (ADR 046).
    if (options.sweepMonitoring !== false) await ctx.jobs?.send(sweepMonitoringJob, {});
  }
  await updateRun(db, runId, { status: 'done', stage: null, outcome: result.outcome, error: result.error ?? result.hint ?? null, versionId: result.version, finishedAt: ctx.now() });
  // A held version is mailed once, whether held now or held by an earlier check (ADR 109).
  if (result.heldVersion !== undefined) await mailHeldVersion(ctx, result.heldVersion);
  if (result.outcome === 'failed') {
    ctx.log.error({ source: run.source, reason: result.error ?? 'unknown error' }, 'list update failed');
    await mailLongFailures(ctx, run.source);
  }
  return findRun(db, runId);
}
