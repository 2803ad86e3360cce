/** What the Lists page shows of every source (ADR 049): version, origin, checks, errors in words, freshness, the run. */
import { desc, eq, inArray } from 'drizzle-orm';
import cronParser from 'cron-parser';
import { cadenceOf, isStale } from '#shared/list-cadences';
import type { AdminListSource, ListsOverview } from '#shared/lists-admin';
import { LIST_SOURCES } from '#lists/sources';
import { DOCUMENTED_LAYOUT_WORDS } from '#shared/state-lists';
import type { AppContext } from '../app-context';
import { listChecks, listVersions } from '../db/schema';
import { acquisitionOf } from './acquisition';
import { describeListError, isNetworkError } from './error-words';
import { toHeldVersion } from './held';
import { latestRuns, toListRun } from './run-queries';
import { planDownloads } from './update-sources';

/** The next time the schedule checks the lists, or null when it is off. */
export function nextScheduledCheck(schedule: string | null, now: Date): string | null {
  if (!schedule) return null;
  try {
    return cronParser.parseExpression(schedule, { currentDate: now, tz: 'UTC' }).next().toDate().toISOString();
  } catch {
    return null;
  }
}

export async function listsOverview(ctx: AppContext): Promise<ListsOverview> {
  const now = ctx.now();
  const versions = await ctx.db
    .select()
    .from(listVersions)
    .where(inArray(listVersions.status, ['active', 'superseded', 'failed', 'held']))
    .orderBy(desc(listVersions.id));
  const checks = await ctx.db.select().from(listChecks).orderBy(desc(listChecks.id)).limit(2000);
  const runs = await latestRuns(ctx.db);
  const sources: AdminListSource[] = LIST_SOURCES.map((source) => {
    const own = versions.filter((v) => v.source === source.id);
    const active = own.find((v) => v.status === 'active');
    const lastFailure = own.find((v) => v.status === 'failed');
    const sourceChecks = checks.filter((c) => c.source === source.id);
    const lastCheck = sourceChecks[0];
    const held = own.find((v) => v.status === 'held');
    const lastGood = sourceChecks.find((c) => c.outcome !== 'failed');
    // A file held for approval refreshes nothing: the data in use is as old as before (ADR 109).
    const lastRefresh = sourceChecks.find((c) => c.outcome !== 'failed' && c.outcome !== 'held');
    // The current error: the last check's, or a failed import after the active version (an upload).
    const isCheckLatest = lastCheck && (!lastFailure || lastCheck.checkedAt >= lastFailure.fetchedAt);
    const errorText = isCheckLatest ? (lastCheck.outcome === 'failed' ? lastCheck.error : null) : lastFailure && (!active || lastFailure.id > active.id) ? lastFailure.error : null;
    const streakStart = errorText && isCheckLatest ? sourceChecks.filter((c) => c.outcome === 'failed' && (!lastGood || c.id > lastGood.id)).at(-1)?.checkedAt : lastFailure?.fetchedAt;
    // Refreshed: a successful check, or files an operator loaded (a sample or a roll-back brings nothing newer).
    const loadedAt = active && (active.origin === 'update' || active.origin === 'import') ? active.activatedAt : null;
    const refreshed = [lastRefresh?.checkedAt, loadedAt].filter((d): d is Date => d instanceof Date).sort((a, b) => b.getTime() - a.getTime())[0];
    const refreshedAt = active?.origin === 'sample' && !lastRefresh ? null : (refreshed?.toISOString() ?? null);
    const run = runs.get(source.id);
    let downloadHint: string | null = null;
    try {
      const plan = planDownloads(source.id, ctx.config);
      if (plan.kind === 'not-configured') downloadHint = plan.hint;
    } catch {
      downloadHint = null;
    }
    const cadence = cadenceOf(source.id);
    const { method, page, cadence: fetchCadence, reason, licensed, override } = acquisitionOf(source.id, ctx.config);
    return {
      source: source.id,
      title: source.title,
      publisher: source.publisher,
      version: active?.id ?? null,
      origin: active?.origin ?? null,
      asOf: active?.asOf ?? null,
      records: active?.records ?? 0,
      activatedAt: active?.activatedAt?.toISOString() ?? null,
      importedBy: active?.importedBy ?? null,
      restoredFrom: active?.restoredFrom ?? null,
      lastCheck: lastCheck ? { at: lastCheck.checkedAt.toISOString(), outcome: lastCheck.outcome } : null,
      lastError: errorText ? { words: describeListError(errorText), detail: errorText, since: streakStart?.toISOString() ?? null } : null,
      downloadHint,
      acquisition: { method, page, cadence: fetchCadence, reason: reason && capitalise(reason), licensed, override },
      layoutNote: source.layoutFrom === 'documented' ? DOCUMENTED_LAYOUT_WORDS : null,
      cadence: cadence.label,
      staleAfterDays: cadence.staleAfterDays,
      refreshedAt,
      isStale: active !== undefined && isStale(source.id, refreshedAt, now),
      run: run ? toListRun(run) : null,
      hasPrevious: active !== undefined && own.some((v) => v.status === 'superseded' && v.id < active.id),
      held: held?.comparison ? toHeldVersion(held) : null,
    };
  });
  return {
    now: now.toISOString(),
    schedule: ctx.config.listUpdateSchedule,
    nextCheck: nextScheduledCheck(ctx.config.listUpdateSchedule, now),
    isSamplesOnly: await isSamplesOnly(ctx),
    offline: offlineOf(sources),
    sources,
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every active version is a shipped sample (nothing real was ever loaded). */
export async function isSamplesOnly(ctx: AppContext): Promise<boolean> {
  const active = await ctx.db.select({ origin: listVersions.origin }).from(listVersions).where(eq(listVersions.status, 'active'));
  return active.length > 0 && active.every((v) => v.origin === 'sample');
}

/** Offline: every source with a download failed its last check on the network, and none reached its publisher since. */
function offlineOf(sources: AdminListSource[]): ListsOverview['offline'] {
  const downloadable = sources.filter((s) => s.downloadHint === null && s.lastCheck);
  if (downloadable.length === 0) return null;
  const isEveryNetworkFailure = downloadable.every((s) => s.lastCheck?.outcome === 'failed' && s.lastError && isNetworkError(s.lastError.detail));
  if (!isEveryNetworkFailure) return null;
  const latest = downloadable.map((s) => s.lastCheck!.at).sort().at(-1)!;
  return { since: latest, detail: downloadable[0].lastError!.words };
}
