/**
 * Digest jobs (ADR 053): 'monitoring.digest-run' after a run that created alerts, and
 * 'monitoring.digest-daily' every morning for the day before. Both may run twice (a retry, two
 * processes): `alert_digest_sends` lets each e-mail out once.
 */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { sendDailyDigests, sendRunDigests } from './digest';

export const runDigestJob = defineJob({
  name: 'monitoring.digest-run',
  payloadSchema: z.object({ runId: z.number().int().positive() }),
  retryLimit: 5,
  handler: async (ctx, payload) => {
    await sendRunDigests(ctx, payload.runId);
  },
});

/** 07:00 UTC: after the daily list update (06:00 by default) has been screened. */
export const DAILY_DIGEST_SCHEDULE = '0 7 * * *';

/** The UTC day before `now`, as YYYY-MM-DD. */
export const dayBefore = (now: Date): string => new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const dailyDigestJob = defineJob({
  name: 'monitoring.digest-daily',
  payloadSchema: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() }),
  schedule: () => DAILY_DIGEST_SCHEDULE,
  retryLimit: 5,
  handler: async (ctx, payload) => {
    await sendDailyDigests(ctx, payload.day ?? dayBefore(ctx.now()));
  },
});
