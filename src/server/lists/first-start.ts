/**
 * The first start with no real list (ADR 049; since ADR 114 `serve` loads no sample, so an
 * empty data folder or the demo's samples alike): check the official sources at
 * once instead of waiting for the schedule. Without network those checks fail on the network,
 * and the Lists page says the server seems offline.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { listChecks, listRuns, listVersions } from '../db/schema';
import { downloadableSources } from './admin';
import { requestChecks } from './check-runs';
import { checkListRunJob } from './jobs';

/** Queues a check of every downloadable source when no real version is active and nothing was ever checked; answers the sources queued. */
export async function checkOnFirstStart(ctx: AppContext): Promise<string[]> {
  const jobs = ctx.jobs;
  // With the schedule off (tests, operators who want no downloads) nothing is fetched by itself.
  if (!jobs || !ctx.config.listUpdateSchedule) return [];
  const [{ real }] = await ctx.db.select({ real: count() }).from(listVersions).where(and(eq(listVersions.status, 'active'), ne(listVersions.origin, 'sample')));
  if (Number(real) > 0) return [];
  const [{ checks }] = await ctx.db.select({ checks: count() }).from(listChecks);
  const [{ runs }] = await ctx.db.select({ runs: count() }).from(listRuns);
  if (Number(checks) > 0 || Number(runs) > 0) return [];
  const sources = downloadableSources(ctx);
  await requestChecks(ctx, sources, 'first-start', null, (runId) => jobs.send(checkListRunJob, { runId }));
  return sources;
}
