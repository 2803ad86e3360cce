/**
 * The checks for list updates on the job queue (ADR 049): one job per run requested from the
 * Lists page or the first start, and the schedule's daily check of every source (runs too, so
 * the page shows them and a source is never checked twice at once).
 */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { LIST_SOURCES } from '#lists/sources';
import { sweepMonitoringJob } from '../monitoring/public';
import { executeRun, requestChecks } from './check-runs';
import { reportFirstStartRun } from './first-start';

export const checkListRunJob = defineJob({
  name: 'lists.check-run',
  payloadSchema: z.object({ runId: z.number().int() }),
  retryLimit: 1,
  handler: async (ctx, payload) => {
    const run = await executeRun(ctx, payload.runId);
    // A first start's checks say on the console how each ended, then how many lists loaded.
    if (run) await reportFirstStartRun(ctx, run);
  },
});

export const checkListUpdatesJob = defineJob({
  name: 'lists.check-updates',
  payloadSchema: z.object({ sources: z.array(z.string()).optional() }),
  schedule: (ctx) => ctx.config.listUpdateSchedule,
  retryLimit: 1,
  handler: async (ctx, payload) => {
    const sources = payload.sources ?? LIST_SOURCES.map((s) => s.id);
    // Sources already being checked (a click on the Lists page) are joined, not checked again.
    const opened = await requestChecks(ctx, sources, 'schedule', null, async () => {});
    let isImported = false;
    for (const { run, isJoined } of opened) {
      if (isJoined) continue;
      const done = await executeRun(ctx, run.id, { sweepMonitoring: false });
      isImported ||= done?.outcome === 'imported';
    }
    // Monitored rosters are screened against what changed (ADR 046), once for the whole check.
    if (isImported) await ctx.jobs?.send(sweepMonitoringJob, {});
  },
});
