/**
 * Versions held for an operator's approval (ADR 109): a download that differs too much from the
 * active version is stored but not activated; a system administrator approves it (it becomes
 * active, as its import would have made it) or rejects it (its records are dropped and the same
 * files are not held again). Both are audited.
 */
import { findListSource } from '#lists/sources';
import type { HeldDecisionResult, HeldVersion } from '#shared/lists-admin';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { AppError, notFound } from '../http/errors';
import { sweepMonitoringJob } from '../monitoring/public';
import * as q from './queries';
import type { Actor } from './rollback';

const count = (n: number) => n.toLocaleString('en-US');

/** A held version as the Lists page shows it. */
export function toHeldVersion(v: q.ListVersionRow): HeldVersion {
  return {
    id: v.id,
    fetchedAt: v.fetchedAt.toISOString(),
    fileNames: v.fileNames,
    mode: v.mode,
    records: v.records,
    asOf: v.asOf,
    added: v.added,
    removed: v.removed,
    changed: v.changed,
    reinstated: v.reinstated,
    comparison: v.comparison!,
  };
}

/** The held version `versionId`, still held; else a 404 or a 409 in words. */
async function stillHeld(ctx: AppContext, versionId: number): Promise<q.ListVersionRow> {
  const version = await q.findVersion(ctx.db, versionId);
  if (!version || !findListSource(version.source)) throw notFound('The list version');
  if (version.status !== 'held') throw new AppError('CONFLICT', `Version ${version.id} is no longer waiting for approval (it is ${version.status}); reload the page.`);
  return version;
}

/** Activates a held version in place of the active one it was compared with. */
export async function approveHeld(ctx: AppContext, versionId: number, actor: Actor): Promise<HeldDecisionResult> {
  const held = await stillHeld(ctx, versionId);
  const comparison = held.comparison!;
  const active = await q.findActiveVersion(ctx.db, held.source);
  // Any later version replaces a held one, so this holds; refused rather than activating a diff made against another version.
  if (active && active.id !== comparison.against) throw new AppError('CONFLICT', `Version ${held.id} was compared with version ${comparison.against}, which is no longer in use; check the list again.`);
  const now = ctx.now();
  const isActivated = await q.activateHeldVersion(ctx.db, held, { decidedBy: actor.username, decidedAt: now }, now);
  if (!isActivated) throw new AppError('CONFLICT', `Version ${held.id} is no longer waiting for approval; reload the page.`);
  await q.pruneOldRecords(ctx.db, held.source);
  await recordAudit(ctx.db, {
    action: 'list.held_approved',
    actorUserId: actor.userId,
    actorUsername: actor.username,
    ip: actor.ip,
    target: held.source,
    details: { version: held.id, replaced: active?.id ?? null, records: held.records, reasons: comparison.reasons.map((r) => r.words) },
  });
  await ctx.screening?.refreshIfChanged();
  await ctx.jobs?.send(sweepMonitoringJob, {});
  return {
    message: `${held.source}: version ${held.id} is active (${count(held.records)} records) in place of version ${active?.id ?? '—'}.`,
    version: held.id,
    status: 'active',
  };
}

/** Rejects a held version: its records are dropped, the active version stays, the same files are not held again. */
export async function rejectHeld(ctx: AppContext, versionId: number, actor: Actor, reason: string | undefined): Promise<HeldDecisionResult> {
  const held = await stillHeld(ctx, versionId);
  const now = ctx.now();
  const why = reason?.trim() ? `: ${reason.trim()}` : '';
  const isRejected = await q.dropVersion(ctx.db, held.id, { status: 'rejected', decidedBy: actor.username, decidedAt: now, error: `rejected by ${actor.username}${why}` }, 'held');
  if (!isRejected) throw new AppError('CONFLICT', `Version ${held.id} is no longer waiting for approval; reload the page.`);
  await recordAudit(ctx.db, {
    action: 'list.held_rejected',
    actorUserId: actor.userId,
    actorUsername: actor.username,
    ip: actor.ip,
    target: held.source,
    details: { version: held.id, reason: reason?.trim() || null, reasons: (held.comparison?.reasons ?? []).map((r) => r.words) },
  });
  const active = await q.findActiveVersion(ctx.db, held.source);
  return {
    message: `${held.source}: version ${held.id} is rejected; ${active ? `version ${active.id} stays in use` : 'no version is in use'}. The same files will not be held again.`,
    version: held.id,
    status: 'rejected',
  };
}
