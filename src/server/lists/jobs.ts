/** The scheduled check for list updates: daily by default, once however many processes run. */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { LIST_SOURCES } from '#lists/sources';
import { sweepMonitoringJob } from '../monitoring/jobs';
import { updateLists } from './update';

export const checkListUpdatesJob = defineJob({
  name: 'lists.check-updates',
  payloadSchema: z.object({ sources: z.array(z.string()).optional() }),
  schedule: (ctx) => ctx.config.listUpdateSchedule,
  retryLimit: 1,
  handler: async (ctx, payload) => {
    const sources = payload.sources ?? LIST_SOURCES.map((s) => s.id);
    const results = await updateLists(ctx.db, ctx.config, sources, { now: ctx.now() });
    for (const result of results) {
      if (result.outcome === 'failed') ctx.log.error({ source: result.source, reason: result.error ?? 'unknown error' }, 'list update failed');
    }
    // New list versions reach screening once the index is rebuilt (in this process; a server
    // whose jobs run elsewhere notices through its periodic check).
    if (results.some((r) => r.outcome === 'imported')) {
      await ctx.screening?.refreshIfChanged();
      // Monitored rosters are screened against what changed (ADR 046).
      await ctx.jobs?.send(sweepMonitoringJob, {});
    }
  },
});
