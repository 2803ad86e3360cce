/**
 * Review decisions (spec §4): any status other than the current one, per record or in bulk,
 * with an optional note; CLEARED NPI records and SSDMF rows not found never change. Every
 * change leaves a history entry and an audit entry (ADR 015).
 */
import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '#shared/results';
import { canChangeStatus, type ResultTabType, type ReviewStatus } from '#shared/review-status';
import type { AppContext } from '../app-context';
import type { BatchRow } from '../batches/public';
import { users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { lastHistoryId, patchFacets } from './facets';
import { groupsByKeys, resultsByIds, type ResultRow } from './page-queries';
import { lockResults, writeStatusChange } from './review-queries';
import { toScGroup } from './record-views';
import { rowOfSsnCheckId, ssnChecksOf } from './ssn-checks';

export interface Reviewer {
  userId: number;
  ip: string | null;
}

export interface ChangeOutcome {
  rows: ResultRow[];
  scGroups: ReturnType<typeof toScGroup>[];
}

/** Changes the status of the given results of one tab; answers them and their groups, fresh. */
export async function changeStatus(
  ctx: AppContext,
  reviewer: Reviewer,
  batch: BatchRow,
  resultType: ResultTabType,
  ids: readonly number[],
  input: { newStatus: ReviewStatus; comment: string },
): Promise<ChangeOutcome> {
  if (batch.status !== 'Completed') throw new AppError('CONFLICT', REVIEW_MESSAGES.batchNotReady);
  const [user] = await ctx.db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reviewer.userId));
  if (!user) throw notFound('The user');
  // SSNs not in the DMF that the chunks keep (ssn-checks.ts) never change, as their stored results did not.
  const checkRows = resultType === 'ssdmf' ? ids.map(rowOfSsnCheckId).filter((r): r is number => r !== null) : [];
  if (checkRows.length) {
    const missing = () => notFound(ids.length === 1 ? 'The record' : 'One of the records');
    if ((await ssnChecksOf(ctx.db, batch.id, checkRows)).length !== new Set(checkRows).size) throw missing();
    const storedIds = ids.filter((id) => rowOfSsnCheckId(id) === null);
    if ((await resultsByIds(ctx.db, batch.id, resultType, storedIds)).length !== new Set(storedIds).size) throw missing();
    throw new AppError('CONFLICT', REVIEW_MESSAGES.ssdmfNotFoundFixed);
  }
  const note = input.comment.trim() || null;
  const historyBefore = await lastHistoryId(ctx.db, batch.id);
  let changed: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const current = await lockResults(tx as never, batch.id, resultType, ids);
    if (current.length !== ids.length) throw notFound(ids.length === 1 ? 'The record' : 'One of the records');
    for (const r of current) {
      if (resultType === 'npi' && !canChangeStatus('npi', r.review_status)) throw new AppError('CONFLICT', REVIEW_MESSAGES.npiClearedFixed);
      if (resultType === 'ssdmf' && !canChangeStatus('ssdmf', r.review_status, r.found === true)) throw new AppError('CONFLICT', REVIEW_MESSAGES.ssdmfNotFoundFixed);
    }
    // In bulk, records already in the chosen status are left alone; one record must change.
    const targets = current.filter((r) => r.review_status !== input.newStatus).map((r) => ({ id: r.id, from: r.review_status }));
    if (ids.length === 1 && targets.length === 0) throw new AppError('CONFLICT', REVIEW_MESSAGES.sameStatus);
    changed = targets.map((x) => x.id);
    await writeStatusChange(tx as never, {
      clientId: batch.clientId,
      batchId: batch.id,
      resultType,
      targets,
      to: input.newStatus,
      note,
      user: { id: reviewer.userId, username: user.username, name: `${user.firstName} ${user.lastName}`.trim() || user.username },
      ip: reviewer.ip,
      now: ctx.now(),
    });
  });
  await patchFacets(ctx.db, batch, resultType, changed, input.newStatus, historyBefore, changed.length);
  const rows = await resultsByIds(ctx.db, batch.id, resultType, ids);
  const keys = [...new Set(rows.map((r) => r.search_criteria_key))];
  const groups = await groupsByKeys(ctx.db, batch.id, resultType, keys);
  return { rows, scGroups: groups.map(toScGroup) };
}
