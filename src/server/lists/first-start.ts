/**
 * The first start (ADR 049): no real list was ever loaded (nothing at all, or only the synthetic
 * samples) and no check ran yet, so every downloadable source is fetched from its publisher at
 * once instead of at the next scheduled check. Each check logs a line as it finishes, the last
 * one a summary; without network they fail on the network and the Lists page says the server
 * seems offline.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { listChecks, listRuns, listVersions } from '../db/schema';
import { downloadableSources } from './admin';
import { requestChecks } from './check-runs';
import { describeListError } from './error-words';
import type { ListRunRow } from './run-queries';

/** Queues a check of every downloadable source on a first start; answers the sources queued. */
export async function checkOnFirstStart(ctx: AppContext): Promise<string[]> {
  const jobs = ctx.jobs;
  // With the schedule off (tests, operators who want no downloads) nothing is fetched by itself.
  if (!jobs || !ctx.config.listUpdateSchedule) return [];
  if (await hasRealList(ctx)) return [];
  const [{ checks }] = await ctx.db.select({ checks: count() }).from(listChecks);
  const [{ runs }] = await ctx.db.select({ runs: count() }).from(listRuns);
  if (Number(checks) > 0 || Number(runs) > 0) return [];
  const sources = downloadableSources(ctx);
  // Imported here, not at the top: jobs.ts imports this module for the progress lines.
  const { checkListRunJob } = await import('./jobs');
  await requestChecks(ctx, sources, 'first-start', null, (runId) => jobs.send(checkListRunJob, { runId }));
  return sources;
}

/** A list downloaded or uploaded was ever loaded (samples and roll-backs do not count). */
async function hasRealList(ctx: AppContext): Promise<boolean> {
  const [{ real }] = await ctx.db
    .select({ real: count() })
    .from(listVersions)
    .where(and(inArray(listVersions.origin, ['update', 'import']), inArray(listVersions.status, ['active', 'superseded'])));
  return Number(real) > 0;
}

// The summary is logged once per process, by the check that finishes last.
const summarised = new WeakSet<AppContext>();

/** Logs how a first-start check ended and, after the last one, the summary (the console shows the first fetch). */
export async function reportFirstStartRun(ctx: AppContext, run: ListRunRow): Promise<void> {
  if (run.trigger !== 'first-start' || run.status !== 'done') return;
  ctx.log.info(await describeFirstStartRun(ctx, run));
  const runs = await ctx.db.select().from(listRuns).where(eq(listRuns.trigger, 'first-start')).orderBy(listRuns.id);
  if (runs.some((r) => r.status !== 'done') || summarised.has(ctx)) return;
  summarised.add(ctx);
  ctx.log.info(firstFetchSummary(runs));
}

/** "Fetched leie: 81,234 records (version 3)" or "Could not fetch state-tx: <words>". */
export async function describeFirstStartRun(ctx: AppContext, run: ListRunRow): Promise<string> {
  if (run.outcome === 'failed' || run.outcome === 'not-configured') return `Could not fetch ${run.source}: ${describeListError(run.error ?? 'unknown error')}`;
  const [version] = run.versionId === null ? [] : await ctx.db.select({ records: listVersions.records }).from(listVersions).where(eq(listVersions.id, run.versionId));
  const records = version ? `${version.records.toLocaleString('en-US')} records` : 'no new records';
  if (run.outcome === 'held') return `Fetched ${run.source}: ${records} (version ${run.versionId}), held for approval on Settings → Lists`;
  return `Fetched ${run.source}: ${records}${run.versionId === null ? '' : ` (version ${run.versionId})`}`;
}

/** "First fetch: 22 of 28 lists loaded; 6 failed: … — see Settings → Lists". */
export function firstFetchSummary(runs: Pick<ListRunRow, 'source' | 'outcome'>[]): string {
  const failed = runs.filter((r) => r.outcome === 'failed' || r.outcome === 'not-configured').map((r) => r.source);
  const loaded = runs.length - failed.length;
  const tail = failed.length ? `; ${failed.length} failed: ${failed.join(', ')} — see Settings → Lists` : ' — see Settings → Lists';
  return `First fetch: ${loaded} of ${runs.length} lists loaded${tail}`;
}
