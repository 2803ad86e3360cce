/**
 * The first start with only the synthetic samples (ADR 049): check the official sources at
 * once instead of waiting for the schedule. Without network those checks fail on the network,
 * and the Lists page says the server seems offline.
 */
import { count } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { listChecks, listRuns } from '../db/schema';
import { downloadableSources } from './admin';
import { requestChecks } from './check-runs';
import { checkListRunJob } from './jobs';
import { isSamplesOnly } from './overview';

/** Queues a check of every downloadable source when nothing but samples was ever loaded; answers the sources queued. */
export async function checkOnFirstStart(ctx: AppContext): Promise<string[]> {
  const jobs = ctx.jobs;
  // With the schedule off (tests, operators who want no downloads) nothing is fetched by itself.
  if (!jobs || !ctx.config.listUpdateSchedule) return [];
  if (!(await isSamplesOnly(ctx))) return [];
  const [{ checks }] = await ctx.db.select({ checks: count() }).from(listChecks);
  const [{ runs }] = await ctx.db.select({ runs: count() }).from(listRuns);
  if (Number(checks) > 0 || Number(runs) > 0) return [];
  const sources = downloadableSources(ctx);
  await requestChecks(ctx, sources, 'first-start', null, (runId) => jobs.send(checkListRunJob, { runId }));
  return sources;
}
