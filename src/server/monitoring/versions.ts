/**
 * New versions of a monitored roster (ADR 053): a file uploaded and mapped as a batch's is
 * compared with the members (added, removed, changed field by field) and kept as a pending
 * version the user sees before deciding. Applying it, in one transaction: changed members are
 * updated in place (their row, results and history stay), added people become new rows,
 * removed people are retired (no longer screened; their alerts stay reviewable), and one
 * members run screens the added and changed people. Applying and discarding are audited.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ROSTER_INTAKE_MESSAGES, type RosterDiff, type RosterVersion, type RosterVersionInput } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { findBatch, insertBatchRows, type BatchRow } from '../batches/public';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import { batches, batchRows, rosterVersions, users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { draftUpload, insertMembersRun, queueRun, readMapped } from './intake';
import { listRosterRows } from './roster-queries';
import { diffRoster, type DiffPlan, type RosterMember } from './roster-diff';

type VersionRow = typeof rosterVersions.$inferSelect;
type StoredDiff = RosterDiff & { plan: DiffPlan };

/** The caller's roster and its batch; another client's (or team's) roster answers 404. */
export async function visibleRoster(ctx: AppContext, caller: BatchCaller, rosterId: number): Promise<{ rosterId: number; clientId: number; batch: BatchRow }> {
  const [row] = await listRosterRows(ctx.db, scopeOf(caller), rosterId);
  const batch = row ? await findBatch(ctx.db, row.batch_id) : null;
  if (!row || !batch) throw notFound('The roster');
  return { rosterId: row.id, clientId: batch.clientId, batch };
}

async function members(ctx: AppContext, batchId: number): Promise<RosterMember[]> {
  const rows = await ctx.db
    .select({ rowIndex: batchRows.rowIndex, values: batchRows.values, additional: batchRows.additional, uniqueId: batchRows.uniqueId })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), sql`${batchRows.retiredAt} IS NULL`))
    .orderBy(batchRows.rowIndex);
  return rows.map((r) => ({ rowIndex: r.rowIndex, values: r.values as Record<string, string>, additional: (r.additional ?? {}) as Record<string, string>, uniqueId: r.uniqueId }));
}

async function lastApplied(db: AppContext['db'], rosterId: number): Promise<number | null> {
  const [row] = await db.select({ id: rosterVersions.id }).from(rosterVersions).where(and(eq(rosterVersions.rosterId, rosterId), eq(rosterVersions.status, 'applied'))).orderBy(desc(rosterVersions.id)).limit(1);
  return row?.id ?? null;
}

async function toVersion(ctx: AppContext, v: VersionRow): Promise<RosterVersion> {
  const [by] = await ctx.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, v.createdByUserId));
  const { plan: _plan, ...diff } = v.diff as StoredDiff;
  return {
    versionId: v.id,
    rosterId: v.rosterId,
    fileName: v.fileName,
    status: v.status as RosterVersion['status'],
    createdAt: v.createdAt.toISOString(),
    createdBy: by ? `${by.first} ${by.last}`.trim() : '',
    decidedAt: v.decidedAt ? v.decidedAt.toISOString() : null,
    diff,
  };
}

/** POST …/rosters/:rosterId/versions: compares the file with the members; changes nothing yet. */
export async function compareVersion(ctx: AppContext, caller: BatchCaller, rosterId: number, input: RosterVersionInput): Promise<RosterVersion> {
  const roster = await visibleRoster(ctx, caller, rosterId);
  const draft = await draftUpload(ctx, caller, input.uploadId);
  // The file is read with the roster's searches: the columns they need must be mapped.
  const read = await readMapped(ctx, caller, draft, { ...input.mapping, searchTypes: roster.batch.searchTypes }, { keepFileRow: false });
  const byUniqueId = roster.batch.uniqueIdIndex !== null && read.mapping.columns.uniqueIdIndex !== null;
  const { diff, plan } = diffRoster(await members(ctx, roster.batch.id), read.members, { byUniqueId, skippedRows: read.invalid.size });
  const now = ctx.now();
  const base = await lastApplied(ctx.db, roster.rosterId);
  const row = await ctx.db.transaction(async (tx) => {
    const taken = await tx.update(batches).set({ kind: 'roster-upload' }).where(and(eq(batches.id, draft.id), sql`${batches.status} IS NULL`, eq(batches.kind, 'search'))).returning({ id: batches.id });
    if (!taken.length) throw new AppError('CONFLICT', ROSTER_INTAKE_MESSAGES.notAnUpload);
    const [v] = await tx
      .insert(rosterVersions)
      .values({ rosterId: roster.rosterId, clientId: roster.clientId, uploadBatchId: draft.id, fileName: draft.fileName, diff: { ...diff, plan } satisfies StoredDiff, baseVersionId: base, createdByUserId: caller.userId, createdAt: now })
      .returning();
    await recordAudit(tx as never, { action: 'monitoring.roster-version-compared', actorUserId: caller.userId, clientId: roster.clientId, target: `roster:${roster.rosterId}`, details: { versionId: v.id, fileName: draft.fileName, added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length, unchanged: diff.unchanged } });
    return v;
  });
  return toVersion(ctx, row);
}

