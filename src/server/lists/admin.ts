/** Rules of the Lists page (ADR 049): check now, versions of a source; system administrators only (src/shared/access.ts). */
import { desc, eq } from 'drizzle-orm';
import { findListSource, LIST_SOURCES } from '#lists/sources';
import type { CheckListsResult, ListVersion } from '#shared/lists-admin';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { listVersions } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { requestChecks } from './check-runs';
import { checkListRunJob } from './jobs';
import type { Actor } from './rollback';
import { toListRun } from './run-queries';
import { planDownloads } from './update-sources';

/** Sources "Check all" checks: every one a server can fetch (all but the upload-only ones). */
export function downloadableSources(ctx: AppContext): string[] {
  return LIST_SOURCES.map((s) => s.id).filter((id) => planDownloads(id, ctx.config).kind !== 'not-configured');
}

/** Queues a check of the given sources (all downloadable ones when none); a source already being checked is joined. */
export async function checkNow(ctx: AppContext, actor: Actor, sources: string[] | undefined): Promise<CheckListsResult> {
  const ids = sources?.length ? [...new Set(sources)] : downloadableSources(ctx);
  const unknown = ids.filter((id) => !findListSource(id));
  if (unknown.length) throw new AppError('BAD_REQUEST', `Unknown list: ${unknown.join(', ')}.`);
  if (ids.length === 0) throw new AppError('BAD_REQUEST', 'No list has a download configured: set LIST_URLS, or upload the files.');
  const jobs = ctx.jobs;
  if (!jobs) throw new AppError('CONFLICT', 'The job queue is not running in this process; try again in a moment.');
  const opened = await requestChecks(ctx, ids, 'manual', actor.username, (runId) => jobs.send(checkListRunJob, { runId }));
  const joined = opened.filter((o) => o.isJoined).map((o) => o.run.source);
  await recordAudit(ctx.db, {
    action: 'list.check_requested',
    actorUserId: actor.userId,
    actorUsername: actor.username,
    ip: actor.ip,
    target: ids.length === 1 ? ids[0] : 'all',
    details: { sources: ids, joined },
  });
  const started = opened.length - joined.length;
  const message =
    opened.length === 1
      ? joined.length
        ? `${ids[0]} is already being checked; you are following that check.`
        : `Checking ${ids[0]} now.`
      : `Checking ${started} list${started === 1 ? '' : 's'} now${joined.length ? `; ${joined.length} already being checked` : ''}.`;
  return { message, runs: opened.map((o) => ({ ...toListRun(o.run), isJoined: o.isJoined })) };
}

export async function listVersionsOf(ctx: AppContext, source: string): Promise<{ source: string; title: string; versions: ListVersion[] }> {
  const found = findListSource(source);
  if (!found) throw notFound('The list');
  const rows = await ctx.db.select().from(listVersions).where(eq(listVersions.source, source)).orderBy(desc(listVersions.id)).limit(100);
  return {
    source,
    title: found.title,
    versions: rows.map((v) => ({
      id: v.id,
      status: v.status,
      mode: v.mode,
      origin: v.origin,
      fileNames: v.fileNames,
      asOf: v.asOf,
      records: v.records,
      added: v.added,
      removed: v.removed,
      changed: v.changed,
      reinstated: v.reinstated,
      rowsRejected: v.rowsRejected,
      error: v.error,
      importedBy: v.importedBy,
      restoredFrom: v.restoredFrom,
      comparison: v.comparison ?? null,
      decidedBy: v.decidedBy,
      createdAt: v.createdAt.toISOString(),
      activatedAt: v.activatedAt?.toISOString() ?? null,
    })),
  };
}
