/** Monitoring jobs: 'monitoring.sweep' finds the runs owed and queues them, 'monitoring.run' does one. */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { runMembers } from './member-run';
import { runMonitoring } from './run';
import { findRun } from './run-queries';
import { runDigestJob } from './digest-jobs';
import { sweepRuns } from './sweep';

export const monitoringRunJob = defineJob({
  name: 'monitoring.run',
  payloadSchema: z.object({ runId: z.number().int().positive() }),
  retryLimit: 5,
  handler: async (ctx, payload) => {
    const run = await findRun(ctx.db, payload.runId);
    await (run?.kind === 'members' ? runMembers(ctx, payload.runId) : runMonitoring(ctx, payload.runId));
    // "As alerts arrive" e-mails; the digest job sends each once however often it is queued.
    const done = await findRun(ctx.db, payload.runId);
    if (ctx.jobs && done?.status === 'done' && done.alertsCreated > 0) await ctx.jobs.send(runDigestJob, { runId: payload.runId }, { singletonKey: `monitoring-digest-run-${payload.runId}` });
  },
});

/** Every ten minutes as a backstop; list updates and roster creation queue it at once. */
export const MONITORING_SWEEP_SCHEDULE = '*/10 * * * *';

export const sweepMonitoringJob = defineJob({
  name: 'monitoring.sweep',
  payloadSchema: z.object({}),
  schedule: () => MONITORING_SWEEP_SCHEDULE,
  retryLimit: 2,
  handler: async (ctx) => {
    if (!ctx.jobs) throw new Error('the job queue is not running');
    for (const runId of await sweepRuns(ctx.db, ctx.now())) await ctx.jobs.send(monitoringRunJob, { runId }, { singletonKey: `monitoring-run-${runId}` });
  },
});
