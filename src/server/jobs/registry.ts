/** Every background job of the app, in one list. */
import { passwordResetMailJob } from '../auth/jobs';
import { screenBatchJob, screenChunkJob } from '../batches/jobs';
import { billingDayJob } from '../billing/jobs';
import { checkListRunJob, checkListUpdatesJob } from '../lists/jobs';
import { dailyDigestJob, runDigestJob } from '../monitoring/digest-jobs';
import { monitoringRunJob, sweepMonitoringJob } from '../monitoring/jobs';
import type { JobDefinition } from './job';

export const JOBS: readonly JobDefinition<never>[] = [
  checkListUpdatesJob as JobDefinition<never>,
  checkListRunJob as JobDefinition<never>,
  screenBatchJob as JobDefinition<never>,
  screenChunkJob as JobDefinition<never>,
  billingDayJob as JobDefinition<never>,
  passwordResetMailJob as JobDefinition<never>,
  sweepMonitoringJob as JobDefinition<never>,
  monitoringRunJob as JobDefinition<never>,
  runDigestJob as JobDefinition<never>,
  dailyDigestJob as JobDefinition<never>,
];
