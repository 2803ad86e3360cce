/** The daily billing job on the job queue (BILLING_SCHEDULE, 07:00 UTC by default). */
import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { runBillingDay } from './run';

export const billingDayJob = defineJob({
  name: 'billing.day',
  payloadSchema: z.object({}).passthrough(),
  schedule: (ctx) => ctx.config.billingSchedule,
  // Each run repeats what is missing; a failed run is simply taken up by the next.
  retryLimit: 2,
  handler: async (ctx) => {
    await runBillingDay(ctx);
  },
});
