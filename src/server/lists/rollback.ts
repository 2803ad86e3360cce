/**
 * Roll back a source to its previous version (ADR 049): the previous version's records become
 * a new version (history stays append-only), activated atomically, diffed against the version
 * it replaces, audited; the index and monitored rosters follow. Nothing is copied (ADR 066):
 * when the active version continued the previous one's chain, the new version undoes its
 * changes; otherwise (the active one began a chain) the new version continues the previous
 * version's chain as it stands.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { ImportResult } from '#shared/lists-admin';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { listVersions } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { sweepMonitoringJob } from '../monitoring/public';
import { findListSource } from '#lists/sources';
import { chainOf } from '../db/list-records';
import { claimImport } from './import-claims';
import { refuseConcurrentChain, replaceHeld } from './import';
import * as q from './queries';

export interface Actor {
  userId: number;
  username: string;
  ip: string;
}

export async function rollBack(ctx: AppContext, source: string, activeVersionId: number, actor: Actor): Promise<ImportResult> {
  const { db } = ctx;
  if (!findListSource(source)) throw notFound('The list');
  const active = await q.findActiveVersion(db, source);
  if (!active || active.id !== activeVersionId) throw new AppError('CONFLICT', 'The active version of this list has changed since the page was loaded; reload and try again.');
  const [previous] = await db
    .select()
    .from(listVersions)
    .where(and(eq(listVersions.source, source), eq(listVersions.status, 'superseded'), lt(listVersions.id, active.id)))
    .orderBy(desc(listVersions.id))
    .limit(1);
  if (!previous || !previous.recordsKept) throw new AppError('CONFLICT', 'There is no earlier version of this list to roll back to.');
  const now = ctx.now();
  const held = await q.findHeldVersion(db, source);
  const version = await q.insertVersion(db, {
    source,
    status: 'importing',
    mode: 'full',
    origin: 'rollback',
    fileNames: previous.fileNames,
    fileSha256: previous.fileSha256,
    fileSizes: previous.fileSizes,
    fetchedAt: now,
    restoredFrom: previous.id,
    importedBy: actor.username,
    recordsFrom: chainOf(previous),
    headers: previous.headers,
  });
  // A held version was compared with the version rolled back: it is replaced (ADR 109).
  if (held) await replaceHeld(db, held, version.id);
  const release = await claimImport(db, version.id);
  try {
    await refuseConcurrentChain(db, version);
    const records = previous.records;
    // Same chain: only the active version's changes differ. Another chain: the whole lists are compared.
    const touched = chainOf(active) === chainOf(previous) ? await q.undoChanges(db, active, version) : null;
    const diff = await q.storeDiff(db, active.id, version.id, [], records, touched);
    await q.activateVersion(db, version, { asOf: previous.asOf, rowsRead: records, rowsLoaded: records, records, ...diff }, now);
    await q.pruneOldRecords(db, source);
    await recordAudit(db, {
      action: 'list.rolled_back',
      actorUserId: actor.userId,
      actorUsername: actor.username,
      ip: actor.ip,
      target: source,
      details: { from: active.id, restored: previous.id, version: version.id, ...diff, records },
    });
    await ctx.screening?.refreshIfChanged();
    await ctx.jobs?.send(sweepMonitoringJob, {});
    return {
      message: `${source}: version ${version.id} restores version ${previous.id} (${records.toLocaleString('en-US')} records) in place of version ${active.id}.`,
      version: version.id,
      mode: 'full',
      asOf: previous.asOf,
      records,
      rowsRead: records,
      rowsRejected: 0,
      ...diff,
      rejected: [],
    };
  } catch (error) {
    await q.markFailed(db, version.id, error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await release();
  }
}