async function versionOf(ctx: AppContext, caller: BatchCaller, rosterId: number, versionId: number) {
  const roster = await visibleRoster(ctx, caller, rosterId);
  const [v] = await ctx.db.select().from(rosterVersions).where(and(eq(rosterVersions.id, versionId), eq(rosterVersions.rosterId, roster.rosterId)));
  if (!v) throw notFound('The roster version');
  return { roster, v };
}

export async function getVersion(ctx: AppContext, caller: BatchCaller, rosterId: number, versionId: number): Promise<RosterVersion> {
  return toVersion(ctx, (await versionOf(ctx, caller, rosterId, versionId)).v);
}

/** The roster's versions, newest first (at most 20). */
export async function listVersions(ctx: AppContext, caller: BatchCaller, rosterId: number): Promise<RosterVersion[]> {
  const roster = await visibleRoster(ctx, caller, rosterId);
  const rows = await ctx.db.select().from(rosterVersions).where(eq(rosterVersions.rosterId, roster.rosterId)).orderBy(desc(rosterVersions.id)).limit(20);
  return Promise.all(rows.map((v) => toVersion(ctx, v)));
}

/** POST …/versions/:versionId/apply. */
export async function applyVersion(ctx: AppContext, caller: BatchCaller, rosterId: number, versionId: number): Promise<RosterVersion> {
  const { roster } = await versionOf(ctx, caller, rosterId, versionId);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [v] = await tx.select().from(rosterVersions).where(eq(rosterVersions.id, versionId)).for('update');
    if (v.status !== 'pending') throw new AppError('CONFLICT', ROSTER_INTAKE_MESSAGES.versionDecided);
    // The roster's batch row is the lock of its members: one version is applied at a time.
    const [b] = await tx.select({ recordCount: batches.recordCount }).from(batches).where(eq(batches.id, roster.batch.id)).for('update');
    if ((await lastApplied(tx as never, roster.rosterId)) !== v.baseVersionId) throw new AppError('CONFLICT', ROSTER_INTAKE_MESSAGES.rosterChanged);
    const { plan, ...diff } = v.diff as StoredDiff;
    for (const c of plan.changed) {
      await tx.update(batchRows).set({ values: c.member.values, additional: c.member.additional, uniqueId: c.member.uniqueId }).where(and(eq(batchRows.batchId, roster.batch.id), eq(batchRows.rowIndex, c.rowIndex)));
    }
    const firstNew = b.recordCount;
    await insertBatchRows(tx as never, plan.added.map((m, i) => ({ batchId: roster.batch.id, rowIndex: firstNew + i, ...m })));
    if (plan.removed.length) await tx.update(batchRows).set({ retiredAt: now }).where(and(eq(batchRows.batchId, roster.batch.id), inArray(batchRows.rowIndex, plan.removed)));
    await tx.update(batches).set({ recordCount: firstNew + plan.added.length, rowsDone: firstNew + plan.added.length }).where(eq(batches.id, roster.batch.id));
    const toScreen = [...plan.changed.map((c) => c.rowIndex), ...plan.added.map((_, i) => firstNew + i)].sort((x, y) => x - y);
    const runId = toScreen.length ? await insertMembersRun(tx as never, { rosterId: roster.rosterId, clientId: roster.clientId, rowIndexes: toScreen, rosterVersionId: v.id, now }) : null;
    const [applied] = await tx.update(rosterVersions).set({ status: 'applied', decidedByUserId: caller.userId, decidedAt: now }).where(eq(rosterVersions.id, v.id)).returning();
    await recordAudit(tx as never, { action: 'monitoring.roster-version-applied', actorUserId: caller.userId, clientId: roster.clientId, target: `roster:${roster.rosterId}`, details: { versionId: v.id, fileName: v.fileName, added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length, runId } });
    return { applied, runId };
  });
  if (outcome.runId) await queueRun(ctx, outcome.runId);
  return toVersion(ctx, outcome.applied);
}

/** POST …/versions/:versionId/discard: the roster stays as it is. */
export async function discardVersion(ctx: AppContext, caller: BatchCaller, rosterId: number, versionId: number): Promise<RosterVersion> {
  const { roster } = await versionOf(ctx, caller, rosterId, versionId);
  const [done] = await ctx.db
    .update(rosterVersions)
    .set({ status: 'discarded', decidedByUserId: caller.userId, decidedAt: ctx.now() })
    .where(and(eq(rosterVersions.id, versionId), eq(rosterVersions.status, 'pending')))
    .returning();
  if (!done) throw new AppError('CONFLICT', ROSTER_INTAKE_MESSAGES.versionDecided);
  await recordAudit(ctx.db, { action: 'monitoring.roster-version-discarded', actorUserId: caller.userId, clientId: roster.clientId, target: `roster:${roster.rosterId}`, details: { versionId, fileName: done.fileName } });
  return toVersion(ctx, done);
}
